import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Group, Pagination, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceGamepad2, IconEyeOff, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE, type GameStatus } from '../../../shared/constants';
import type { AdminGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { ConfirmDialog } from './ConfirmDialog';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

const GAME_STATUS_LABELS = defineMessages({
  PENDING: { id: 'admin.games.pending', defaultMessage: 'Pending' },
  APPROVED: { id: 'admin.games.published', defaultMessage: 'Published' },
  REJECTED: { id: 'admin.games.rejected', defaultMessage: 'Rejected' },
  UNPUBLISHED: { id: 'admin.games.unpublished', defaultMessage: 'Unpublished' },
}) satisfies Record<GameStatus, unknown>;
const statusColor: Record<GameStatus, string> = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red', UNPUBLISHED: 'gray' };

/** After a game goes off or comes back, every list that may show it is read again. */
function useCatalogRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.games.invalidate();
    void utils.admin.stats.invalidate();
    void utils.admin.auditLog.invalidate();
    void utils.games.invalidate();
    void utils.home.get.invalidate();
    void utils.kids.games.invalidate();
  };
}

function GameRow({ game, onUnpublish }: { game: AdminGame; onUnpublish: (game: AdminGame) => void }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const refresh = useCatalogRefresh();
  const republish = trpc.admin.republish.useMutation({
    onSuccess: () => {
      toast(intl.formatMessage({ id: 'admin.games.republished', defaultMessage: 'Game re-published' }), intl.formatMessage({ id: 'admin.games.republishedText', defaultMessage: '{title} is back on the portal.' }, { title: game.title }));
      refresh();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.games.republishFailed', defaultMessage: 'Failed to re-publish the game. Please try again.' }),
        'error',
      ),
  });
  return (
    <Paper withBorder radius="lg" p="sm" data-testid="admin-game">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Box w={{ base: 72, sm: 96 }} style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden' }}>
          <GameThumb title={game.title} src={game.thumbUrl} />
        </Box>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ wordBreak: 'break-word' }}>
              {game.title}
            </Text>
            <Badge color={statusColor[game.status]} variant={game.status === 'APPROVED' ? 'light' : 'filled'}>
              {intl.formatMessage(GAME_STATUS_LABELS[game.status])}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            /games/{game.slug}
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="admin.games.line"
              defaultMessage="{studio} · {owner} · {count, plural, one {{plays} play} other {{plays} plays}} · Added {date}"
              values={{
                studio: game.developerProfile?.studio || 'Independent Developer',
                owner: game.owner ? game.owner.email : intl.formatMessage({ id: 'admin.games.builtIn', defaultMessage: 'Built-in' }),
                count: game.metrics.plays,
                plays: format.count(game.metrics.plays),
                date: format.date(game.createdAt),
              }}
            />
          </Text>
          <Group gap="xs" mt={4}>
            {game.status === 'APPROVED' && (
              <>
                <Button size="xs" variant="default" component={Link} to={`/games/${game.slug}`}>
                  <FormattedMessage id="developer.myGames.view" defaultMessage="View" />
                </Button>
                <Button size="xs" color="red" variant="light" leftSection={<IconEyeOff size={14} />} onClick={() => onUnpublish(game)}>
                  <FormattedMessage id="admin.games.unpublish" defaultMessage="Unpublish" />
                </Button>
              </>
            )}
            {game.status === 'UNPUBLISHED' && (
              <Button
                size="xs"
                color="teal"
                leftSection={<IconRefresh size={14} />}
                loading={republish.isPending}
                onClick={() => republish.mutate({ id: game.id })}
              >
                <FormattedMessage id="admin.games.republish" defaultMessage="Re-publish" />
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The All Games tab: every game whatever its status; a published one can be unpublished and brought back. */
export function AllGames() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<GameStatus | ''>('');
  const [page, setPage] = useState(1);
  const [unpublishing, setUnpublishing] = useState<AdminGame | null>(null);
  const games = trpc.admin.games.useQuery({ status: status || undefined, search: debounced || undefined, page });
  const refresh = useCatalogRefresh();
  const unpublish = trpc.admin.unpublish.useMutation({
    onSuccess: (_, { id }) => {
      toast(intl.formatMessage({ id: 'admin.games.unpublished2', defaultMessage: 'Game unpublished' }), intl.formatMessage({ id: 'admin.games.unpublishedText', defaultMessage: 'The game has been removed from the portal.' }));
      setUnpublishing((current) => (current?.id === id ? null : current));
      refresh();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.games.unpublishFailed', defaultMessage: 'Failed to unpublish the game. Please try again.' }),
        'error',
      ),
  });
  const pages = Math.max(1, Math.ceil((games.data?.total ?? 0) / ADMIN_PAGE_SIZE));

  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={intl.formatMessage({ id: 'admin.games.find', defaultMessage: 'Find games' })}
          placeholder={intl.formatMessage({ id: 'admin.games.findPlaceholder', defaultMessage: 'Title or slug' })}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={intl.formatMessage({ id: 'developer.webhooks.status', defaultMessage: 'Status' })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'admin.games.allStatuses', defaultMessage: 'All statuses' }) },
            ...(Object.keys(GAME_STATUS_LABELS) as GameStatus[]).map((value) => ({ value, label: intl.formatMessage(GAME_STATUS_LABELS[value]) })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as GameStatus | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {games.isPending ? (
        <Stack aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={96} radius="lg" />
          ))}
        </Stack>
      ) : games.isError ? (
        <EmptyState icon={<IconDeviceGamepad2 size={28} />}>
          <FormattedMessage id="admin.games.loadFailed" defaultMessage="Games could not be loaded. Please try again." />
        </EmptyState>
      ) : games.data.games.length === 0 ? (
        <EmptyState icon={<IconDeviceGamepad2 size={28} />}>
          <FormattedMessage id="admin.games.none" defaultMessage="No games found" />
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            <FormattedMessage
              id="admin.games.count"
              defaultMessage="{count, plural, one {{shown} game} other {{shown} games}}"
              values={{ count: games.data.total, shown: intl.formatNumber(games.data.total) }}
            />
          </Text>
          {games.data.games.map((game) => (
            <GameRow key={game.id} game={game} onUnpublish={setUnpublishing} />
          ))}
        </>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={intl.formatMessage({ id: 'admin.games.pages', defaultMessage: 'Game pages' })} />}
      <ConfirmDialog
        opened={unpublishing !== null}
        title={intl.formatMessage({ id: 'admin.games.unpublishTitle', defaultMessage: 'Unpublish game?' })}
        confirmLabel={intl.formatMessage({ id: 'admin.games.unpublish', defaultMessage: 'Unpublish' })}
        loading={unpublish.isPending}
        onConfirm={() => unpublishing && unpublish.mutate({ id: unpublishing.id })}
        onClose={() => setUnpublishing(null)}
      >
        <FormattedMessage
          id="admin.games.unpublishText"
          defaultMessage="<b>{title}</b> leaves every list, search and its page until you re-publish it. Its plays and ratings are kept."
          values={{ title: unpublishing?.title, b: strong }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
