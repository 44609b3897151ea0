import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceMobile, IconDownload, IconLogin, IconMoodKid, IconTrash } from '@tabler/icons-react';
import { KID_AGE_BANDS, KID_AVATAR_EMOJI, KID_AVATARS, KID_DAILY_MINUTES_MAX, type KidAgeBand, type KidAvatar } from '../../shared/kids-family';
import type { KidProfileView } from '../../shared/schemas';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { refusalMessage } from '../features/errors';
import { formatPlayMinutes } from '../features/kids/minutes-text';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { defineMessages, FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const messages = defineMessages({
  tryAgain: { id: 'family.tryAgain', defaultMessage: 'Please try again.' },
  dailyMinutes: { id: 'parentDialogs.budgetLabel', defaultMessage: 'Daily play time (minutes)' },
  noLimit: { id: 'parentDialogs.noLimit', defaultMessage: 'No limit' },
  save: { id: 'parentDialogs.save', defaultMessage: 'Save' },
  cancel: { id: 'parentDialogs.cancel', defaultMessage: 'Cancel' },
  title: { id: 'family.title', defaultMessage: 'Kids Zone for parents' },
});

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Puts a profile the server answered into the family's cached answer, so the screen shows it at once. */
function useShowProfile() {
  const utils = trpc.useUtils();
  return (updated: KidProfileView) =>
    utils.family.get.setData(undefined, (family) => family && { ...family, profiles: family.profiles.map((profile) => (profile.id === updated.id ? updated : profile)) });
}

/** The parent PIN every paired device asks for, and the time zone days are counted in. */
function FamilySettings({ hasPin, timeZone }: { hasPin: boolean; timeZone: string }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.family.settings.useMutation({
    onSuccess: (family) => {
      utils.family.get.setData(undefined, family);
      setPin('');
      toast(
        hasPin
          ? intl.formatMessage({ id: 'family.pinChanged', defaultMessage: 'PIN changed' })
          : intl.formatMessage({ id: 'family.pinSet', defaultMessage: 'PIN set' }),
        intl.formatMessage({ id: 'family.pinAskedFor', defaultMessage: 'Every paired device asks for it.' }),
      );
    },
    onError: (failure) =>
      setError(refusalMessage(failure, intl.formatMessage({ id: 'family.pinNotSaved', defaultMessage: 'The PIN could not be saved. Please try again.' }))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The first PIN also sets the time zone to this phone's: days and bedtimes are counted in it.
    save.mutate({ pin, ...(hasPin ? {} : { timeZone: browserZone() }) });
  };
  return (
    <Card withBorder radius="lg" padding="md">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {hasPin ? (
              <FormattedMessage id="kidsLocked.pinLabel" defaultMessage="Parent PIN" />
            ) : (
              <FormattedMessage id="family.firstPin" defaultMessage="First, a parent PIN" />
            )}
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="family.pinIntro"
              defaultMessage="Paired devices ask for it to leave the Kids Zone. Days and bedtimes count in {timeZone}."
              values={{ timeZone: timeZone === 'UTC' && !hasPin ? browserZone() : timeZone }}
            />
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <PasswordInput
              label={
                hasPin
                  ? intl.formatMessage({ id: 'kidsLocked.newPinLabel', defaultMessage: 'New PIN (4 digits)' })
                  : intl.formatMessage({ id: 'family.pinLabel', defaultMessage: 'PIN (4 digits)' })
              }
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={4}
              value={pin}
              onChange={(event) => {
                setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));
                setError(null);
              }}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={pin.length !== 4} loading={save.isPending}>
              {hasPin ? <FormattedMessage id="family.changePin" defaultMessage="Change" /> : <FormattedMessage id="family.setPin" defaultMessage="Set PIN" />}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function AddChild() {
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
      toast(intl.formatMessage({ id: 'family.notAdded', defaultMessage: 'Not added' }), refusalMessage(failure, intl.formatMessage(messages.tryAgain)), 'error'),
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
            label={intl.formatMessage(messages.dailyMinutes)}
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

function PairDevice({ profile }: { profile: KidProfileView }) {
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

function Activity({ profileId }: { profileId: number }) {
  const intl = useIntl();
  const activity = trpc.family.activity.useQuery({ id: profileId });
  if (!activity.data) return <Skeleton height={60} />;
  const rows = activity.data.week;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="family.noPlay" defaultMessage="No play in the last 7 days." />
      </Text>
    );
  }
  const today = new Map(activity.data.today.map((row) => [row.gameId, row.ms]));
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="activity">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <FormattedMessage id="family.colGame" defaultMessage="Game" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="family.colToday" defaultMessage="Today" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="family.colWeek" defaultMessage="7 days" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.gameId}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{today.has(row.gameId) ? formatPlayMinutes(intl, today.get(row.gameId)!) : '–'}</Table.Td>
            <Table.Td>{formatPlayMinutes(intl, row.ms)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

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

function ProfileCard({ profile }: { profile: KidProfileView }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const showProfile = useShowProfile();
  const update = trpc.family.updateProfile.useMutation({
    onSuccess: showProfile,
    onError: (failure) =>
      toast(intl.formatMessage({ id: 'family.notSaved', defaultMessage: 'Not saved' }), refusalMessage(failure, intl.formatMessage(messages.tryAgain)), 'error'),
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
  const removeDevice = trpc.family.removeDevice.useMutation({ onSuccess: showProfile });
  const remove = trpc.family.deleteProfile.useMutation({ onSuccess: () => void utils.family.get.invalidate() });
  const [minutes, setMinutes] = useState<number | ''>(profile.dailyMinutes ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { today } = profile;
  const silent = profile.devices.filter((device) => device.silent);

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

        {silent.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}             title={intl.formatMessage({ id: 'family.silentTitle', defaultMessage: 'A device stopped reporting' })}
            data-testid="silent-device"
          >
            <FormattedMessage
              id="family.silentText"
              defaultMessage="{devices} has not been heard from since {time}. It may be switched off, or its site data was cleared, which unpairs it (the child's time and settings stay here). Pair it again with a new code, and remove the old entry."
              values={{
                devices: intl.formatList(silent.map((device) => device.label)),
                time: intl.formatTime(silent[0]!.lastSeenAt, { hour: '2-digit', minute: '2-digit' }),
              }}
            />
          </Alert>
        )}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <FormattedMessage id="family.pairedDevices" defaultMessage="Paired devices" />
          </Text>
          {profile.devices.length === 0 && (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="family.noneYet" defaultMessage="None yet." />
            </Text>
          )}
          {profile.devices.map((device) => (
            <Group key={device.id} justify="space-between" wrap="nowrap" data-testid="paired-device">
              <Text size="sm">
                {device.label} {device.silent ? (
                  <Badge color="orange" size="xs">
                    <FormattedMessage id="family.notReporting" defaultMessage="not reporting" />
                  </Badge>
                ) : (
                  <Badge color="teal" size="xs">
                    <FormattedMessage id="family.active" defaultMessage="active" />
                  </Badge>
                )}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => removeDevice.mutate({ id: profile.id, deviceId: device.id })}>
                <FormattedMessage id="family.remove" defaultMessage="Remove" />
              </Button>
            </Group>
          ))}
          <PairDevice profile={profile} />
        </Stack>

        <Stack gap="xs">
          <Text fw={600} size="sm">
            <FormattedMessage id="family.limits" defaultMessage="Limits" />
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <NumberInput
              label={intl.formatMessage(messages.dailyMinutes)}
              placeholder={intl.formatMessage(messages.noLimit)}
              min={1}
              max={KID_DAILY_MINUTES_MAX}
              allowDecimal={false}
              value={minutes}
              onChange={(value) => setMinutes(typeof value === 'number' ? value : '')}
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={() => update.mutate({ id: profile.id, dailyMinutes: minutes === '' ? null : minutes })}>
              {intl.formatMessage(messages.save)}
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
                {intl.formatMessage(messages.cancel)}
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

function Bedtime({ profile, onSave }: { profile: KidProfileView; onSave: (bedtime: { start: string; end: string } | null) => void }) {
  const intl = useIntl();
  const [on, setOn] = useState(profile.bedtime ? 'on' : 'off');
  const [start, setStart] = useState(profile.bedtime?.start ?? '20:00');
  const [end, setEnd] = useState(profile.bedtime?.end ?? '07:00');
  return (
    <Stack gap={4}>
      <Text size="sm">
        <FormattedMessage id="family.bedtimeLabel" defaultMessage="Bedtime (no play between)" />
      </Text>
      <SegmentedControl
        size="xs"
        data={[
          { value: 'off', label: intl.formatMessage({ id: 'family.noBedtime', defaultMessage: 'No bedtime' }) },
          { value: 'on', label: intl.formatMessage({ id: 'family.bedtime', defaultMessage: 'Bedtime' }) },
        ]}
        value={on}
        onChange={(value) => {
          setOn(value);
          if (value === 'off') onSave(null);
        }}
      />
      {on === 'on' && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput type="time" label={intl.formatMessage({ id: 'family.from', defaultMessage: 'From' })} value={start} onChange={(event) => setStart(event.currentTarget.value)} style={{ flex: 1 }} />
          <TextInput type="time" label={intl.formatMessage({ id: 'family.until', defaultMessage: 'Until' })} value={end} onChange={(event) => setEnd(event.currentTarget.value)} style={{ flex: 1 }} />
          <Button variant="light" onClick={() => onSave({ start, end })}>
            {intl.formatMessage(messages.save)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * /family: the Kids Zone for parents (issue #26), made for a phone. A signed-in parent sets a PIN,
 * adds child profiles, pairs each child's device with the code it shows, and sets the limits every
 * paired device follows; today's and the week's play time, added time, export and delete.
 */
export function FamilyPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const { user, loading } = useAuth();
  const family = trpc.family.get.useQuery(undefined, { enabled: Boolean(user), refetchInterval: 30_000 });

  return (
    <Container size="sm">
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage({ id: 'family.description', defaultMessage: "Your children's profiles, their devices and their limits." })}
        icon={<IconMoodKid size={28} />} />
      {loading || (user && family.isPending) ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={140} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Stack>
      ) : !user ? (
        <EmptyState
          icon={<IconLogin size={30} />}
          action={
            <SignInButton radius="xl">
              <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
            </SignInButton>
          }
        >
          <FormattedMessage
            id="family.signInPrompt"
            defaultMessage="Sign in to set up the Kids Zone for your children: their limits then follow every device you pair."
          />
        </EmptyState>
      ) : family.data ? (
        <Stack gap="md" mb="xl">
          <FamilySettings hasPin={family.data.hasPin} timeZone={family.data.timeZone} />
          {family.data.profiles.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} />
          ))}
          <AddChild />
        </Stack>
      ) : (
        <Alert color="red">
          <FormattedMessage id="family.loadFailed" defaultMessage="The Kids Zone settings could not be loaded. Please try again." />
        </Alert>
      )}
    </Container>
  );
}
