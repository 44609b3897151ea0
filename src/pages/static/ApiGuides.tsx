/** The guides of the API documentation page, kept as prose: the client samples and limits, and the Game SDK. */
import { Link } from 'react-router-dom';
import { Anchor, Card, Code, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconBook, IconCode, IconDeviceGamepad2, IconGauge, IconPuzzle, IconShieldLock, IconTerminal2 } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import {
  BEST_PRACTICES,
  jsClientSample,
  RATE_LIMITS,
  SDK_GAME_MESSAGE_SAMPLE,
  SDK_METHODS,
  SDK_PORTAL_MESSAGE_SAMPLE,
  SDK_SCRIPT_SAMPLE,
  SDK_SECURITY_NOTES,
  SDK_USAGE_SAMPLE,
  unitySample,
} from './apiDocsContent';
import { CodeBlock } from './CodeBlock';
import { BulletList, SectionTitle } from './components';

export function ExamplesTab({ baseUrl }: { baseUrl: string }) {
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

export function SdkTab() {
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

