import { useState } from 'react';
import { ActionIcon, Button, Code, Group, Paper, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconSparkles, IconTrash } from '@tabler/icons-react';
import { PUBLIC_API } from '../../../shared/constants';
import type { ApiKeyInfo } from '../../../shared/schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { ShownOnce } from './ShownOnce';
import { FormattedMessage, useIntl } from '../../i18n';

function RevokeButton({ apiKey }: { apiKey: ApiKeyInfo }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const revoke = trpc.apikeys.revoke.useMutation({
    onSuccess: () => {
      setOpened(false);
      void utils.apikeys.list.invalidate();
      toast(
        intl.formatMessage({ id: 'developer.keys.revoked', defaultMessage: 'API key revoked' }),
        intl.formatMessage({ id: 'developer.keys.revokedText', defaultMessage: 'Calls made with it are refused from now on.' }),
      );
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.keys.revokeFailed', defaultMessage: 'Failed to revoke the key' }),
        'error',
      ),
  });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon color="red" variant="subtle" onClick={() => setOpened((open) => !open)} aria-label={intl.formatMessage({ id: 'developer.keys.revokeLabel', defaultMessage: 'Revoke key {prefix}' }, { prefix: apiKey.prefix })}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown maw={260}>
        <Stack gap="xs">
          <Text size="sm">
            <FormattedMessage id="developer.keys.revokeConfirm" defaultMessage="Revoke {prefix}…? Anything still using it stops working." values={{ prefix: apiKey.prefix }} />
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              <FormattedMessage id="developer.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button size="xs" color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: apiKey.id })}>
              <FormattedMessage id="developer.keys.revoke" defaultMessage="Revoke" />
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function KeyList() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const keys = trpc.apikeys.list.useQuery();
  if (keys.isPending) return <Skeleton height={72} radius="md" />;
  if (keys.isError)
    return (
      <Text size="sm" c="red">
        <FormattedMessage id="developer.keys.loadFailed" defaultMessage="Could not load your API keys." />
      </Text>
    );
  if (keys.data.length === 0)
    return (
      <Text size="sm" c="dimmed" p="xs">
        <FormattedMessage id="developer.keys.none" defaultMessage="No API keys yet." />
      </Text>
    );
  return (
    <Stack gap={0} component="ul" aria-label={intl.formatMessage({ id: 'developer.keys.listLabel', defaultMessage: 'Your API keys' })} m={0} p={0} style={{ listStyle: 'none' }}>
      {keys.data.map((apiKey, index) => (
        <Group
          key={apiKey.id}
          component="li"
          data-testid="api-key"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py="xs"
          px="xs"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Code style={{ alignSelf: 'flex-start' }}>{apiKey.prefix}…</Code>
            <Text size="xs" c="dimmed">
              <FormattedMessage
                id="developer.keys.dates"
                defaultMessage="Created {created} · Last used {lastUsed}"
                values={{
                  created: format.date(apiKey.createdAt),
                  lastUsed: apiKey.lastUsedAt ? format.date(apiKey.lastUsedAt) : intl.formatMessage({ id: 'developer.keys.never', defaultMessage: 'Never' }),
                }}
              />
            </Text>
          </Stack>
          <RevokeButton apiKey={apiKey} />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A signed-in developer's API keys for the public API: Generate Key makes one and shows it once,
 * the list shows each key's prefix and when it was last used, and revokes it.
 */
export function ApiKeys({ onCreated }: { onCreated?: (key: string) => void }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [created, setCreated] = useState<string | null>(null);
  const create = trpc.apikeys.create.useMutation({
    onSuccess: ({ key }) => {
      setCreated(key);
      onCreated?.(key);
      void utils.apikeys.list.invalidate();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.keys.notGenerated', defaultMessage: 'Key not generated' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.keys.generateFailed', defaultMessage: 'Failed to generate a key' }),
        'error',
      ),
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          <FormattedMessage
            id="developer.keys.intro"
            defaultMessage="Keys authenticate your calls to the public API ({version}). You can hold {max} at a time."
            values={{ version: PUBLIC_API.version, max: PUBLIC_API.keysPerUser }}
          />
        </Text>
        <Button leftSection={<IconSparkles size={16} />} loading={create.isPending} onClick={() => create.mutate()}>
          <FormattedMessage id="developer.keys.generate" defaultMessage="Generate Key" />
        </Button>
      </Group>
      {created && <ShownOnce title={intl.formatMessage({ id: 'developer.keys.newKey', defaultMessage: 'Your new API key' })} value={created} noun="key" testId="new-api-key" onDismiss={() => setCreated(null)} />}
      <Paper withBorder radius="md" p="xs">
        <KeyList />
      </Paper>
    </Stack>
  );
}
