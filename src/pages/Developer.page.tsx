import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Anchor, Badge, Box, Container, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconCode, IconCoin, IconReportMoney, IconKey, IconList, IconRocket, IconSend, IconShieldCheck, IconWebhook } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { defineMessages, FormattedMessage, useIntl } from '../i18n';
import { DeveloperMessages } from '../i18n/DeveloperMessages';
import { REVENUE_SHARE } from '../../shared/constants';
import type { DevGame } from '../../shared/schemas';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { TabLoading } from '../components/TabLoading/TabLoading';
import { useAuth } from '../features/auth/AuthProvider';
import { usePageTitle } from '../features/usePageTitle';
import { useUpdateSearchParams } from '../features/useUpdateSearchParams';
import { trpc } from '../trpc';

// The portal is for signed-in developers: each tab's code (the Analytics tab's charts, recharts and
// their styles too) loads when the tab is first shown, and the builds drawer when a game's is opened.
// A visitor who is not signed in gets the pitch alone.
const DeveloperSubmitForm = lazy(async () => ({ default: (await import('../features/developer/DeveloperSubmitForm')).DeveloperSubmitForm }));
const MyGames = lazy(async () => ({ default: (await import('../features/developer/MyGames')).MyGames }));
const Analytics = lazy(async () => ({ default: (await import('../features/developer/Analytics')).Analytics }));
const Earnings = lazy(async () => ({ default: (await import('../features/developer/Earnings')).Earnings }));
const Webhooks = lazy(async () => ({ default: (await import('../features/developer/Webhooks')).Webhooks }));
const ApiKeys = lazy(async () => ({ default: (await import('../features/developer/ApiKeys')).ApiKeys }));
const BuildsDrawer = lazy(async () => ({ default: (await import('../features/developer/BuildsDrawer')).BuildsDrawer }));

const text = defineMessages({
  title: { id: 'developer.portal.title', defaultMessage: 'Developer Portal' },
  description: { id: 'developer.portal.description', defaultMessage: 'Publish, track and grow your games.' },
  reviewTitle: { id: 'developer.perks.reviewTitle', defaultMessage: 'Fast review' },
  reviewText: { id: 'developer.perks.reviewText', defaultMessage: 'Games are reviewed in 1-3 business days and go live within 24-48 hours.' },
  analyticsTitle: { id: 'developer.perks.analyticsTitle', defaultMessage: 'Real analytics' },
  analyticsText: { id: 'developer.perks.analyticsText', defaultMessage: 'Follow plays and ratings for every game you publish.' },
  secureTitle: { id: 'developer.perks.secureTitle', defaultMessage: 'Secure by default' },
  secureText: { id: 'developer.perks.secureText', defaultMessage: 'Games run in a sandboxed frame from origins you register.' },
  loadingAnalytics: { id: 'developer.portal.loadingAnalytics', defaultMessage: 'Loading analytics' },
});

const apiDocsLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/api-docs">
    {chunks}
  </Anchor>
);

