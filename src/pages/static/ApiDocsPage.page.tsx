import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  JsonInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconApi,
  IconBook,
  IconChartBar,
  IconCode,
  IconDeviceGamepad2,
  IconGauge,
  IconInfoCircle,
  IconKey,
  IconPuzzle,
  IconShieldLock,
  IconPlayerPlay,
  IconSparkles,
  IconTerminal2,
  IconUsers,
} from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import {
  ANALYTICS_ENDPOINTS,
  API_KEY_PLACEHOLDER,
  API_VERSION,
  BEST_PRACTICES,
  GAMES_ENDPOINTS,
  apiBaseUrl,
  examplePath,
  jsClientSample,
  RATE_LIMITS,
  SDK_GAME_MESSAGE_SAMPLE,
  SDK_METHODS,
  SDK_PORTAL_MESSAGE_SAMPLE,
  SDK_SCRIPT_SAMPLE,
  SDK_SECURITY_NOTES,
  SDK_USAGE_SAMPLE,
  unitySample,
  curlCommand,
  json,
  type Endpoint,
  type HttpMethod,
  type Param,
} from './apiDocsContent';
import {
  BulletList,
  CodeBlock,
  CopyTextButton,
  IconCard,
  PageHeader,
  SectionTitle,
  usePageTitle,
  type IconItem,
} from './components';
import { SignInButton } from '../../components/SignInButton/SignInButton';
import { useAuth } from '../../features/auth/AuthProvider';
import { ApiKeys } from '../../features/developer/ApiKeys';
import { trpc } from '../../trpc';

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

const METHOD_COLORS: Record<HttpMethod, string> = { GET: 'teal', POST: 'blue', PUT: 'orange' };

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

/** What the real API answered a Try it call. */
type TryAnswer = { status: number; statusText: string; body: string } | { error: string };

/** The example request with the reader's game id in it, where it names one. */
function exampleBody(endpoint: Endpoint, id: string): string | undefined {
  if (endpoint.request === undefined) return undefined;
  const request = endpoint.request as Record<string, unknown>;
  return json('game_id' in request && /^\d+$/.test(id) ? { ...request, game_id: Number(id) } : request);
}

/** Calls the endpoint on this portal with the reader's key and shows the answer as it came. */
function TryIt({ endpoint, apiKey, baseUrl, exampleId }: { endpoint: Endpoint; apiKey: string; baseUrl: string; exampleId: string }) {
  const [id, setId] = useState(exampleId);
  const [body, setBody] = useState(() => exampleBody(endpoint, exampleId));
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const utils = trpc.useUtils();
  const send = async () => {
    if (!apiKey) {
      setAnswer({ error: 'Enter or generate an API key in the Overview tab first.' });
      return;
    }
    setSending(true);
    try {
      const response = await fetch(`${baseUrl}${examplePath(endpoint, id)}`, {
        method: endpoint.method,
        headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body,
      });
      const text = await response.text();
      let shown = text;
      try {
        shown = json(JSON.parse(text));
      } catch {
        // Not JSON (an empty 204, a proxy's page): shown as it came.
      }
      setAnswer({ status: response.status, statusText: response.statusText, body: shown });
      // The key's "last used" in the Overview's list has just changed.
      void utils.apikeys.list.invalidate();
    } catch {
      setAnswer({ error: 'The request could not be sent: check your connection.' });
    } finally {
      setSending(false);
    }
  };

  let compactBody = body;
  try {
    if (body !== undefined) compactBody = JSON.stringify(JSON.parse(body));
  } catch {
    // An unfinished edit: copied as typed.
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap="sm">
        {endpoint.pathParams && (
          <TextInput label="Game id" value={id} onChange={(event) => setId(event.currentTarget.value)} inputMode="numeric" maw={200} />
        )}
        {body !== undefined && (
          <JsonInput
            label="Request body"
            value={body}
            onChange={setBody}
            validationError="Invalid JSON"
            autosize
            minRows={4}
            maxRows={14}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
        )}
        <Group gap="xs">
          <Button size="xs" leftSection={<IconPlayerPlay size={14} />} loading={sending} onClick={() => void send()}>
            Try it
          </Button>
          <CopyTextButton value={curlCommand(endpoint, { apiKey, baseUrl, id, body: compactBody })} label="Copy curl" variant="default" />
        </Group>
        <div aria-live="polite">
          {answer &&
            ('error' in answer ? (
              <Text c="red" fz="sm">
                {answer.error}
              </Text>
            ) : (
              <CodeBlock language="json" title={`Answer · ${answer.status} ${answer.statusText}`.trim()} code={answer.body || '(no body)'} />
            ))}
        </div>
      </Stack>
    </Paper>
  );
}

