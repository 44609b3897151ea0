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
import { minutesText } from '../features/kids/parent-lock';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { trpc } from '../trpc';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Puts a profile the server answered into the family's cached answer, so the screen shows it at once. */
function useShowProfile() {
  const utils = trpc.useUtils();
  return (updated: KidProfileView) =>
    utils.family.get.setData(undefined, (family) => family && { ...family, profiles: family.profiles.map((profile) => (profile.id === updated.id ? updated : profile)) });
}

/** The parent PIN every paired device asks for, and the time zone days are counted in. */
function FamilySettings({ hasPin, timeZone }: { hasPin: boolean; timeZone: string }) {
  const utils = trpc.useUtils();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.family.settings.useMutation({
    onSuccess: (family) => {
      utils.family.get.setData(undefined, family);
      setPin('');
      toast(hasPin ? 'PIN changed' : 'PIN set', 'Every paired device asks for it.');
    },
    onError: (failure) => setError(refusalMessage(failure, 'The PIN could not be saved. Please try again.')),
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
            {hasPin ? 'Parent PIN' : 'First, a parent PIN'}
          </Title>
          <Text size="sm" c="dimmed">
            Paired devices ask for it to leave the Kids Zone. Days and bedtimes count in {timeZone === 'UTC' && !hasPin ? browserZone() : timeZone}.
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <PasswordInput
              label={hasPin ? 'New PIN (4 digits)' : 'PIN (4 digits)'}
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
              {hasPin ? 'Change' : 'Set PIN'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function AddChild() {
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
    onError: (failure) => toast('Not added', refusalMessage(failure, 'Please try again.'), 'error'),
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
            Add a child
          </Title>
          <Text size="sm" c="dimmed">
            A first name or a nickname is enough: no e-mail, nothing that tracks the child.
          </Text>
          <TextInput label="Name or nickname" value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={40} required />
          <Group grow>
            <Select
              label="Avatar"
              data={KID_AVATARS.map((value) => ({ value, label: `${KID_AVATAR_EMOJI[value]} ${value}` }))}
              value={avatar}
              onChange={(value) => value && setAvatar(value as KidAvatar)}
              allowDeselect={false}
            />
            <Select label="Age" data={KID_AGE_BANDS.map((value) => ({ value, label: `${value} years` }))} value={ageBand} onChange={(value) => value && setAgeBand(value as KidAgeBand)} allowDeselect={false} />
          </Group>
          <NumberInput
            label="Daily play time (minutes)"
            description="Empty: no limit."
            min={1}
            max={KID_DAILY_MINUTES_MAX}
            allowDecimal={false}
            value={minutes}
            onChange={(value) => setMinutes(typeof value === 'number' ? value : '')}
          />
          <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
            Add child
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function PairDevice({ profile }: { profile: KidProfileView }) {
  const showProfile = useShowProfile();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pair = trpc.family.pairDevice.useMutation({
    onSuccess: (updated) => {
      setCode('');
      showProfile(updated);
      toast('Device paired', `It now follows ${profile.name}'s settings.`);
    },
    onError: (failure) => setError(refusalMessage(failure, 'The device could not be paired. Please try again.').replace(/^(code|pin): /, '')),
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
          label="Pair a device: the code it shows"
          description="On the child's device: Kids Zone → Parent settings → Pair with a parent's phone."
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
          Pair
        </Button>
      </Group>
    </form>
  );
}

function Activity({ profileId }: { profileId: number }) {
  const activity = trpc.family.activity.useQuery({ id: profileId });
  if (!activity.data) return <Skeleton height={60} />;
  const rows = activity.data.week;
  if (rows.length === 0) return <Text size="sm" c="dimmed">No play in the last 7 days.</Text>;
  const today = new Map(activity.data.today.map((row) => [row.gameId, row.ms]));
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="activity">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Game</Table.Th>
          <Table.Th>Today</Table.Th>
          <Table.Th>7 days</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.gameId}>
            <Table.Td>{row.title}</Table.Td>
            <Table.Td>{today.has(row.gameId) ? minutesText(today.get(row.gameId)!) : '–'}</Table.Td>
            <Table.Td>{minutesText(row.ms)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ApprovedGames({ profile }: { profile: KidProfileView }) {
  const showProfile = useShowProfile();
  const games = trpc.kids.games.useQuery({});
  const save = trpc.family.approvedGames.useMutation({ onSuccess: showProfile });
  return (
    <MultiSelect
      label="Approved games"
      placeholder="Pick games"
      searchable
      data={(games.data ?? []).map((game) => ({ value: String(game.id), label: game.title }))}
      value={profile.approvedGameIds.map(String)}
      onChange={(values) => save.mutate({ id: profile.id, gameIds: values.map(Number) })}
    />
  );
}

function ProfileCard({ profile }: { profile: KidProfileView }) {
  const utils = trpc.useUtils();
  const showProfile = useShowProfile();
  const update = trpc.family.updateProfile.useMutation({ onSuccess: showProfile, onError: (failure) => toast('Not saved', refusalMessage(failure, 'Please try again.'), 'error') });
  const addTime = trpc.family.addTime.useMutation({
    onSuccess: (updated) => {
      showProfile(updated);
      toast('Time added', `${profile.name} can play a little longer today.`);
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
                {profile.ageBand} years
              </Text>
            </div>
          </Group>
          {today.bedtimeNow && <Badge color="indigo">Bedtime now</Badge>}
        </Group>

        <Text data-testid="today">
          Today: {today.playedMs === 0 ? 'nothing played yet' : `${minutesText(today.playedMs)} played`}
          {today.remainingMs !== null && ` · ${today.remainingMs === 0 ? "time's up" : `${minutesText(today.remainingMs)} left`}`}
        </Text>
        <Group gap="xs">
          {[5, 15, 30].map((extra) => (
            <Button key={extra} size="xs" variant="light" loading={addTime.isPending} onClick={() => addTime.mutate({ id: profile.id, minutes: extra })}>
              +{extra} min today
            </Button>
          ))}
        </Group>

        {silent.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="A device stopped reporting" data-testid="silent-device">
            {silent.map((device) => device.label).join(', ')} has not been heard from since{' '}
            {new Date(silent[0]!.lastSeenAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. It may be switched off, or its
            site data was cleared, which unpairs it (the child's time and settings stay here). Pair it again with a new code, and remove
            the old entry.
          </Alert>
        )}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Paired devices
          </Text>
          {profile.devices.length === 0 && (
            <Text size="sm" c="dimmed">
              None yet.
            </Text>
          )}
          {profile.devices.map((device) => (
            <Group key={device.id} justify="space-between" wrap="nowrap" data-testid="paired-device">
              <Text size="sm">
                {device.label} {device.silent ? <Badge color="orange" size="xs">not reporting</Badge> : <Badge color="teal" size="xs">active</Badge>}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => removeDevice.mutate({ id: profile.id, deviceId: device.id })}>
                Remove
              </Button>
            </Group>
          ))}
          <PairDevice profile={profile} />
        </Stack>

        <Stack gap="xs">
          <Text fw={600} size="sm">
            Limits
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <NumberInput
              label="Daily play time (minutes)"
              placeholder="No limit"
              min={1}
              max={KID_DAILY_MINUTES_MAX}
              allowDecimal={false}
              value={minutes}
              onChange={(value) => setMinutes(typeof value === 'number' ? value : '')}
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={() => update.mutate({ id: profile.id, dailyMinutes: minutes === '' ? null : minutes })}>
              Save
            </Button>
          </Group>
          <Bedtime profile={profile} onSave={(bedtime) => update.mutate({ id: profile.id, bedtime })} />
          <Switch
            label="Allow cartoon violence (games rated 7+ with cartoon fights)"
            checked={profile.allowCartoonViolence}
            onChange={(event) => update.mutate({ id: profile.id, allowCartoonViolence: event.currentTarget.checked })}
          />
          <Switch
            label="Approved games only"
            checked={profile.approvedOnly}
            onChange={(event) => update.mutate({ id: profile.id, approvedOnly: event.currentTarget.checked })}
          />
          {profile.approvedOnly && <ApprovedGames profile={profile} />}
        </Stack>

        <Stack gap={4}>
          <Text fw={600} size="sm">
            Play time this week
          </Text>
          <Activity profileId={profile.id} />
        </Stack>

        <Group justify="space-between">
          <Anchor href={`/api/kids/profiles/${profile.id}/export`} size="sm">
            <IconDownload size={14} aria-hidden /> Download {profile.name}'s data
          </Anchor>
          {confirmDelete ? (
            <Group gap="xs">
              <Button size="xs" color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: profile.id })}>
                Delete everything
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setConfirmDelete(true)}>
              Delete profile
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Bedtime({ profile, onSave }: { profile: KidProfileView; onSave: (bedtime: { start: string; end: string } | null) => void }) {
  const [on, setOn] = useState(profile.bedtime ? 'on' : 'off');
  const [start, setStart] = useState(profile.bedtime?.start ?? '20:00');
  const [end, setEnd] = useState(profile.bedtime?.end ?? '07:00');
  return (
    <Stack gap={4}>
      <Text size="sm">Bedtime (no play between)</Text>
      <SegmentedControl
        size="xs"
        data={[
          { value: 'off', label: 'No bedtime' },
          { value: 'on', label: 'Bedtime' },
        ]}
        value={on}
        onChange={(value) => {
          setOn(value);
          if (value === 'off') onSave(null);
        }}
      />
      {on === 'on' && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput type="time" label="From" value={start} onChange={(event) => setStart(event.currentTarget.value)} style={{ flex: 1 }} />
          <TextInput type="time" label="Until" value={end} onChange={(event) => setEnd(event.currentTarget.value)} style={{ flex: 1 }} />
          <Button variant="light" onClick={() => onSave({ start, end })}>
            Save
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
  usePageTitle('Kids Zone for parents');
  const { user, loading } = useAuth();
  const family = trpc.family.get.useQuery(undefined, { enabled: Boolean(user), refetchInterval: 30_000 });

  return (
    <Container size="sm">
      <PageHeader title="Kids Zone for parents" description="Your children's profiles, their devices and their limits." icon={<IconMoodKid size={28} />} />
      {loading || (user && family.isPending) ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={140} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Stack>
      ) : !user ? (
        <EmptyState icon={<IconLogin size={30} />} action={<SignInButton radius="xl">Sign In</SignInButton>}>
          Sign in to set up the Kids Zone for your children: their limits then follow every device you pair.
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
        <Alert color="red">The Kids Zone settings could not be loaded. Please try again.</Alert>
      )}
    </Container>
  );
}
