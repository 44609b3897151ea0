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
import { useForm } from '@mantine/form';
import { formRules } from '../forms/lazyRules';
import { IconPlus, IconTrash, IconWebhook } from '@tabler/icons-react';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/constants';
import type { Webhook, WebhookDelivery } from '../../../shared/schemas';
import { webhookInput } from '../../schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { ShownOnce } from './ShownOnce';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';

const EVENT_LABELS = defineMessages({
  'game.approved': { id: 'developer.webhooks.eventApproved', defaultMessage: 'A game is approved' },
  'game.rejected': { id: 'developer.webhooks.eventRejected', defaultMessage: 'A game is rejected' },
  'rating.created': { id: 'developer.webhooks.eventRated', defaultMessage: 'A game gets a new rating' },
  'report.created': { id: 'developer.webhooks.eventReported', defaultMessage: 'A game is reported' },
}) satisfies Record<WebhookEvent, unknown>;

const DELIVERY_STATUS = defineMessages({
  PENDING: { id: 'developer.webhooks.pending', defaultMessage: 'PENDING' },
  DELIVERED: { id: 'developer.webhooks.delivered', defaultMessage: 'DELIVERED' },
  FAILED: { id: 'developer.webhooks.failed', defaultMessage: 'FAILED' },
}) satisfies Record<WebhookDelivery['status'], unknown>;

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { PENDING: 'yellow', DELIVERED: 'teal', FAILED: 'red' };

function AddWebhook({ onCreated }: { onCreated: (secret: string) => void }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const form = useForm<{ url: string; events: WebhookEvent[] }>({
    initialValues: { url: '', events: [...WEBHOOK_EVENTS] },
    validate: formRules(webhookInput),
  });
  const create = trpc.webhooks.create.useMutation({
    onSuccess: ({ secret }) => {
      void utils.webhooks.list.invalidate();
      form.reset();
      onCreated(secret);
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.webhooks.notAdded', defaultMessage: 'Webhook not added' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.webhooks.addFailed', defaultMessage: 'Failed to add the webhook' }),
        'error',
      ),
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
            <FormattedMessage id="developer.webhooks.addTitle" defaultMessage="Add a webhook" />
          </Title>
          <TextInput
            label={intl.formatMessage({ id: 'developer.webhooks.endpoint', defaultMessage: 'Endpoint URL' })}
            description={intl.formatMessage({ id: 'developer.webhooks.endpointText', defaultMessage: 'HTTPS (plain HTTP only for localhost or an IP address).' })}
            placeholder="https://your-studio.example/hooks/playfree"
            type="url"
            required
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label={intl.formatMessage({ id: 'developer.webhooks.events', defaultMessage: 'Events' })} required {...form.getInputProps('events')}>
            <Stack gap={6} mt="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={intl.formatMessage({ id: 'developer.webhooks.eventOption', defaultMessage: '{label} ({event})' }, { label: intl.formatMessage(EVENT_LABELS[event]), event })} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="developer.webhooks.add" defaultMessage="Add webhook" />
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const intl = useIntl();
  const deliveries = trpc.webhooks.deliveries.useQuery({ id: webhookId }, { refetchInterval: 15_000 });
  if (deliveries.isPending) return <Skeleton height={80} />;
  if (deliveries.isError)
    return (
      <Text size="sm" c="red">
        <FormattedMessage id="developer.webhooks.deliveriesFailed" defaultMessage="Could not load the deliveries." />
      </Text>
    );
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="developer.webhooks.noDeliveries" defaultMessage="No deliveries yet." />
      </Text>
    );
  const formatTime = (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped fz="sm" aria-label={intl.formatMessage({ id: 'developer.webhooks.deliveries', defaultMessage: 'Deliveries' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="developer.webhooks.event" defaultMessage="Event" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="developer.webhooks.status" defaultMessage="Status" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="developer.webhooks.attempts" defaultMessage="Attempts" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="developer.webhooks.response" defaultMessage="Response" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="developer.webhooks.when" defaultMessage="When" />
            </Table.Th>
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
                  {intl.formatMessage(DELIVERY_STATUS[delivery.status])}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td maw={200}>
                {delivery.responseCode ?? (delivery.attempts > 0 ? intl.formatMessage({ id: 'developer.webhooks.noAnswer', defaultMessage: 'No answer' }) : '–')}
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
                    <FormattedMessage id="developer.webhooks.retry" defaultMessage="Retry {time}" values={{ time: formatTime(delivery.nextAttemptAt) }} />
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
  const intl = useIntl();
  const format = useLocaleFormat();
  const utils = trpc.useUtils();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: () => {
      void utils.webhooks.list.invalidate();
      toast(intl.formatMessage({ id: 'developer.webhooks.deleted', defaultMessage: 'Webhook deleted' }), intl.formatMessage({ id: 'developer.webhooks.deletedText', defaultMessage: 'It will receive no more events.' }));
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'developer.webhooks.deleteFailed', defaultMessage: 'Failed to delete the webhook' }),
        'error',
      ),
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
              <FormattedMessage id="developer.webhooks.added" defaultMessage="Added {date}" values={{ date: format.date(webhook.createdAt) }} />
            </Text>
          </Stack>
          <ActionIcon
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: webhook.id })}
            aria-label={intl.formatMessage({ id: 'developer.webhooks.deleteLabel', defaultMessage: 'Delete webhook {url}' }, { url: webhook.url })}
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
          {showDeliveries ? (
            <FormattedMessage id="developer.webhooks.hideDeliveries" defaultMessage="Hide deliveries" />
          ) : (
            <FormattedMessage id="developer.webhooks.showDeliveries" defaultMessage="Show deliveries" />
          )}
        </Anchor>
        {showDeliveries && <Deliveries webhookId={webhook.id} />}
      </Stack>
    </Paper>
  );
}

/** The developer portal's Webhooks tab: register endpoints for events of your games, see each delivery. */
export function Webhooks() {
  const intl = useIntl();
  const webhooks = trpc.webhooks.list.useQuery();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="developer.webhooks.intro"
          defaultMessage="PlayFree POSTs a JSON event to your endpoint when one of your games is approved, rejected, rated or reported. Each request carries {signature}, the HMAC-SHA256 of the body with your webhook's secret: compute it and compare before trusting the event. A delivery that is not answered with a 2xx status is retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours."
          values={{ signature: <Code>X-PlayFree-Signature: sha256=&lt;hex&gt;</Code> }}
        />
      </Text>
      {secret && <ShownOnce title={intl.formatMessage({ id: 'developer.webhooks.secret', defaultMessage: 'Your signing secret' })} value={secret} noun="secret" testId="webhook-secret" onDismiss={() => setSecret(null)} />}
      <AddWebhook onCreated={setSecret} />
      {webhooks.isPending ? (
        <Skeleton height={96} radius="lg" />
      ) : webhooks.data && webhooks.data.length > 0 ? (
        webhooks.data.map((webhook) => <WebhookItem key={webhook.id} webhook={webhook} />)
      ) : (
        <EmptyState icon={<IconWebhook size={30} />}>
          <FormattedMessage id="developer.webhooks.none" defaultMessage="No webhooks yet." />
        </EmptyState>
      )}
    </Stack>
  );
}
