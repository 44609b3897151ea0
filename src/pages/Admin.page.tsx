import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconClock, IconDeviceGamepad2, IconFlag, IconLock, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ReportStatus } from '../../shared/constants';
import { useAuth } from '../features/auth/AuthProvider';
import { TabLoading } from '../components/TabLoading/TabLoading';
import { PendingGames } from '../features/admin/PendingGames';
import { waitingForReview } from '../features/admin/review-count';
import { usePageTitle } from '../features/usePageTitle';
import { trpc } from '../trpc';
import { FormattedMessage, useIntl } from '../i18n';
import { DeveloperMessages } from '../i18n/DeveloperMessages';

// The dashboard opens on Pending Games; every other tab's code loads when the tab is first opened.
const BuildReview = lazy(async () => ({ default: (await import('../features/admin/BuildReview')).BuildReview }));
const ReportsList = lazy(async () => ({ default: (await import('../features/admin/ReportsList')).ReportsList }));
const MessagesList = lazy(async () => ({ default: (await import('../features/admin/MessagesList')).MessagesList }));
const ScoresAndRatings = lazy(async () => ({ default: (await import('../features/admin/ScoresAndRatings')).ScoresAndRatings }));
const AllGames = lazy(async () => ({ default: (await import('../features/admin/AllGames')).AllGames }));
const UsersList = lazy(async () => ({ default: (await import('../features/admin/UsersList')).UsersList }));
const Revenue = lazy(async () => ({ default: (await import('../features/admin/Revenue')).Revenue }));
const Feeds = lazy(async () => ({ default: (await import('../features/admin/Feeds')).Feeds }));

