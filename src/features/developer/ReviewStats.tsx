import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { trpc } from '../../trpc';

/** "5 hours", "1.5 days": hours up to two days, then days. */
export function formatTurnaround(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? 'hour' : 'hours'}`;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days} days`;
}

/** The review queue as it is now (GET /api/review-stats), on /submit and /guidelines. */
export function ReviewStats() {
  const stats = trpc.developer.reviewStats.useQuery();
  return (
    <Paper withBorder radius="lg" p="md" aria-live="polite">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="violet" size={40} radius="md" aria-hidden>
          <IconHourglass size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>Review queue</Text>
          {stats.isPending ? (
            <Skeleton height={32} width={220} />
          ) : stats.isError ? (
            <Text size="sm" c="dimmed">
              The queue figures are not available right now.
            </Text>
          ) : (
            <>
              <Text size="sm" data-testid="review-queue-length">
                {stats.data.queueLength === 0
                  ? 'No games are waiting for review.'
                  : `${stats.data.queueLength} ${stats.data.queueLength === 1 ? 'game is' : 'games are'} waiting for review.`}
              </Text>
              <Text size="sm" c="dimmed">
                {stats.data.medianTurnaroundHours === null
                  ? `No reviews in the last ${stats.data.days} days.`
                  : `Median time to a decision over the last ${stats.data.days} days: ${formatTurnaround(stats.data.medianTurnaroundHours)}.`}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
