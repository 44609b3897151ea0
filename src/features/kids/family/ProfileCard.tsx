import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, MultiSelect, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { KID_AVATAR_EMOJI, KID_DAILY_MINUTES_MAX } from '../../../../shared/kids-family';
import type { KidProfileView } from '../../../../shared/schemas';
import { refusalMessage } from '../../errors';
import { FormattedMessage, useIntl } from '../../../i18n';
import { toast } from '../../../notify';
import { trpc } from '../../../trpc';
import { formatPlayMinutes } from '../minutes-text';
import { Activity } from './Activity';
import { Bedtime } from './Bedtime';
import { familyMessages, useShowProfile } from './family-shared';
import { DeviceList } from './DeviceList';

function ApprovedGames({ profile }: { profile: KidProfileView }) {
  const showProfile = useShowProfile();
  const intl = useIntl();
  const games = trpc.kids.games.useQuery({});
  const save = trpc.family.approvedGames.useMutation({ onSuccess: showProfile });
  return (
    <MultiSelect
      label={intl.formatMessage({ id: 'family.approvedGames', defaultMessage: 'Approved games' })}
      placeholder={intl.formatMessage({ id: 'family.pickGames', defaultMessage: 'Pick games' })}
      searchable
      data={(games.data ?? []).map((game) => ({ value: String(game.id), label: game.title }))}
      value={profile.approvedGameIds.map(String)}
      onChange={(values) => save.mutate({ id: profile.id, gameIds: values.map(Number) })}
    />
  );
}

export function ProfileCard({ profile }: { profile: KidProfileView }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const showProfile = useShowProfile();
  const update = trpc.family.updateProfile.useMutation({
    onSuccess: showProfile,
    onError: (failure) =>
      toast(intl.formatMessage({ id: 'family.notSaved', defaultMessage: 'Not saved' }), refusalMessage(failure, intl.formatMessage(familyMessages.tryAgain)), 'error'),
  });
  const addTime = trpc.family.addTime.useMutation({
    onSuccess: (updated) => {
      showProfile(updated);
      toast(
        intl.formatMessage({ id: 'family.timeAdded', defaultMessage: 'Time added' }),
        intl.formatMessage({ id: 'family.timeAddedText', defaultMessage: '{name} can play a little longer today.' }, { name: profile.name }),
      );
    },
  });
  const remove = trpc.family.deleteProfile.useMutation({ onSuccess: () => void utils.family.get.invalidate() });
  const [minutes, setMinutes] = useState<number | ''>(profile.dailyMinutes ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { today } = profile;

  return (
    <Card withBorder radius="lg" padding="md" data-testid={`profile-${profile.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text fz={32} aria-hidden>
              {KID_AVATAR_EMOJI[profile.avatar]}
            </Text>
            <div>
              <Title order={2} fz="lg">
                {profile.name}
              </Title>
              <Text size="xs" c="dimmed">
                <FormattedMessage id="family.ageBand" defaultMessage="{band} years" values={{ band: profile.ageBand }} />
              </Text>
            </div>
          </Group>
          {today.bedtimeNow && (
            <Badge color="indigo">
              <FormattedMessage id="family.bedtimeNow" defaultMessage="Bedtime now" />
            </Badge>
          )}
        </Group>

        <Text data-testid="today">
          {today.playedMs === 0 ? (
            <FormattedMessage id="family.todayNothing" defaultMessage="Today: nothing played yet" />
          ) : (
            <FormattedMessage id="family.todayPlayed" defaultMessage="Today: {time} played" values={{ time: formatPlayMinutes(intl, today.playedMs) }} />
          )}
          {today.remainingMs !== null && ' · '}
          {today.remainingMs === 0 && <FormattedMessage id="family.timesUp" defaultMessage="time's up" />}
          {today.remainingMs !== null && today.remainingMs > 0 && (
            <FormattedMessage id="family.timeLeft" defaultMessage="{time} left" values={{ time: formatPlayMinutes(intl, today.remainingMs) }} />
          )}
        </Text>
        <Group gap="xs">
          {[5, 15, 30].map((extra) => (
            <Button key={extra} size="xs" variant="light" loading={addTime.isPending} onClick={() => addTime.mutate({ id: profile.id, minutes: extra })}>
              <FormattedMessage id="family.addMinutes" defaultMessage="+{minutes} min today" values={{ minutes: extra }} />
            </Button>
          ))}
        </Group>

        <DeviceList profile={profile} />

        <Stack gap="xs">
          <Text fw={600} size="sm">
            <FormattedMessage id="family.limits" defaultMessage="Limits" />
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <NumberInput
              label={intl.formatMessage(familyMessages.dailyMinutes)}
              placeholder={intl.formatMessage(familyMessages.noLimit)}
              min={1}
              max={KID_DAILY_MINUTES_MAX}
              allowDecimal={false}
              value={minutes}
              onChange={(value) => setMinutes(typeof value === 'number' ? value : '')}
              style={{ flex: 1 }}
            />
            <Button variant="light" style={{ flexShrink: 0 }} onClick={() => update.mutate({ id: profile.id, dailyMinutes: minutes === '' ? null : minutes })}>
              {intl.formatMessage(familyMessages.save)}
            </Button>
          </Group>
          <Bedtime profile={profile} onSave={(bedtime) => update.mutate({ id: profile.id, bedtime })} />
          <Switch
            label={intl.formatMessage({ id: 'family.allowCartoon', defaultMessage: 'Allow cartoon violence (games rated 7+ with cartoon fights)' })}
            checked={profile.allowCartoonViolence}
            onChange={(event) => update.mutate({ id: profile.id, allowCartoonViolence: event.currentTarget.checked })}
          />
          <Switch
            label={intl.formatMessage({ id: 'family.approvedOnly', defaultMessage: 'Approved games only' })}
            checked={profile.approvedOnly}
            onChange={(event) => update.mutate({ id: profile.id, approvedOnly: event.currentTarget.checked })}
          />
          {profile.approvedOnly && <ApprovedGames profile={profile} />}
          <Switch
            label={intl.formatMessage({ id: 'family.onlinePlay', defaultMessage: 'Online play with friends' })}
            description={intl.formatMessage({
              id: 'family.onlinePlayHint',
              defaultMessage: 'Only with a friend who has the invite link: rooms are invite-only, never with strangers, and there is no chat.',
            })}
            checked={profile.onlinePlay}
            onChange={(event) => update.mutate({ id: profile.id, onlinePlay: event.currentTarget.checked })}
          />
        </Stack>

        <Stack gap={4}>
          <Text fw={600} size="sm">
            <FormattedMessage id="family.weekTitle" defaultMessage="Play time this week" />
          </Text>
          <Activity profileId={profile.id} />
        </Stack>

        <Group justify="space-between">
          <Anchor href={`/api/kids/profiles/${profile.id}/export`} size="sm">
            <IconDownload size={14} aria-hidden />{' '}
            <FormattedMessage id="family.download" defaultMessage="Download {name}'s data" values={{ name: profile.name }} />
          </Anchor>
          {confirmDelete ? (
            <Group gap="xs">
              <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: profile.id })}>
                <FormattedMessage id="family.deleteEverything" defaultMessage="Delete everything" />
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                {intl.formatMessage(familyMessages.cancel)}
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              <FormattedMessage id="family.deleteProfile" defaultMessage="Delete profile" />
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
