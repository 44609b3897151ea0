import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DevGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { formatDate, formatPlays, formatRating } from '../games/format';
import { StatusBadge } from './StatusBadge';

interface MyGamesProps {
  games: DevGame[] | undefined;
  loading: boolean;
  onSubmitNew: () => void;
}

export function MyGames({ games, loading, onSubmitNew }: MyGamesProps) {
  if (loading) {
    return (
      <Stack aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={104} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (!games || games.length === 0) {
    return (
      <EmptyState action={<Button onClick={onSubmitNew}>Submit your first game</Button>}>
        You haven't submitted any games yet.
      </EmptyState>
    );
  }
  return (
    <Stack>
      {games.map((game) => (
        <Paper key={game.id} withBorder radius="lg" p="sm" data-testid="my-game">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <Box w={{ base: 96, sm: 128 }} style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden' }}>
              <GameThumb title={game.title} src={game.thumbUrl} />
            </Box>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} lineClamp={1}>
                  {game.title}
                </Text>
                <StatusBadge status={game.status} />
              </Group>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {game.description}
              </Text>
              <Group gap="md" c="dimmed">
                <Group gap={4}>
                  <IconPlayerPlay size={14} aria-hidden />
                  <Text size="xs">{game.metrics.plays ? `${formatPlays(game.metrics.plays)} plays` : 'No plays yet'}</Text>
                </Group>
                <Group gap={4}>
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden />
                  <Text size="xs">
                    {formatRating(game.ratingSummary.avg)} ({game.ratingSummary.count})
                  </Text>
                </Group>
                <Text size="xs">Submitted {formatDate(game.createdAt)}</Text>
              </Group>
              {game.status === 'APPROVED' && (
                <Anchor component={Link} to={`/games/${game.slug}`} size="sm" fw={600} aria-label={`View ${game.title}`}>
                  View <IconExternalLink size={12} aria-hidden />
                </Anchor>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
