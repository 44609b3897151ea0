import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/constants';
import type { Webhook, WebhookDelivery } from '../../../shared/schemas';
import { webhookInput } from '../../schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { formatDate } from '../games/format';
import { ShownOnce } from './ShownOnce';

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'game.approved': 'A game is approved',
  'game.rejected': 'A game is rejected',
  'rating.created': 'A game gets a new rating',
  'report.created': 'A game is reported',
};

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { PENDING: 'yellow', DELIVERED: 'teal', FAILED: 'red' };

function formatTime(value: string): string {
  return new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function AddWebhook({ onCreated }: { onCreated: (secret: string) => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ url: string; events: WebhookEvent[] }>({
    initialValues: { url: '', events: [...WEBHOOK_EVENTS] },
    validate: schemaResolver(webhookInput, { sync: true }),
  });
  const create = trpc.webhooks.create.useMutation({
    onSuccess: ({ secret }) => {
      void utils.webhooks.list.invalidate();
      form.reset();
      onCreated(secret);
    },
    onError: (error) => toast('Webhook not added', errorMessage(error) ?? 'Failed to add the webhook', 'error'),
  });
  const onSubmit = form.onSubmit((values) => {
    const parsed = webhookInput.safeParse(values);
    if (parsed.success) create.mutate(parsed.data);
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={3} size="h5">
            Add a webhook
          </Title>
          <TextInput
            label="Endpoint URL"
            description="HTTPS (plain HTTP only for localhost or an IP address)."
            placeholder="https://your-studio.example/hooks/playfree"
            type="url"
            required
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Events" required {...form.getInputProps('events')}>
            <Stack gap={6} mt="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={`${EVENT_LABELS[event]} (${event})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }}>
            Add webhook
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const deliveries = trpc.webhooks.deliveries.useQuery({ id: webhookId }, { refetchInterval: 15_000 });
  if (deliveries.isPending) return <Skeleton height={80} />;
  if (deliveries.isError) return <Text size="sm" c="red">Could not load the deliveries.</Text>;
  if (deliveries.data.length === 0) return <Text size="sm" c="dimmed">No deliveries yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped fz="sm" aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.id} data-testid="webhook-delivery">
              <Table.Td>
                <Code>{delivery.event}</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[delivery.status]} variant="light" styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
                  {delivery.status}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td maw={200}>
                {delivery.responseCode ?? (delivery.attempts > 0 ? 'No answer' : '–')}
                {delivery.lastError && delivery.responseCode === null && (
                  <Text size="xs" c="dimmed" lineClamp={2} title={delivery.lastError}>
                    {delivery.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                {delivery.nextAttemptAt && delivery.status === 'PENDING' && delivery.attempts > 0 && (
                  <Text size="xs" c="dimmed">
                    Retry {formatTime(delivery.nextAttemptAt)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const utils = trpc.useUtils();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: () => {
      void utils.webhooks.list.invalidate();
      toast('Webhook deleted', 'It will receive no more events.');
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to delete the webhook', 'error'),
  });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="webhook">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Text>
            <Text size="xs" c="dimmed">
              Added {formatDate(webhook.createdAt)}
            </Text>
          </Stack>
          <ActionIcon
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: webhook.id })}
            aria-label={`Delete webhook ${webhook.url}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        <Group gap={4}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="outline" size="sm" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        <Anchor component="button" type="button" size="sm" onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries} style={{ alignSelf: 'flex-start' }}>
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </Anchor>
        {showDeliveries && <Deliveries webhookId={webhook.id} />}
      </Stack>
    </Paper>
  );
}

/** The developer portal's Webhooks tab: register endpoints for events of your games, see each delivery. */
export function Webhooks() {
  const webhooks = trpc.webhooks.list.useQuery();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        PlayFree POSTs a JSON event to your endpoint when one of your games is approved, rejected, rated or reported. Each request carries{' '}
        <Code>X-PlayFree-Signature: sha256=&lt;hex&gt;</Code>, the HMAC-SHA256 of the body with your webhook's secret: compute it and compare before
        trusting the event. A delivery that is not answered with a 2xx status is retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours.
      </Text>
      {secret && <ShownOnce title="Your signing secret" value={secret} noun="secret" testId="webhook-secret" onDismiss={() => setSecret(null)} />}
      <AddWebhook onCreated={setSecret} />
      {webhooks.isPending ? (
        <Skeleton height={96} radius="lg" />
      ) : webhooks.data && webhooks.data.length > 0 ? (
        webhooks.data.map((webhook) => <WebhookItem key={webhook.id} webhook={webhook} />)
      ) : (
        <EmptyState icon={<IconWebhook size={30} />}>No webhooks yet.</EmptyState>
      )}
    </Stack>
  );
}
