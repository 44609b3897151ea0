import { useState } from 'react';
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
import { formatCount, formatDate } from '../games/format';
import { ConfirmDialog } from './ConfirmDialog';

const GAME_STATUS_LABELS: Record<GameStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Published',
  REJECTED: 'Rejected',
  UNPUBLISHED: 'Unpublished',
};
const statusColor: Record<GameStatus, string> = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red', UNPUBLISHED: 'gray' };
const statusOptions = [
  { value: '', label: 'All statuses' },
  ...Object.entries(GAME_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

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
  const refresh = useCatalogRefresh();
  const republish = trpc.admin.republish.useMutation({
    onSuccess: () => {
      toast('Game re-published', `${game.title} is back on the portal.`);
      refresh();
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to re-publish the game. Please try again.', 'error'),
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
              {GAME_STATUS_LABELS[game.status]}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            /games/{game.slug}
          </Text>
          <Text size="sm" c="dimmed">
            {game.developerProfile?.studio || 'Independent Developer'}
            {game.owner ? ` · ${game.owner.email}` : ' · Built-in'} · {formatCount(game.metrics.plays)}{' '}
            {game.metrics.plays === 1 ? 'play' : 'plays'} · Added {formatDate(game.createdAt)}
          </Text>
          <Group gap="xs" mt={4}>
            {game.status === 'APPROVED' && (
              <>
                <Button size="xs" variant="default" component={Link} to={`/games/${game.slug}`}>
                  View
                </Button>
                <Button size="xs" color="red" variant="light" leftSection={<IconEyeOff size={14} />} onClick={() => onUnpublish(game)}>
                  Unpublish
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
                Re-publish
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<GameStatus | ''>('');
  const [page, setPage] = useState(1);
  const [unpublishing, setUnpublishing] = useState<AdminGame | null>(null);
  const games = trpc.admin.games.useQuery({ status: status || undefined, search: debounced || undefined, page });
  const refresh = useCatalogRefresh();
  const unpublish = trpc.admin.unpublish.useMutation({
    onSuccess: (_, { id }) => {
      toast('Game unpublished', 'The game has been removed from the portal.');
      setUnpublishing((current) => (current?.id === id ? null : current));
      refresh();
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to unpublish the game. Please try again.', 'error'),
  });
  const pages = Math.max(1, Math.ceil((games.data?.total ?? 0) / ADMIN_PAGE_SIZE));

  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Find games"
          placeholder="Title or slug"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Status"
          data={statusOptions}
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
        <EmptyState icon={<IconDeviceGamepad2 size={28} />}>Games could not be loaded. Please try again.</EmptyState>
      ) : games.data.games.length === 0 ? (
        <EmptyState icon={<IconDeviceGamepad2 size={28} />}>No games found</EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {games.data.total} {games.data.total === 1 ? 'game' : 'games'}
          </Text>
          {games.data.games.map((game) => (
            <GameRow key={game.id} game={game} onUnpublish={setUnpublishing} />
          ))}
        </>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Game pages" />}
      <ConfirmDialog
        opened={unpublishing !== null}
        title="Unpublish game?"
        confirmLabel="Unpublish"
        loading={unpublish.isPending}
        onConfirm={() => unpublishing && unpublish.mutate({ id: unpublishing.id })}
        onClose={() => setUnpublishing(null)}
      >
        <strong>{unpublishing?.title}</strong> leaves every list, search and its page until you re-publish it. Its plays and ratings are kept.
      </ConfirmDialog>
    </Stack>
  );
}
