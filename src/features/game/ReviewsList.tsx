import { memo, Suspense, useState } from 'react';
import { Button, Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';
import { FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { useAuth } from '../auth/AuthProvider';
import { optionalPart } from '../../components/Deferred/optionalPart';

/** Reporting a review is for signed-in players: its menu's code loads for them alone (issue 57). */
const ReportReviewMenu = optionalPart(async () => (await import('./ReportReviewMenu')).ReportReviewMenu);

function PlayedTimes({ plays }: { plays: number }) {
  const format = useLocaleFormat();
  if (plays <= 0) return <FormattedMessage id="reviews.playedBeforeSignIn" defaultMessage="Played before signing in" />;
  return (
    <FormattedMessage
      id="reviews.playedTimes"
      defaultMessage="{count, plural, one {Played once} other {Played {shown} times}}"
      values={{ count: plays, shown: format.count(plays) }}
    />
  );
}

/** How long the reviewer played the game while signed in: minutes, or hours past two. */
function PlayedFor({ seconds }: { seconds: number }) {
  const format = useLocaleFormat();
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return <FormattedMessage id="reviews.playedMinutes" defaultMessage="{minutes, plural, one {{shown} minute} other {{shown} minutes}} of play" values={{ minutes, shown: format.count(minutes) }} />;
  const hours = Math.floor(minutes / 60);
  return <FormattedMessage id="reviews.playedHours" defaultMessage="{hours, plural, one {{shown} hour} other {{shown} hours}} of play" values={{ hours, shown: format.count(hours) }} />;
}

/** What players said about the game, newest first, each marked with how often the reviewer played it. */
/** Memoised: the game page renders again when its frame appears; the reviews need not. */
export const ReviewsList = memo(function ReviewsList({ gameId }: { gameId: number }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const [page, setPage] = useState(1);
  const signedIn = Boolean(useAuth().user);
  const reviews = trpc.ratings.reviews.useQuery({ id: gameId, page }, { placeholderData: (previous) => previous });
  const data = reviews.data;
  if (!data || (data.reviews.length === 0 && page === 1)) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="reviews-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="reviews-heading">
          <FormattedMessage id="reviews.title" defaultMessage="Player Reviews" />
        </Title>
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.reviews.map((review) => (
            <li key={review.id}>
              <Stack gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Rating value={review.score} readOnly size="xs" aria-label={intl.formatMessage({ id: 'reviews.stars', defaultMessage: '{score} out of 5 stars' }, { score: review.score })} />
                  <Text size="sm" fw={600}>
                    {review.player}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <PlayedTimes plays={review.plays} /> ·{' '}
                    {review.playSeconds >= 60 && (
                      <>
                        <PlayedFor seconds={review.playSeconds} /> ·{' '}
                      </>
                    )}
                    {/* In the reader's time zone, which the server that rendered the page may not share. */}
                    <time dateTime={review.updatedAt} suppressHydrationWarning>
                      {format.shortDate(new Date(review.updatedAt))}
                    </time>
                  </Text>
                  {signedIn && (
                    <Suspense fallback={null}>
                      <ReportReviewMenu reviewId={review.id} player={review.player} />
                    </Suspense>
                  )}
                </Group>
                {review.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {review.comment}
                  </Text>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
        {(page > 1 || data.hasMore) && (
          <Group justify="space-between">
            <Button variant="subtle" size="xs" disabled={page === 1} onClick={() => setPage((current) => current - 1)}>
              <FormattedMessage id="reviews.newer" defaultMessage="Newer reviews" />
            </Button>
            <Button variant="subtle" size="xs" disabled={!data.hasMore} onClick={() => setPage((current) => current + 1)}>
              <FormattedMessage id="reviews.older" defaultMessage="Older reviews" />
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
});