function Pitch() {
  const intl = useIntl();
  const percent = intl.formatNumber(REVENUE_SHARE.developerPercent / 100, { style: 'percent' });
  const minimum = intl.formatNumber(REVENUE_SHARE.minimumPayoutCents / 100, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const perks = [
    {
      icon: IconCoin,
      color: 'yellow',
      title: intl.formatMessage({ id: 'developer.perks.shareTitle', defaultMessage: '{percent} revenue share' }, { percent }),
      text: intl.formatMessage(
        {
          id: 'developer.perks.shareText',
          defaultMessage:
            'You keep {percent} of the ad revenue your games earn. Payouts on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of every month from {minimum}.',
        },
        { percent, day: REVENUE_SHARE.payoutDay, minimum },
      ),
    },
    { icon: IconRocket, color: 'violet', title: intl.formatMessage(text.reviewTitle), text: intl.formatMessage(text.reviewText) },
    { icon: IconChartBar, color: 'teal', title: intl.formatMessage(text.analyticsTitle), text: intl.formatMessage(text.analyticsText) },
    { icon: IconShieldCheck, color: 'blue', title: intl.formatMessage(text.secureTitle), text: intl.formatMessage(text.secureText) },
  ];
  return (
    <Stack gap="xl">
      <Paper
        radius="xl"
        p={{ base: 'lg', sm: 48 }}
        style={{ background: 'linear-gradient(120deg, #312e81, #7c3aed 55%, #db2777)', color: '#fff' }}
      >
        <Badge color="white" c="violet.8" variant="filled">
          <FormattedMessage id="developer.pitch.badge" defaultMessage="For developers" />
        </Badge>
        <Title order={2} c="white" fz={{ base: 26, sm: 38 }} mt="sm" maw={620}>
          <FormattedMessage id="developer.pitch.title" defaultMessage="Bring your HTML5 game to millions of players" />
        </Title>
        <Text mt="sm" maw={560} c="rgba(255,255,255,0.9)">
          <FormattedMessage id="developer.pitch.text" defaultMessage="Sign in with your e-mail to submit games, follow their review and see how players enjoy them." />
        </Text>
        <SignInButton mt="lg" size="md" radius="xl" variant="white" color="dark">
          <FormattedMessage id="developer.pitch.signIn" defaultMessage="Sign In to get started" />
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

function Portal() {
  const intl = useIntl();
  const [params] = useSearchParams();
  // Opened at a game's builds (?builds=12), the page shows My Games under them.
  const [tab, setTab] = useState<string | null>(() => (params.has('builds') ? 'games' : 'submit'));
  const myGames = trpc.developer.myGames.useQuery();
  const updateParams = useUpdateSearchParams();
  const openBuilds = (game: DevGame) => updateParams((next) => next.set('builds', String(game.id)));
  // The drawer's code loads when a game's builds are first opened, then stays for its closing animation.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (params.has('builds') && !drawerLoaded) setDrawerLoaded(true);
  return (
    <>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <BuildsDrawer games={myGames.data} />
        </Suspense>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false} radius="md" styles={{ tab: { flexShrink: 0 } }}>
        <Tabs.List mb="lg" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="submit" leftSection={<IconSend size={16} />}>
            <FormattedMessage id="developer.tabs.submit" defaultMessage="Submit Game" />
          </Tabs.Tab>
          <Tabs.Tab
            value="games"
            leftSection={<IconList size={16} />}
            rightSection={myGames.data ? <Badge size="xs" variant="light" circle>{myGames.data.length}</Badge> : null}
          >
            <FormattedMessage id="developer.tabs.games" defaultMessage="My Games" />
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
            <FormattedMessage id="developer.tabs.analytics" defaultMessage="Analytics" />
          </Tabs.Tab>
          <Tabs.Tab value="earnings" leftSection={<IconReportMoney size={16} />}>
            <FormattedMessage id="developer.tabs.earnings" defaultMessage="Earnings" />
          </Tabs.Tab>
          <Tabs.Tab value="webhooks" leftSection={<IconWebhook size={16} />}>
            <FormattedMessage id="developer.tabs.webhooks" defaultMessage="Webhooks" />
          </Tabs.Tab>
          <Tabs.Tab value="keys" leftSection={<IconKey size={16} />}>
            <FormattedMessage id="developer.tabs.keys" defaultMessage="API Keys" />
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="submit">
          <Box maw={760}>
            <Suspense fallback={<TabLoading height={{ base: 1822, sm: 1294 }} />}>
              <DeveloperSubmitForm onSubmitted={() => setTab('games')} />
            </Suspense>
          </Box>
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <Suspense fallback={<TabLoading height={{ base: 232, sm: 207 }} />}>
            <MyGames games={myGames.data} loading={myGames.isPending} onSubmitNew={() => setTab('submit')} onOpenBuilds={openBuilds} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="earnings">
          <Suspense fallback={<TabLoading height={{ base: 450, sm: 294 }} />}>
            <Earnings />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <Suspense fallback={<TabLoading height={{ base: 765, sm: 636 }} />}>
            <Webhooks />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="keys">
          <Stack maw={760} gap="sm">
            <Text size="sm">
              <FormattedMessage
                id="developer.keys.docsLink"
                defaultMessage="What you can call with them, with samples and a Try it console, is in the <link>API documentation</link>."
                values={{ link: apiDocsLink }}
              />
            </Text>
            <Suspense fallback={<TabLoading height={{ base: 140, sm: 110 }} />}>
              <ApiKeys />
            </Suspense>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <Suspense fallback={<Skeleton height={220} radius="lg" aria-label={intl.formatMessage(text.loadingAnalytics)} />}>
            <Analytics games={myGames.data} loading={myGames.isPending} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export function DeveloperPage() {
  return (
    <DeveloperMessages>
      <DeveloperPortal />
    </DeveloperMessages>
  );
}

function DeveloperPortal() {
  const intl = useIntl();
  const title = intl.formatMessage(text.title);
  usePageTitle(title);
  const { user, loading } = useAuth();
  return (
    <Container size="xl">
      <PageHeader
        title={title}
        description={user ? intl.formatMessage({ id: 'developer.portal.signedInAs', defaultMessage: 'Signed in as {email}' }, { email: user.email }) : intl.formatMessage(text.description)}
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