function StatCard({ label, value, icon, color }: { label: string; value: React.ReactNode; icon: React.ReactNode; color: string }) {
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          {/* Wraps rather than truncates: on a phone's half-width card "Pending Review" lost its meaning. */}
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
            {label}
          </Text>
          <Text fz={30} fw={800} lh={1.2} mt={4}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden style={{ flexShrink: 0 }}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <ThemeIcon size={72} radius="xl" color="red" variant="light" aria-hidden>
          <IconLock size={38} />
        </ThemeIcon>
        <Title order={1}>
          <FormattedMessage id="admin.denied.title" defaultMessage="Access Denied" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="admin.denied.text" defaultMessage="This area is restricted to administrators only." />
        </Text>
        <Group>
          <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />}>
            <FormattedMessage id="admin.denied.home" defaultMessage="Back to Home" />
          </Button>
          {!signedIn && (
            <Button component={Link} to="/admin-login" variant="default">
              <FormattedMessage id="admin.denied.login" defaultMessage="Admin Login" />
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}

function Dashboard({ name, selfId }: { name: string; selfId: number }) {
  const intl = useIntl();
  const [status, setStatus] = useState<ReportStatus>('OPEN');
  const pending = trpc.admin.pendingGames.useQuery();
  const builds = trpc.builds.pending.useQuery();
  const reports = trpc.admin.reports.useQuery({ status });
  const openMessages = trpc.messages.list.useQuery({ status: 'OPEN', page: 1 });
  const stats = trpc.admin.stats.useQuery();
  const openCount = reports.data?.filter((report) => report.status === 'OPEN').length;
  const waiting = waitingForReview(pending.data, builds.data);

  return (
    <Container size="xl">
      <Group justify="space-between" mt="lg" mb="lg" align="flex-end">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="lg" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} aria-hidden>
            <IconShieldLock size={28} />
          </ThemeIcon>
          <div>
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              <FormattedMessage id="admin.title" defaultMessage="Admin Dashboard" />
            </Title>
            <Text c="dimmed">
              <FormattedMessage id="admin.welcome" defaultMessage="Welcome back, {name}" values={{ name }} />
            </Text>
          </div>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, md: 4 }} mb="xl">
        <StatCard label={intl.formatMessage({ id: 'admin.stats.pending', defaultMessage: 'Pending Review' })} value={waiting ?? '–'} icon={<IconClock size={22} />} color="yellow" />
        <StatCard label={intl.formatMessage({ id: 'admin.stats.reports', defaultMessage: 'Open Reports' })} value={openCount ?? '–'} icon={<IconFlag size={22} />} color="red" />
        <StatCard label={intl.formatMessage({ id: 'admin.stats.games', defaultMessage: 'Total Games' })} value={stats.data?.totalGames ?? '–'} icon={<IconDeviceGamepad2 size={22} />} color="violet" />
        <StatCard label={intl.formatMessage({ id: 'admin.stats.users', defaultMessage: 'Active Users' })} value={stats.data?.activeUsers ?? '–'} icon={<IconUsers size={22} />} color="teal" />
      </SimpleGrid>

      <Tabs defaultValue="pending" keepMounted={false} styles={{ tab: { flexShrink: 0 } }}>
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="pending" rightSection={<Badge size="sm" variant="light">{pending.data?.length ?? 0}</Badge>}>
            <FormattedMessage id="admin.tabs.pending" defaultMessage="Pending Games" />
          </Tabs.Tab>
          <Tabs.Tab value="builds" rightSection={<Badge size="sm" variant="light" color="grape">{builds.data?.length ?? 0}</Badge>}>
            <FormattedMessage id="admin.tabs.builds" defaultMessage="Builds" />
          </Tabs.Tab>
          <Tabs.Tab value="reports" rightSection={<Badge size="sm" variant="light" color="red">{reports.data?.length ?? 0}</Badge>}>
            <FormattedMessage id="admin.tabs.reports" defaultMessage="Reports" />
          </Tabs.Tab>
          <Tabs.Tab value="messages" rightSection={<Badge size="sm" variant="light" color="orange">{openMessages.data?.total ?? 0}</Badge>}>
            <FormattedMessage id="admin.tabs.messages" defaultMessage="Messages" />
          </Tabs.Tab>
          <Tabs.Tab value="moderation"><FormattedMessage id="admin.tabs.moderation" defaultMessage="Scores & Ratings" /></Tabs.Tab>
          <Tabs.Tab value="games"><FormattedMessage id="admin.tabs.games" defaultMessage="All Games" /></Tabs.Tab>
          <Tabs.Tab value="users"><FormattedMessage id="admin.tabs.users" defaultMessage="Users" /></Tabs.Tab>
          <Tabs.Tab value="revenue"><FormattedMessage id="admin.tabs.revenue" defaultMessage="Revenue" /></Tabs.Tab>
          <Tabs.Tab value="feeds"><FormattedMessage id="admin.tabs.feeds" defaultMessage="Feeds" /></Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending">
          <PendingGames games={pending.data} loading={pending.isPending} builds={builds.data} />
        </Tabs.Panel>
        <Tabs.Panel value="builds">
          <Suspense fallback={<TabLoading height={160} />}>
            <BuildReview builds={builds.data} loading={builds.isPending} failed={builds.isError} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="reports">
          <Suspense fallback={<TabLoading height={236} />}>
            <ReportsList status={status} onStatusChange={setStatus} reports={reports.data} loading={reports.isPending} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <Suspense fallback={<TabLoading height={504} />}>
            <MessagesList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="moderation">
          <Suspense fallback={<TabLoading height={682} />}>
            <ScoresAndRatings />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <Suspense fallback={<TabLoading height={397} />}>
            <AllGames />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="revenue">
          <Suspense fallback={<TabLoading height={{ base: 823, sm: 729 }} />}>
            <Revenue />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="feeds">
          <Suspense fallback={<TabLoading height={1106} />}>
            <Feeds />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <Suspense fallback={<TabLoading height={{ base: 505, sm: 421 }} />}>
            <UsersList selfId={selfId} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

export function AdminPage() {
  return (
    <DeveloperMessages>
      <Admin />
    </DeveloperMessages>
  );
}

function Admin() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.title', defaultMessage: 'Admin Dashboard' }));
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <Container size="xl" pt="lg" aria-busy="true" data-testid="admin-skeleton">
        <Skeleton height={52} width={320} />
        <SimpleGrid cols={{ base: 2, md: 4 }} mt="lg">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={96} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={300} radius="lg" mt="xl" />
      </Container>
    );
  }
  if (user?.role !== 'ADMIN') return <AccessDenied signedIn={Boolean(user)} />;
  return <Dashboard name={user.name || user.email} selfId={user.id} />;
}