function ParamTable({ title, params }: { title: string; params: readonly Param[] }) {
  return (
    <div>
      <Text fw={600} fz="sm" mb={6}>
        {title}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {params.map((param) => (
              <Table.Tr key={param.name}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Code>{param.name}</Code>
                  {param.required && (
                    <Badge size="xs" color="red" variant="light" ml={6}>
                      required
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {param.type}
                </Table.Td>
                <Table.Td>
                  {param.description}
                  {param.defaultValue && (
                    <Text span c="dimmed" fz="sm">
                      {' '}
                      Default: <Code>{param.defaultValue}</Code>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

function EndpointCard({ endpoint, apiKey, baseUrl, exampleId }: { endpoint: Endpoint; apiKey: string; baseUrl: string; exampleId: string }) {
  return (
    <Card withBorder radius="md" p={{ base: "md", sm: "lg" }} id={endpoint.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Group gap="sm" wrap="nowrap">
              <Badge color={METHOD_COLORS[endpoint.method]} radius="sm" size="lg" variant="filled" miw={64} style={{ flexShrink: 0 }}>
                {endpoint.method}
              </Badge>
              <Code fz="md" fw={600} bg="transparent" p={0} style={{ overflowWrap: 'anywhere' }}>
                {endpoint.path}
              </Code>
            </Group>
            <Title order={2} fz="lg">
              {endpoint.summary}
            </Title>
            <Text c="dimmed" fz="sm" lh={1.6}>
              {endpoint.description}
            </Text>
          </Stack>
        </Group>

        {endpoint.pathParams && <ParamTable title="Path parameters" params={endpoint.pathParams} />}
        {endpoint.query && <ParamTable title="Query parameters" params={endpoint.query} />}
        {endpoint.body && <ParamTable title="Request body (JSON)" params={endpoint.body} />}

        <SimpleGrid cols={{ base: 1, md: endpoint.request === undefined ? 1 : 2 }} spacing="md">
          {endpoint.request !== undefined && (
            <CodeBlock language="json" title="Request" code={json(endpoint.request)} />
          )}
          <CodeBlock language="json" title={`Response · ${endpoint.responseStatus}`} code={json(endpoint.response)} />
        </SimpleGrid>
        {/* Keyed by the example id: the reader's first game arrives after the first render. */}
        <TryIt key={exampleId} endpoint={endpoint} apiKey={apiKey} baseUrl={baseUrl} exampleId={exampleId} />
      </Stack>
    </Card>
  );
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
            <ApiKeys onCreated={onApiKeyChange} />
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

function EndpointsTab({
  intro,
  endpoints,
  apiKey,
  baseUrl,
  exampleId,
}: {
  intro: string;
  endpoints: readonly Endpoint[];
  apiKey: string;
  baseUrl: string;
  exampleId: string;
}) {
  return (
    <Stack gap="lg">
      <Text c="dimmed">{intro}</Text>
      {endpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} apiKey={apiKey} baseUrl={baseUrl} exampleId={exampleId} />
      ))}
    </Stack>
  );
}

function ExamplesTab({ baseUrl }: { baseUrl: string }) {
  return (
    <Stack gap="xl">
      <div>
        <SectionTitle icon={IconCode} title="JavaScript (browser)" description="A small client using fetch." />
        <CodeBlock language="javascript" title="playfree-api.js" code={jsClientSample(baseUrl)} />
      </div>
      <div>
        <SectionTitle
          icon={IconDeviceGamepad2}
          color="grape"
          title="Unity (C#)"
          description="Send gameplay events from a Unity game with UnityWebRequest."
        />
        <CodeBlock language="csharp" title="PlayFreeAnalytics.cs" code={unitySample(baseUrl)} />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <SectionTitle icon={IconGauge} color="orange" title="Rate limits" />
          <Table.ScrollContainer minWidth={360}>
            <Table withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>API</Table.Th>
                  <Table.Th>Limit</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {RATE_LIMITS.map((row) => (
                  <Table.Tr key={row.scope}>
                    <Table.Td>
                      <Text fw={500} fz="sm">
                        {row.scope}
                      </Text>
                      <Text c="dimmed" fz="xs">
                        {row.endpoints}
                      </Text>
                    </Table.Td>
                    <Table.Td fw={600}>{row.limit}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text c="dimmed" fz="sm" mt="sm">
            Limits apply per API key. Every answer carries <Code>X-RateLimit-Limit</Code>, <Code>X-RateLimit-Remaining</Code>{' '}
            and <Code>X-RateLimit-Reset</Code> (seconds until the hour starts again); requests over the limit are answered
            with <Code>429 Too Many Requests</Code> and <Code>Retry-After</Code>.
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <SectionTitle icon={IconShieldLock} color="teal" title="Best practices" />
          <BulletList items={BEST_PRACTICES} color="teal" />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function SdkTab() {
  return (
    <Stack gap="xl">
      <Text c="dimmed">
        The {PORTAL_NAME} Game SDK is a tiny, dependency-free script that connects your game to the portal&apos;s game
        frame: it tells the portal when your game is loaded, when play starts and stops, and about scores and levels, and
        lets the portal pause and mute your game. It needs no API key.
      </Text>

      <div>
        <SectionTitle icon={IconPuzzle} title="1. Include the SDK" />
        <CodeBlock language="html" title="index.html" code={SDK_SCRIPT_SAMPLE} />
        <Text c="dimmed" fz="sm" mt="xs">
          Replace <Code>{'<games origin>'}</Code> with the origin that serves games for this portal. The script defines a
          global <Code>PlayFree</Code> object.
        </Text>
      </div>

      <div>
        <SectionTitle icon={IconCode} title="2. Call it from your game" />
        <CodeBlock language="javascript" title="game.js" code={SDK_USAGE_SAMPLE} />
      </div>

      <div>
        <SectionTitle icon={IconBook} title="Reference" />
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th>What it does</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SDK_METHODS.map((method) => (
                <Table.Tr key={method.signature}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Code>{method.signature}</Code>
                  </Table.Td>
                  <Table.Td>{method.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>

      <div>
        <SectionTitle
          icon={IconTerminal2}
          title="Message protocol"
          description="The SDK talks to the portal with window.postMessage. You only need this if you write your own bridge."
        />
        <SimpleGrid cols={1} spacing="md">
          <CodeBlock language="javascript" title="Game → portal" code={SDK_GAME_MESSAGE_SAMPLE} />
          <CodeBlock language="javascript" title="Portal → game" code={SDK_PORTAL_MESSAGE_SAMPLE} />
        </SimpleGrid>
      </div>

      <Paper withBorder radius="md" p="lg">
        <SectionTitle icon={IconShieldLock} color="teal" title="Security" />
        <BulletList items={SDK_SECURITY_NOTES} color="teal" />
        <Text c="dimmed" fz="sm" mt="md">
          Register your game&apos;s HTTPS origin when you submit it. See the{' '}
          <Anchor component={Link} to="/guidelines" fz="sm">
            game guidelines
          </Anchor>{' '}
          for all requirements.
        </Text>
      </Paper>
    </Stack>
  );
}

export function ApiDocsPage() {
  usePageTitle('API Documentation');
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

      <Tabs defaultValue="overview" keepMounted={false} mt="md">
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
          <EndpointsTab
            intro="List, submit and update your games. Submitted games are reviewed before they go live."
            endpoints={GAMES_ENDPOINTS}
            apiKey={apiKey}
            baseUrl={baseUrl}
            exampleId={exampleId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <EndpointsTab
            intro="Read statistics about your games and record custom gameplay events."
            endpoints={ANALYTICS_ENDPOINTS}
            apiKey={apiKey}
            baseUrl={baseUrl}
            exampleId={exampleId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="examples">
          <ExamplesTab baseUrl={baseUrl} />
        </Tabs.Panel>
        <Tabs.Panel value="sdk">
          <SdkTab />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
