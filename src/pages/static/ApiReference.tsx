/** The endpoint reference tabs of the API documentation page: each operation's card, with its Try it call. */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Code, FileInput, Group, JsonInput, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc';
import { CodeBlock } from './CodeBlock';
import { CopyTextButton } from './CopyTextButton';
import {
  OPENAPI_DOCUMENT_PATH,
  curlCommand,
  examplePath,
  json,
  referenceFromOpenApi,
  type ApiReference,
  type Endpoint,
  type OpenApiDocument,
  type Param,
} from './apiReference';

const METHOD_COLORS: Record<string, string> = { GET: 'teal', POST: 'blue', PUT: 'orange', DELETE: 'red' };

async function fetchReference(): Promise<ApiReference> {
  const response = await fetch(OPENAPI_DOCUMENT_PATH);
  if (!response.ok) throw new Error(`${OPENAPI_DOCUMENT_PATH} answered ${response.status}`);
  return referenceFromOpenApi((await response.json()) as OpenApiDocument);
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
  const [buildId, setBuildId] = useState('1');
  const [body, setBody] = useState(() => exampleBody(endpoint, exampleId));
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const [sending, setSending] = useState(false);
  const utils = trpc.useUtils();
  const send = async () => {
    if (!apiKey) {
      setAnswer({ error: 'Enter or generate an API key in the Overview tab first.' });
      return;
    }
    if (endpoint.fileBody && !file) {
      setAnswer({ error: 'Choose the build’s .zip first.' });
      return;
    }
    setSending(true);
    try {
      const response = await fetch(`${baseUrl}${examplePath(endpoint, id, buildId)}`, {
        method: endpoint.method,
        headers: {
          Authorization: `Bearer ${apiKey}`,
          ...(endpoint.fileBody ? { 'Content-Type': 'application/zip' } : body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: endpoint.fileBody ? file : body,
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
        {endpoint.pathParams.length > 0 && (
          <Group gap="sm">
            <TextInput label="Game id" value={id} onChange={(event) => setId(event.currentTarget.value)} inputMode="numeric" maw={200} />
            {endpoint.path.includes(':buildId') && (
              <TextInput label="Build id" value={buildId} onChange={(event) => setBuildId(event.currentTarget.value)} inputMode="numeric" maw={200} />
            )}
          </Group>
        )}
        {endpoint.fileBody && <FileInput label="Build (.zip)" placeholder="Choose the game’s .zip" accept=".zip,application/zip" value={file} onChange={setFile} clearable maw={360} />}
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
          <CopyTextButton value={curlCommand(endpoint, { apiKey, baseUrl, id, buildId, body: compactBody })} label="Copy curl" variant="default" />
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

/** Every status the document declares for the operation, errors included. */
function ResponsesTable({ responses }: { responses: Endpoint['responses'] }) {
  return (
    <div>
      <Text fw={600} fz="sm" mb={6}>
        Responses
      </Text>
      <Table withTableBorder verticalSpacing={6} fz="sm">
        <Table.Tbody>
          {responses.map((response) => (
            <Table.Tr key={response.status}>
              <Table.Td w={80}>
                <Code>{response.status}</Code>
              </Table.Td>
              <Table.Td>{response.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The document's Markdown `code` spans, as code. */
function withInlineCode(text: string) {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part));
}

function EndpointCard({ endpoint, apiKey, baseUrl, exampleId }: { endpoint: Endpoint; apiKey: string; baseUrl: string; exampleId: string }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} id={endpoint.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Group gap="sm" wrap="nowrap">
              <Badge color={METHOD_COLORS[endpoint.method] ?? 'gray'} radius="sm" size="lg" variant="filled" miw={64} style={{ flexShrink: 0 }}>
                {endpoint.method}
              </Badge>
              <Code fz="md" fw={600} bg="transparent" p={0} style={{ overflowWrap: 'anywhere' }}>
                {endpoint.path}
              </Code>
            </Group>
            <Title order={2} fz="lg">
              {endpoint.heading}
            </Title>
            <Text c="dimmed" fz="sm" lh={1.6}>
              {withInlineCode(endpoint.description)}
            </Text>
          </Stack>
        </Group>

        {endpoint.pathParams.length > 0 && <ParamTable title="Path parameters" params={endpoint.pathParams} />}
        {endpoint.query.length > 0 && <ParamTable title="Query parameters" params={endpoint.query} />}
        {endpoint.body.length > 0 && <ParamTable title="Request body (JSON)" params={endpoint.body} />}

        <SimpleGrid cols={{ base: 1, md: endpoint.request === undefined ? 1 : 2 }} spacing="md">
          {endpoint.request !== undefined && (
            <CodeBlock language="json" title="Request" code={json(endpoint.request)} />
          )}
          {endpoint.response !== undefined && (
            <CodeBlock language="json" title={`Response · ${endpoint.successStatus}`} code={json(endpoint.response)} />
          )}
        </SimpleGrid>
        <ResponsesTable responses={endpoint.responses} />
        {/* Keyed by the example id: the reader's first game arrives after the first render. */}
        <TryIt key={exampleId} endpoint={endpoint} apiKey={apiKey} baseUrl={baseUrl} exampleId={exampleId} />
      </Stack>
    </Card>
  );
}

/** One tab of the reference: its operations, read from the OpenAPI document when the tab first opens. */
export function EndpointsTab({
  intro,
  group,
  apiKey,
  baseUrl,
  exampleId,
}: {
  intro: string;
  group: keyof ApiReference;
  apiKey: string;
  baseUrl: string;
  exampleId: string;
}) {
  const reference = useQuery({ queryKey: ['openapi-reference'], queryFn: fetchReference, staleTime: Infinity });
  return (
    <Stack gap="lg">
      <Text c="dimmed">{intro}</Text>
      {reference.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : reference.isError ? (
        <Alert variant="light" color="red" icon={<IconInfoCircle />} title="The endpoint reference could not be loaded">
          Reload the page to try again, or read the{' '}
          <Anchor href={OPENAPI_DOCUMENT_PATH} fz="sm">
            OpenAPI document
          </Anchor>{' '}
          itself.
        </Alert>
      ) : (
        reference.data[group].map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} apiKey={apiKey} baseUrl={baseUrl} exampleId={exampleId} />
        ))
      )}
    </Stack>
  );
}
