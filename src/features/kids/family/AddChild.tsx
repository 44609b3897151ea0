import { useState } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { KID_AGE_BANDS, KID_AVATAR_EMOJI, KID_AVATARS, KID_DAILY_MINUTES_MAX, type KidAgeBand, type KidAvatar } from '../../../../shared/kids-family';
import { refusalMessage } from '../../errors';
import { FormattedMessage, useIntl } from '../../../i18n';
import { toast } from '../../../notify';
import { trpc } from '../../../trpc';
import { familyMessages } from './family-shared';

export function AddChild() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [avatar, setAvatar] = useState<KidAvatar>('fox');
  const [ageBand, setAgeBand] = useState<KidAgeBand>('6-8');
  const [minutes, setMinutes] = useState<number | ''>(60);
  const create = trpc.family.createProfile.useMutation({
    onSuccess: () => {
      setName('');
      void utils.family.get.invalidate();
    },
    onError: (failure) =>
      toast(intl.formatMessage({ id: 'family.notAdded', defaultMessage: 'Not added' }), refusalMessage(failure, intl.formatMessage(familyMessages.tryAgain)), 'error'),
  });
  return (
    <Card withBorder radius="lg" padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim(), avatar, ageBand, dailyMinutes: minutes === '' ? null : minutes });
        }}
      >
        <Stack gap="xs">
          <Title order={2} fz="lg">
            <FormattedMessage id="family.addChildTitle" defaultMessage="Add a child" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="family.addChildIntro" defaultMessage="A first name or a nickname is enough: no e-mail, nothing that tracks the child." />
          </Text>
          <TextInput
            label={intl.formatMessage({ id: 'family.nameLabel', defaultMessage: 'Name or nickname' })}
            value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={40} required />
          <Group grow>
            <Select
              label={intl.formatMessage({ id: 'family.avatarLabel', defaultMessage: 'Avatar' })}
              data={KID_AVATARS.map((value) => ({
                value,
                label: `${KID_AVATAR_EMOJI[value]} ${intl.formatMessage(
                  {
                    id: 'family.avatarName',
                    defaultMessage: '{avatar, select, fox {fox} owl {owl} cat {cat} dog {dog} panda {panda} frog {frog} bunny {bunny} bear {bear} other {{avatar}}}',
                  },
                  { avatar: value },
                )}`,
              }))}
              value={avatar}
              onChange={(value) => value && setAvatar(value as KidAvatar)}
              allowDeselect={false}
            />
            <Select
              label={intl.formatMessage({ id: 'family.ageLabel', defaultMessage: 'Age' })}
              data={KID_AGE_BANDS.map((value) => ({ value, label: intl.formatMessage({ id: 'family.ageBand', defaultMessage: '{band} years' }, { band: value }) }))}
              value={ageBand}
              onChange={(value) => value && setAgeBand(value as KidAgeBand)}
              allowDeselect={false}
            />
          </Group>
          <NumberInput
            label={intl.formatMessage(familyMessages.dailyMinutes)}
            description={intl.formatMessage({ id: 'family.emptyNoLimit', defaultMessage: 'Empty: no limit.' })}
            min={1}
            max={KID_DAILY_MINUTES_MAX}
            allowDecimal={false}
            value={minutes}
            onChange={(value) => setMinutes(typeof value === 'number' ? value : '')}
          />
          <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
            <FormattedMessage id="family.addChild" defaultMessage="Add child" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
