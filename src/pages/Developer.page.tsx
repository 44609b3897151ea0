import { lazy, Suspense, useState } from 'react';
import { Anchor, Badge, Box, Container, Drawer, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconCode, IconCoin, IconReportMoney, IconKey, IconList, IconRocket, IconSend, IconShieldCheck, IconWebhook } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { REVENUE_SHARE } from '../../shared/constants';
import type { DevGame } from '../../shared/schemas';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { ApiKeys } from '../features/developer/ApiKeys';
import { Earnings } from '../features/developer/Earnings';
import { DeveloperSubmitForm } from '../features/developer/DeveloperSubmitForm';
import { GameBuilds } from '../features/developer/GameBuilds';
import { MyGames } from '../features/developer/MyGames';
import { Webhooks } from '../features/developer/Webhooks';
import { usePageTitle } from '../features/usePageTitle';
import { useUpdateSearchParams } from '../features/useUpdateSearchParams';
import { trpc } from '../trpc';

// The Analytics tab brings its charts (recharts) and their styles only when it is opened.
const loadAnalytics = () => import('../features/developer/Analytics');
const Analytics = lazy(async () => ({ default: (await loadAnalytics()).Analytics }));

const perks = [
  {
    icon: IconCoin,
    color: 'yellow',
    title: `${REVENUE_SHARE.developerPercent}% revenue share`,
    text: `You keep ${REVENUE_SHARE.developerPercent}% of the ad revenue your games earn. Payouts on the ${REVENUE_SHARE.payoutDay}th of every month from $${REVENUE_SHARE.minimumPayoutCents / 100}.`,
  },
  { icon: IconRocket, color: 'violet', title: 'Fast review', text: 'Games are reviewed in 1-3 business days and go live within 24-48 hours.' },
  { icon: IconChartBar, color: 'teal', title: 'Real analytics', text: 'Follow plays and ratings for every game you publish.' },
  { icon: IconShieldCheck, color: 'blue', title: 'Secure by default', text: 'Games run in a sandboxed frame from origins you register.' },
];

function Pitch() {
  return (
    <Stack gap="xl">
      <Paper
        radius="xl"
        p={{ base: 'lg', sm: 48 }}
        style={{ background: 'linear-gradient(120deg, #312e81, #7c3aed 55%, #db2777)', color: '#fff' }}
      >
        <Badge color="white" c="violet.8" variant="filled">
          For developers
        </Badge>
        <Title order={2} c="white" fz={{ base: 26, sm: 38 }} mt="sm" maw={620}>
          Bring your HTML5 game to millions of players
        </Title>
        <Text mt="sm" maw={560} c="rgba(255,255,255,0.9)">
          Sign in with your e-mail to submit games, follow their review and see how players enjoy them.
        </Text>
        <SignInButton mt="lg" size="md" radius="xl" variant="white" color="dark">
          Sign In to get started
        </SignInButton>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {perks.map((perk) => (
          <Paper key={perk.title} withBorder radius="lg" p="lg">
            <ThemeIcon color={perk.color} variant="light" size={42} radius="md" aria-hidden>
              <perk.icon size={22} />
            </ThemeIcon>
            <Title order={3} size="h5" mt="sm">
              {perk.title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {perk.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A game's builds (issue #24), over My Games; its id is in the address (?builds=12), so Back closes it and a reload keeps it. */
function BuildsDrawer({ games }: { games: DevGame[] | undefined }) {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const id = Number(params.get('builds'));
  const game = games?.find((entry) => entry.id === id);
  const close = () => updateParams((next) => next.delete('builds'));
  return (
    <Drawer
      opened={Boolean(game)}
      onClose={close}
      position="right"
      size="min(100%, 760px)"
      title={game ? `Builds of ${game.title}` : ''}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {game && <GameBuilds key={game.id} game={game} />}
    </Drawer>
  );
}

function Portal() {
  const [params] = useSearchParams();
  // Opened at a game's builds (?builds=12), the page shows My Games under them.
  const [tab, setTab] = useState<string | null>(() => (params.has('builds') ? 'games' : 'submit'));
  const myGames = trpc.developer.myGames.useQuery();
  const updateParams = useUpdateSearchParams();
  const openBuilds = (game: DevGame) => updateParams((next) => next.set('builds', String(game.id)));
  return (
    <>
      <BuildsDrawer games={myGames.data} />
      <Tabs value={tab} onChange={setTab} keepMounted={false} radius="md" styles={{ tab: { flexShrink: 0 } }}>
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="submit" leftSection={<IconSend size={16} />}>
            Submit Game
          </Tabs.Tab>
          <Tabs.Tab
            value="games"
            leftSection={<IconList size={16} />}
            rightSection={myGames.data ? <Badge size="xs" variant="light" circle>{myGames.data.length}</Badge> : null}
          >
            My Games
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="earnings" leftSection={<IconReportMoney size={16} />}>
            Earnings
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
            Webhooks
          </Tabs.Tab>
          <Tabs.Tab value="keys" leftSection={<IconKey size={16} />}>
            API Keys
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="submit">
          <Box maw={760}>
            <DeveloperSubmitForm onSubmitted={() => setTab('games')} />
          </Box>
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <MyGames games={myGames.data} loading={myGames.isPending} onSubmitNew={() => setTab('submit')} onOpenBuilds={openBuilds} />
        </Tabs.Panel>
        <Tabs.Panel value="earnings">
          <Earnings />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <Webhooks />
        </Tabs.Panel>
        <Tabs.Panel value="keys">
          <Stack maw={760} gap="sm">
            <Text size="sm">
              What you can call with them, with samples and a Try it console, is in the{' '}
              <Anchor component={Link} to="/api-docs">
                API documentation
              </Anchor>
              .
            </Text>
            <ApiKeys />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <Suspense fallback={<Skeleton height={220} radius="lg" aria-label="Loading analytics" />}>
            <Analytics games={myGames.data} loading={myGames.isPending} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export function DeveloperPage() {
  usePageTitle('Developer Portal');
  const { user, loading } = useAuth();
  return (
    <Container size="xl">
      <PageHeader
        title="Developer Portal"
        description={user ? `Signed in as ${user.email}` : 'Publish, track and grow your games.'}
        icon={<IconCode size={28} />}
      />
      {loading ? (
        <Stack aria-busy="true" data-testid="developer-skeleton">
          <Skeleton height={36} width={360} />
          <Skeleton height={420} radius="lg" />
        </Stack>
      ) : user ? (
        <Portal />
      ) : (
        <Pitch />
      )}
    </Container>
  );
}
