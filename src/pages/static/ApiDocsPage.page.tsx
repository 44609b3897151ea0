import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Badge, Card, Code, Container, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import {
  IconApi,
  IconBook,
  IconChartBar,
  IconCode,
  IconDeviceGamepad2,
  IconInfoCircle,
  IconKey,
  IconPuzzle,
  IconSparkles,
  IconUsers,
} from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { API_KEY_PLACEHOLDER, API_VERSION, apiBaseUrl } from './apiDocsContent';
import { CopyTextButton } from './CopyTextButton';
import { IconCard, PageHeader, usePageTitle, type IconItem } from './components';
import { SignInButton } from '../../components/SignInButton/SignInButton';
import { useAuth } from '../../features/auth/AuthProvider';
import { trpc } from '../../trpc';

// The overview comes with the page; the other tabs' code (the reference with its Try it forms, the
// examples and the SDK's code samples) loads when a tab is opened, and a signed-in reader's key
// manager (with its popover) when it is shown.
const EndpointsTab = lazy(async () => ({ default: (await import('./ApiReference')).EndpointsTab }));
const ExamplesTab = lazy(async () => ({ default: (await import('./ApiGuides')).ExamplesTab }));
const SdkTab = lazy(async () => ({ default: (await import('./ApiGuides')).SdkTab }));
const ApiKeys = lazy(async () => ({ default: (await import('../../features/developer/ApiKeys')).ApiKeys }));

const TabLoading = () => <Skeleton h={400} radius="md" />;

const CAPABILITIES: readonly IconItem[] = [
  {
    icon: IconDeviceGamepad2,
    title: 'Game management',
    body: 'List your games, submit new ones for review and update titles, descriptions and thumbnails.',
    color: 'blue',
  },
  {
    icon: IconChartBar,
    title: 'Analytics & stats',
    body: 'Read plays, unique players, session length, retention, revenue and audience for each of your games.',
    color: 'teal',
  },
  {
    icon: IconUsers,
    title: 'User integration',
    body: 'Track per-player gameplay events from your game, and connect to the portal with the Game SDK.',
    color: 'grape',
  },
];

/**
 * The API's base URL on this portal. The first render (on the server, and the hydration after it)
 * uses the page's own origin implicitly; the browser then fills the origin in for copying.
 */
function useApiBaseUrl() {
  const origin = useSyncExternalStore(
    () => () => {},
    () => window.location.origin,
    () => '',
  );
  return apiBaseUrl(origin);
}

function OverviewTab({ apiKey, onApiKeyChange, baseUrl }: { apiKey: string; onApiKeyChange: (key: string) => void; baseUrl: string }) {
  const { user, loading } = useAuth();

  return (
    <Stack gap="xl">
      <Alert variant="light" color="blue" icon={<IconInfoCircle />} title={`${PORTAL_NAME} API ${API_VERSION}`}>
        Generate a key below (you need to be signed in), then call the API with it from your server, your build tools or
        the Try it buttons of this page. The Game SDK (last tab) needs no key.
      </Alert>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group gap="sm">
            <IconKey size={20} />
            <Title order={2} fz="lg">
              Your API key
            </Title>
          </Group>
          <TextInput
            label="API key"
            description="The Try it buttons call the API with this key. It stays in this page."
            placeholder={API_KEY_PLACEHOLDER}
            value={apiKey}
            onChange={(event) => onApiKeyChange(event.currentTarget.value)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
            autoComplete="off"
          />
          {loading ? null : user ? (
            <Suspense fallback={<Skeleton h={36} />}>
              <ApiKeys onCreated={onApiKeyChange} />
            </Suspense>
          ) : (
            <Group gap="sm" justify="space-between">
              <Text c="dimmed" fz="sm" style={{ flex: '1 1 260px' }}>
                Sign in to generate a key: keys belong to your account, and the games you submit with them are yours.
              </Text>
              <SignInButton leftSection={<IconSparkles size={16} />}>Generate Key</SignInButton>
            </Group>
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            Base URL
          </Title>
          <Text c="dimmed" fz="sm" mb="sm">
            All endpoints are relative to this URL. The version is part of the path.
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
              {baseUrl}
            </Code>
            <CopyTextButton value={baseUrl} variant="subtle" />
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            Authentication
          </Title>
          <Text c="dimmed" fz="sm" mb="sm">
            Send your API key as a Bearer token in the Authorization header of every request.
          </Text>
          <Code block fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {`Authorization: Bearer ${apiKey || API_KEY_PLACEHOLDER}`}
          </Code>
        </Card>
      </SimpleGrid>

      <div>
        <Title order={2} fz="lg" mb="md">
          What you can do
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {CAPABILITIES.map((item) => (
            <IconCard key={item.title} {...item} />
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}

/** The tabs a link may open (`/api-docs?tab=sdk`: the build checks send a developer to the SDK guide). */
const TABS = ['overview', 'games', 'analytics', 'examples', 'sdk'] as const;

export function ApiDocsPage() {
  usePageTitle('API Documentation');
  const [params] = useSearchParams();
  const openedTab = TABS.find((tab) => tab === params.get('tab')) ?? 'overview';
  const [apiKey, setApiKey] = useState('');
  const baseUrl = useApiBaseUrl();
  const { user } = useAuth();
  // The Try it examples name the reader's own newest game when they have one.
  const myGames = trpc.developer.myGames.useQuery(undefined, { enabled: Boolean(user) });
  const exampleId = String(myGames.data?.[0]?.id ?? 42);

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconApi}
        color="indigo"
        title="API Documentation"
        subtitle={`Manage your games, read their analytics and connect your game to ${PORTAL_NAME}.`}
      >
        <Group justify="center" gap="xs">
          <Badge variant="light" size="lg" tt="none">
            Version {API_VERSION}
          </Badge>
          <Badge variant="light" color="gray" size="lg" tt="none">
            REST · JSON
          </Badge>
        </Group>
      </PageHeader>

      <Tabs defaultValue={openedTab} keepMounted={false} mt="md">
        <Tabs.List mb="xl">
          <Tabs.Tab value="overview" leftSection={<IconBook size={16} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="games" leftSection={<IconDeviceGamepad2 size={16} />}>
            Games API
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="examples" leftSection={<IconCode size={16} />}>
            Examples
          </Tabs.Tab>
          <Tabs.Tab value="sdk" leftSection={<IconPuzzle size={16} />}>
            Game SDK
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="overview">
          <OverviewTab apiKey={apiKey} onApiKeyChange={setApiKey} baseUrl={baseUrl} />
        </Tabs.Panel>
        <Tabs.Panel value="games">
          <Suspense fallback={<TabLoading />}>
            <EndpointsTab
              intro="List, submit and update your games. Submitted games are reviewed before they go live."
              group="games"
              apiKey={apiKey}
              baseUrl={baseUrl}
              exampleId={exampleId}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <Suspense fallback={<TabLoading />}>
            <EndpointsTab
              intro="Read statistics about your games and record custom gameplay events."
              group="analytics"
              apiKey={apiKey}
              baseUrl={baseUrl}
              exampleId={exampleId}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="examples">
          <Suspense fallback={<TabLoading />}>
            <ExamplesTab baseUrl={baseUrl} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="sdk">
          <Suspense fallback={<TabLoading />}>
            <SdkTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
