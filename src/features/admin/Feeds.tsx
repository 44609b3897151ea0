import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, List, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconRefresh, IconRss, IconTrash } from '@tabler/icons-react';
import { FEED_DEFAULT_LIMIT, FEED_FORMATS, FEED_SCHEDULES, type FeedFormat, type FeedOutput, type FeedReport } from '../../../shared/schemas/feeds';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { useIntl, type IntlShape } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { ConfirmDialog } from './ConfirmDialog';
import { FeedsPlacement } from './FeedsPlacement';

/** Distributors' names are brands, said as they are in every language. */
function formatLabel(intl: IntlShape, format: FeedFormat): string {
  switch (format) {
    case 'gamedistribution':
      return 'GameDistribution';
    case 'gamemonetize':
      return 'GameMonetize';
    case 'gamepix':
      return 'GamePix';
    case 'famobi':
      return 'Famobi';
    case 'json':
      return intl.formatMessage({ id: 'admin.feeds.formatJson', defaultMessage: 'JSON (field mapping)' });
    case 'rss':
      return intl.formatMessage({ id: 'admin.feeds.formatRss', defaultMessage: 'RSS or Atom' });
  }
}

const scheduleLabel = (intl: IntlShape, hours: number) =>
  intl.formatMessage({ id: 'admin.feeds.schedule', defaultMessage: '{hours, plural, =1 {Every hour} =24 {Daily} =168 {Weekly} other {Every # hours}}' }, { hours });

const tryAgain = (intl: IntlShape) => intl.formatMessage({ id: 'admin.feeds.tryAgain', defaultMessage: 'Please try again.' });

/** "shooter = action" lines → { shooter: 'action' }. */
function parseCategoryMap(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.split('=').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && Boolean(parts[0]) && Boolean(parts[1])),
  );
}

function useFeedsRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.feeds.list.invalidate();
    void utils.admin.invalidate();
    void utils.games.invalidate();
    void utils.home.get.invalidate();
  };
}

