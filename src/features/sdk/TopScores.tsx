import { Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { ScoreEntry } from '../../../shared/schemas';
import { trpc } from '../../trpc';
import { formatCount } from '../games/format';

/** Gold, silver and bronze. */
const medalColors = ['yellow.5', 'gray.4', 'orange.6'] as const;
/** A score saved this long ago or less is the one the player has just set. */
const FRESH_MS = 2 * 60_000;

function isNewBest(entry: ScoreEntry, newBest: { score: number; at: number } | null): boolean {
  if (!newBest || entry.score !== newBest.score) return false;
  return Math.abs(Date.parse(entry.createdAt) - newBest.at) < FRESH_MS;
}

function ScoreRow({ entry, highlighted }: { entry: ScoreEntry; highlighted: boolean }) {
  const medal = medalColors[entry.rank - 1];
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      px="xs"
      py={3}
      data-testid="top-score"
      data-highlighted={highlighted || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: highlighted ? 'var(--mantine-color-violet-light)' : undefined,
      }}
    >
      {medal ? (
        <ThemeIcon size={22} radius="xl" color={medal} autoContrast aria-label={`Rank ${entry.rank}`}>
          <Text span fz={12} fw={800}>
            {entry.rank}
          </Text>
        </ThemeIcon>
      ) : (
        <Text w={22} h={22} lh="22px" ta="center" fz={13} fw={700} c="dimmed" style={{ flexShrink: 0 }} aria-label={`Rank ${entry.rank}`}>
          {entry.rank}
        </Text>
      )}
      <Text size="sm" fw={highlighted ? 700 : 500} truncate style={{ flex: 1, minWidth: 0 }}>
        {entry.player}
      </Text>
      {highlighted && (
        <Badge size="xs" color="violet" variant="filled">
          New best
        </Badge>
      )}
      <Text size="sm" fw={700} ff="monospace" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(entry.score)}
      </Text>
    </Group>
  );
}

/** Each player's best score for the game, highest first (scores.top). */
export function TopScores({ gameId, newBest }: { gameId: number; newBest: { score: number; at: number } | null }) {
  const top = trpc.scores.top.useQuery({ id: gameId });
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="top-scores-heading">
      <Group gap="xs" mb="sm">
        <IconTrophy size={20} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Title order={2} size="h4" id="top-scores-heading">
          Top Scores
        </Title>
      </Group>
      {top.isPending ? (
        <Stack gap={8} aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={22} />
          ))}
        </Stack>
      ) : top.error ? (
        <Text size="sm" c="dimmed">
          Scores could not be loaded right now.
        </Text>
      ) : top.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="top-scores-empty">
          No scores yet — be the first!
        </Text>
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="top-scores-heading">
          {top.data.map((entry) => (
            <ScoreRow key={entry.rank} entry={entry} highlighted={isNewBest(entry, newBest)} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
