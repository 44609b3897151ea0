import { useState, type ReactNode } from 'react';
import { Badge, Box, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { SegmentedChoice } from '../../components/SegmentedChoice/SegmentedChoice';
import { IconTrophy } from '@tabler/icons-react';
import type { ScoreBadge, ScoreEntry, ScorePeriod } from '../../../shared/schemas';
import { useAuth } from '../auth/AuthProvider';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { trpc } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';

const messages = defineMessages({
  week: { id: 'scores.period.week', defaultMessage: 'This week' },
  all: { id: 'scores.period.all', defaultMessage: 'All time' },
  periodLabel: { id: 'scores.period.label', defaultMessage: 'Leaderboard period' },
  top1: { id: 'scores.badge.top1', defaultMessage: 'Top 1%' },
  top5: { id: 'scores.badge.top5', defaultMessage: 'Top 5%' },
  top10: { id: 'scores.badge.top10', defaultMessage: 'Top 10%' },
  first: { id: 'scores.badge.first', defaultMessage: '1st place' },
  second: { id: 'scores.badge.second', defaultMessage: '2nd place' },
  third: { id: 'scores.badge.third', defaultMessage: '3rd place' },
});
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const PERCENT_BADGES: ReadonlySet<ScoreBadge> = new Set(['top1', 'top5', 'top10']);

/** Gold, silver and bronze. */
const medalColors = ['yellow.5', 'gray.4', 'orange.6'] as const;
/** A score saved this long ago or less is the one the player has just set. */
const FRESH_MS = 2 * 60_000;

function isNewBest(entry: ScoreEntry, newBest: { score: number; at: number } | null): boolean {
  if (!newBest || entry.score !== newBest.score) return false;
  return Math.abs(Date.parse(entry.createdAt) - newBest.at) < FRESH_MS;
}

function ScoreRow({ entry, highlighted }: { entry: ScoreEntry; highlighted: boolean }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const rankLabel = intl.formatMessage({ id: 'scores.rank', defaultMessage: 'Rank {rank}' }, { rank: entry.rank });
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
        <ThemeIcon size={22} radius="xl" color={medal} autoContrast aria-label={rankLabel}>
          <Text span fz={12} fw={800}>
            {entry.rank}
          </Text>
        </ThemeIcon>
      ) : (
        <Text w={22} h={22} lh="22px" ta="center" fz={13} fw={700} c="dimmed" style={{ flexShrink: 0 }} aria-label={rankLabel}>
          {entry.rank}
        </Text>
      )}
      <Text size="sm" fw={highlighted ? 700 : 500} truncate style={{ flex: 1, minWidth: 0 }}>
        {entry.player}
      </Text>
      {highlighted && (
        <Badge size="xs" color="violet" variant="filled">
          <FormattedMessage id="scores.newBest" defaultMessage="New best" />
        </Badge>
      )}
      {entry.badge && PERCENT_BADGES.has(entry.badge) && (
        <Badge size="xs" color="yellow" variant="light">
          <FormattedMessage {...messages[entry.badge]} />
        </Badge>
      )}
      <Text size="sm" fw={700} ff="monospace" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {format.count(entry.score)}
      </Text>
    </Group>
  );
}

/** The signed-in player's own place on the board: "You are 1,284th of 5,210 · Top 5%". */
function YourRank({ gameId, period }: { gameId: number; period: ScorePeriod }) {
  const standing = trpc.scores.mine.useQuery({ id: gameId, period });
  if (standing.isPending) return <Skeleton height={38} radius="md" />;
  if (standing.error) return null;
  const { rank, players, score, badge } = standing.data;
  return (
    <Group
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      px="xs"
      py={6}
      data-testid="your-rank"
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-default-hover)' }}
    >
      {rank === null ? (
        <Text size="sm" c="dimmed">
          {period === 'week' ? (
            <FormattedMessage id="scores.yourRank.noneThisWeek" defaultMessage="No score this week yet: play a round to get on the board." />
          ) : (
            <FormattedMessage id="scores.yourRank.none" defaultMessage="No score yet: play a round to get on the board." />
          )}
        </Text>
      ) : (
        <>
          <Text size="sm">
            <FormattedMessage
              id="scores.yourRank"
              defaultMessage="You are <b>{rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}</b> of {players} · best {score}"
              values={{ rank, players, score: score ?? 0, b: strong }}
            />
          </Text>
          {badge && (
            <Badge size="sm" color="yellow" variant="filled" autoContrast style={{ flexShrink: 0 }}>
              <FormattedMessage {...messages[badge]} />
            </Badge>
          )}
        </>
      )}
    </Group>
  );
}

/**
 * Each player's best score for the game, highest first (scores.top), this week's season (from
 * Monday 00:00 UTC) or all time; signed in, the player's own rank below.
 */
export function TopScores({ gameId, newBest }: { gameId: number; newBest: { score: number; at: number } | null }) {
  const { user } = useAuth();
  const intl = useIntl();
  const [period, setPeriod] = useState<ScorePeriod>('week');
  const top = trpc.scores.top.useQuery({ id: gameId, period });
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="top-scores-heading">
      <Group gap="xs" mb="sm">
        <IconTrophy size={20} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Title order={2} size="h4" id="top-scores-heading">
          <FormattedMessage id="scores.heading" defaultMessage="Top Scores" />
        </Title>
      </Group>
      <SegmentedChoice
        fullWidth
        size="sm"
        radius="md"
        mb="sm"
        aria-label={intl.formatMessage(messages.periodLabel)}
        value={period}
        onChange={setPeriod}
        data={(['week', 'all'] as const).map((value) => ({ value, label: intl.formatMessage(messages[value]) }))}
      />
      {top.isPending ? (
        <Stack gap={8} aria-busy="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={22} />
          ))}
        </Stack>
      ) : top.error ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="scores.error" defaultMessage="Scores could not be loaded right now." />
        </Text>
      ) : top.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="top-scores-empty">
          {period === 'week' ? (
            <FormattedMessage id="scores.emptyThisWeek" defaultMessage="No scores this week yet — be the first!" />
          ) : (
            <FormattedMessage id="scores.empty" defaultMessage="No scores yet — be the first!" />
          )}
        </Text>
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="top-scores-heading">
          {top.data.map((entry) => (
            <ScoreRow key={entry.rank} entry={entry} highlighted={isNewBest(entry, newBest)} />
          ))}
        </Stack>
      )}
      {user && (
        <Box mt="sm">
          <YourRank gameId={gameId} period={period} />
        </Box>
      )}
      {period === 'week' && (
        <Text size="xs" c="dimmed" mt="xs">
          <FormattedMessage id="scores.weekResets" defaultMessage="A new week starts every Monday at 00:00 UTC." />
        </Text>
      )}
    </Paper>
  );
}

