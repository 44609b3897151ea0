import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import type { KidProfileView } from '../../../../shared/schemas';
import { refusalMessage } from '../../errors';
import { FormattedMessage, useIntl } from '../../../i18n';
import { toast } from '../../../notify';
import { trpc } from '../../../trpc';
import { useShowProfile } from './family-shared';

export function PairDevice({ profile }: { profile: KidProfileView }) {
  const intl = useIntl();
  const showProfile = useShowProfile();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pair = trpc.family.pairDevice.useMutation({
    onSuccess: (updated) => {
      setCode('');
      showProfile(updated);
      toast(
        intl.formatMessage({ id: 'family.devicePaired', defaultMessage: 'Device paired' }),
        intl.formatMessage({ id: 'family.devicePairedText', defaultMessage: "It now follows {name}'s settings." }, { name: profile.name }),
      );
    },
    onError: (failure) =>
      setError(
        refusalMessage(failure, intl.formatMessage({ id: 'family.pairFailed', defaultMessage: 'The device could not be paired. Please try again.' })).replace(
          /^(code|pin): /,
          '',
        ),
      ),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        pair.mutate({ id: profile.id, code });
      }}
    >
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={intl.formatMessage({ id: 'family.pairLabel', defaultMessage: 'Pair a device: the code it shows' })}
          description={intl.formatMessage({
            id: 'family.pairHelp',
            defaultMessage: "On the child's device: Kids Zone → Parent settings → Pair with a parent's phone.",
          })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconDeviceMobile size={16} aria-hidden />} disabled={code.replace(/\s/g, '').length !== 6} loading={pair.isPending}>
          <FormattedMessage id="family.pair" defaultMessage="Pair" />
        </Button>
      </Group>
    </form>
  );
}