function AddFeedForm({ onAdded }: { onAdded: () => void }) {
  const intl = useIntl();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [format, setFormat] = useState<FeedFormat>('gamedistribution');
  const [publish, setPublish] = useState<'now' | 'review'>('review');
  const [limit, setLimit] = useState<number | string>(FEED_DEFAULT_LIMIT);
  const [scheduleHours, setScheduleHours] = useState('24');
  const [categoryMap, setCategoryMap] = useState('');
  const [fields, setFields] = useState({ items: '', id: '', title: '', url: '', description: '', thumbnail: '', categories: '' });
  const mapped = format === 'json' || format === 'rss';
  const create = trpc.feeds.create.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.feeds.added', defaultMessage: 'Feed added' }),
        intl.formatMessage(
          { id: 'admin.feeds.addedText', defaultMessage: '{name} syncs {hours, plural, =1 {every hour} =24 {daily} =168 {weekly} other {every # hours}}; sync it now to import its games.' },
          { name, hours: Number(scheduleHours) },
        ),
      );
      setUrl('');
      setName('');
      onAdded();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'admin.feeds.notAdded', defaultMessage: 'Could not add the feed' }), errorMessage(error) ?? tryAgain(intl), 'error'),
  });
  const submit = () => {
    const definedFields = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim()));
    create.mutate({
      url: url.trim(),
      name: name.trim(),
      format,
      publish,
      limit: Number(limit) || FEED_DEFAULT_LIMIT,
      scheduleHours: Number(scheduleHours),
      categoryMap: parseCategoryMap(categoryMap),
      ...(mapped && Object.keys(definedFields).length > 0 ? { fields: definedFields } : {}),
    });
  };
  const addTitle = intl.formatMessage({ id: 'admin.feeds.addTitle', defaultMessage: 'Add a feed' });
  return (
    <Paper withBorder radius="lg" p="lg" component="form" aria-label={addTitle} onSubmit={(event: React.FormEvent) => (event.preventDefault(), submit())}>
      <Title order={3} size="h4" mb="sm">
        {addTitle}
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={intl.formatMessage({ id: 'admin.feeds.name', defaultMessage: 'Name' })} required value={name} onChange={(event) => setName(event.currentTarget.value)} maxLength={80} />
          <TextInput label={intl.formatMessage({ id: 'admin.feeds.address', defaultMessage: 'Feed address' })} required type="url" placeholder="https://…" value={url} onChange={(event) => setUrl(event.currentTarget.value)} />
          <Select
            label={intl.formatMessage({ id: 'admin.feeds.format', defaultMessage: 'Format' })}
            data={FEED_FORMATS.map((value) => ({ value, label: formatLabel(intl, value) }))} value={format} onChange={(value) => value && setFormat(value as FeedFormat)} allowDeselect={false} />
          <Select
            label={intl.formatMessage({ id: 'admin.feeds.publish', defaultMessage: 'Its games are' })}
            data={[
              { value: 'review', label: intl.formatMessage({ id: 'admin.feeds.publishReview', defaultMessage: 'Put in the review queue' }) },
              { value: 'now', label: intl.formatMessage({ id: 'admin.feeds.publishNow', defaultMessage: 'Published at once' }) },
            ]}
            value={publish}
            onChange={(value) => value && setPublish(value as 'now' | 'review')}
            allowDeselect={false}
          />
          <NumberInput label={intl.formatMessage({ id: 'admin.feeds.limit', defaultMessage: 'Most games per sync' })} min={1} max={10_000} value={limit} onChange={setLimit} />
          <Select
            label={intl.formatMessage({ id: 'admin.feeds.syncs', defaultMessage: 'Syncs' })}
            data={FEED_SCHEDULES.map((hours) => ({ value: String(hours), label: scheduleLabel(intl, hours) }))} value={scheduleHours} onChange={(value) => value && setScheduleHours(value)} allowDeselect={false} />
        </SimpleGrid>
        {mapped && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['items', 'id', 'title', 'url', 'description', 'thumbnail', 'categories'] as const).map((field) => (
              <TextInput
                key={field}
                // The other fields are named by the feed's own keys, which stay as they are.
                label={
                  field === 'items'
                    ? intl.formatMessage({ id: 'admin.feeds.fieldItems', defaultMessage: 'Field: list of items' })
                    : intl.formatMessage({ id: 'admin.feeds.field', defaultMessage: 'Field: {field}' }, { field })
                }
                required={format === 'json' && (field === 'title' || field === 'url')}
                placeholder={format === 'rss' ? intl.formatMessage({ id: 'admin.feeds.fieldStandard', defaultMessage: 'standard' }) : field === 'items' ? 'data.games' : ''}
                value={fields[field]}
                onChange={(event) => setFields({ ...fields, [field]: event.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
        )}
        <Textarea
          label={intl.formatMessage({ id: 'admin.feeds.categoryMap', defaultMessage: 'Categories mapping' })}
          description={intl.formatMessage({
            id: 'admin.feeds.categoryMapText',
            defaultMessage: "One per line: the feed's category = a portal category (action, racing, puzzle, sports, adventure, strategy, arcade, casual). Unknown categories become tags.",
          })}
          placeholder="shooter = action"
          autosize
          minRows={2}
          value={categoryMap}
          onChange={(event) => setCategoryMap(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
            {intl.formatMessage({ id: 'admin.feeds.add', defaultMessage: 'Add feed' })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A sync's report: how many items it added, updated, left, unpublished and refused. */
export function ReportLine({ report }: { report: FeedReport }) {
  const intl = useIntl();
  return (
    <Group gap={6} wrap="wrap" data-testid="feed-report">
      <Badge color="teal" variant="light">
        {intl.formatMessage({ id: 'admin.feeds.reportAdded', defaultMessage: '{count, plural, one {# added} other {# added}}' }, { count: report.added })}
      </Badge>
      <Badge color="blue" variant="light">
        {intl.formatMessage({ id: 'admin.feeds.reportUpdated', defaultMessage: '{count, plural, one {# updated} other {# updated}}' }, { count: report.updated })}
      </Badge>
      <Badge color="gray" variant="light">
        {intl.formatMessage({ id: 'admin.feeds.reportUnchanged', defaultMessage: '{count, plural, one {# unchanged} other {# unchanged}}' }, { count: report.unchanged })}
      </Badge>
      <Badge color="orange" variant="light">
        {intl.formatMessage({ id: 'admin.feeds.reportUnpublished', defaultMessage: '{count, plural, one {# unpublished} other {# unpublished}}' }, { count: report.unpublished })}
      </Badge>
      <Badge color={report.refused.length > 0 ? 'red' : 'gray'} variant="light">
        {intl.formatMessage({ id: 'admin.feeds.reportRefused', defaultMessage: '{count, plural, one {# refused} other {# refused}}' }, { count: report.refused.length })}
      </Badge>
    </Group>
  );
}

function FeedCard({ feed, onRemove }: { feed: FeedOutput; onRemove: (feed: FeedOutput) => void }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const refresh = useFeedsRefresh();
  const [lastReport, setLastReport] = useState<FeedReport | null>(null);
  const sync = trpc.feeds.sync.useMutation({
    onSuccess: (report) => {
      setLastReport(report);
      toast(
        intl.formatMessage({ id: 'admin.feeds.synced', defaultMessage: 'Feed synced' }),
        intl.formatMessage(
          {
            id: 'admin.feeds.syncedText',
            defaultMessage:
              '{name}: {added, plural, one {# added} other {# added}}, {updated, plural, one {# updated} other {# updated}}, {unpublished, plural, one {# unpublished} other {# unpublished}}, {refused, plural, one {# refused} other {# refused}}.',
          },
          { name: feed.name, added: report.added, updated: report.updated, unpublished: report.unpublished, refused: report.refused.length },
        ),
      );
      refresh();
    },
    onError: (error) => {
      toast(intl.formatMessage({ id: 'admin.feeds.syncFailed', defaultMessage: 'Sync failed' }), errorMessage(error) ?? tryAgain(intl), 'error');
      refresh();
    },
  });
  const report = lastReport ?? feed.lastReport;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="feed">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Text fw={700}>{feed.name}</Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {formatLabel(intl, feed.format)} · {feed.url}
            </Text>
            <Text size="xs" c="dimmed">
              {intl.formatMessage(
                {
                  id: 'admin.feeds.summary',
                  defaultMessage:
                    '{games, plural, one {# published} other {# published}} · {publish, select, now {published at once} other {into the review queue}} · {hours, plural, =1 {every hour} =24 {daily} =168 {weekly} other {every # hours}} · {limit, plural, one {up to # game} other {up to # games}} · last sync {synced, select, never {never} other {{date}}}',
                },
                {
                  games: feed.games,
                  publish: feed.publish,
                  hours: feed.scheduleHours,
                  limit: feed.limit,
                  synced: feed.lastSyncAt ? 'yes' : 'never',
                  date: feed.lastSyncAt ? format.date(feed.lastSyncAt) : '',
                },
              )}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.isPending || feed.syncing} onClick={() => sync.mutate({ id: feed.id })}>
              {intl.formatMessage({ id: 'admin.feeds.syncNow', defaultMessage: 'Sync now' })}
            </Button>
            <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={() => onRemove(feed)}>
              {intl.formatMessage({ id: 'admin.feeds.remove', defaultMessage: 'Remove' })}
            </Button>
          </Group>
        </Group>
        {feed.lastError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} title={intl.formatMessage({ id: 'admin.feeds.lastSyncFailed', defaultMessage: 'The last sync failed; the last good one stays' })} data-testid="feed-error">
            {feed.lastError}
          </Alert>
        )}
        {report && <ReportLine report={report} />}
        {report && report.refused.length > 0 && (
          <List size="xs" spacing={2}>
            {report.refused.slice(0, 20).map((refusal) => (
              <List.Item key={`${refusal.item}:${refusal.reason}`}>
                <Code>{refusal.item}</Code> {refusal.reason}
              </List.Item>
            ))}
            {report.refused.length > 20 && (
              <List.Item>{intl.formatMessage({ id: 'admin.feeds.refusedMore', defaultMessage: '{count, plural, one {and # more} other {and # more}}' }, { count: report.refused.length - 20 })}</List.Item>
            )}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** The admin's Feeds tab (issue #58): distributors' feeds, each with its last sync's report and error. */
export function Feeds() {
  const intl = useIntl();
  const feeds = trpc.feeds.list.useQuery();
  const refresh = useFeedsRefresh();
  const [removing, setRemoving] = useState<FeedOutput | null>(null);
  const remove = trpc.feeds.remove.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.feeds.removed', defaultMessage: 'Feed removed' }),
        intl.formatMessage({ id: 'admin.feeds.removedText', defaultMessage: 'Its games are unpublished; their plays and ratings stay.' }),
      );
      setRemoving(null);
      refresh();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'admin.feeds.notRemoved', defaultMessage: 'Could not remove the feed' }), errorMessage(error) ?? tryAgain(intl), 'error'),
  });
  return (
    <Stack gap="md">
      <AddFeedForm onAdded={refresh} />
      {feeds.isLoading ? (
        <Skeleton height={120} radius="lg" />
      ) : feeds.data && feeds.data.length > 0 ? (
        feeds.data.map((feed) => <FeedCard key={feed.id} feed={feed} onRemove={setRemoving} />)
      ) : (
        <EmptyState icon={<IconRss size={32} />}>
          {intl.formatMessage({ id: 'admin.feeds.empty', defaultMessage: "No feeds yet: add a distributor's feed to bring in its games." })}
        </EmptyState>
      )}
      <FeedsPlacement />
      <ConfirmDialog
        opened={removing !== null}
        title={intl.formatMessage({ id: 'admin.feeds.removeTitle', defaultMessage: 'Remove this feed?' })}
        confirmLabel={intl.formatMessage({ id: 'admin.feeds.removeConfirm', defaultMessage: 'Remove feed' })}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        {intl.formatMessage(
          { id: 'admin.feeds.removeText', defaultMessage: '{name}: its games are unpublished (not deleted: their plays and ratings stay), and it no longer syncs.' },
          { name: removing?.name ?? '' },
        )}
      </ConfirmDialog>
    </Stack>
  );
}
