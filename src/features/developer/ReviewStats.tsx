import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { FormattedMessage, useIntl, type IntlShape } from '../../i18n';
import { trpc } from '../../trpc';

/** "5 hours", "1.5 days": hours up to two days, then days. */
export function formatTurnaround(intl: IntlShape, hours: number): string {
  if (hours < 1) return intl.formatMessage({ id: 'developer.reviewStats.underAnHour', defaultMessage: 'under an hour' });
  if (hours < 48) {
    const rounded = Math.round(hours);
    return intl.formatMessage({ id: 'developer.reviewStats.hours', defaultMessage: '{count, plural, one {{shown} hour} other {{shown} hours}}' }, { count: rounded, shown: intl.formatNumber(rounded) });
  }
  const days = Math.round((hours / 24) * 10) / 10;
  return intl.formatMessage({ id: 'developer.reviewStats.days', defaultMessage: '{count, plural, one {{shown} day} other {{shown} days}}' }, { count: days, shown: intl.formatNumber(days) });
}

/**
 * The review queue as it is now (GET /api/review-stats), on /submit and /guidelines. Its words are
 * the developer catalog's: /submit loads it, /guidelines (a players' page) shows them in English.
 */
export function ReviewStats() {
  const intl = useIntl();
  const stats = trpc.developer.reviewStats.useQuery();
  return (
    <Paper withBorder radius="lg" p="md" aria-live="polite">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="violet" size={40} radius="md" aria-hidden>
          <IconHourglass size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>
            <FormattedMessage id="developer.reviewStats.title" defaultMessage="Review queue" />
          </Text>
          {stats.isPending ? (
            <Skeleton height={32} width={220} />
          ) : stats.isError ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="developer.reviewStats.unavailable" defaultMessage="The queue figures are not available right now." />
            </Text>
          ) : (
            <>
              <Text size="sm" data-testid="review-queue-length">
                <FormattedMessage
                  id="developer.reviewStats.waiting"
                  defaultMessage="{count, plural, =0 {No games are waiting for review.} one {{shown} game is waiting for review.} other {{shown} games are waiting for review.}}"
                  values={{ count: stats.data.queueLength, shown: intl.formatNumber(stats.data.queueLength) }}
                />
              </Text>
              <Text size="sm" c="dimmed">
                {stats.data.medianTurnaroundHours === null ? (
                  <FormattedMessage id="developer.reviewStats.noReviews" defaultMessage="No reviews in the last {days} days." values={{ days: stats.data.days }} />
                ) : (
                  <FormattedMessage
                    id="developer.reviewStats.median"
                    defaultMessage="Median time to a decision over the last {days} days: {time}."
                    values={{ days: stats.data.days, time: formatTurnaround(intl, stats.data.medianTurnaroundHours) }}
                  />
                )}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
