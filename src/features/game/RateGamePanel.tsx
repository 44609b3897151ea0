import { useState } from 'react';
import { Button, Group, Paper, Rating, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { LIMITS } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { toast } from '../../notify';
import { trpc } from '../../trpc';

const scoreLabels = defineMessages({
  1: { id: 'rate.score1', defaultMessage: 'Poor' },
  2: { id: 'rate.score2', defaultMessage: 'Fair' },
  3: { id: 'rate.score3', defaultMessage: 'Good' },
  4: { id: 'rate.score4', defaultMessage: 'Great' },
  5: { id: 'rate.score5', defaultMessage: 'Amazing' },
});

export function RateGamePanel({ gameId, slug }: { gameId: number; slug: string }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  // Rating needs a play of the game (the frame records one when the game loads).
  const mine = trpc.ratings.mine.useQuery({ id: gameId });
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const rate = trpc.ratings.rate.useMutation({
    onSuccess: ({ ratingSummary }) => {
      utils.games.bySlug.setData({ slug }, (old) => (old ? { ...old, ratingSummary } : old));
      void utils.games.list.invalidate();
      void utils.home.get.invalidate();
      void utils.developer.myGames.invalidate();
      void utils.ratings.mine.invalidate({ id: gameId });
      void utils.ratings.reviews.invalidate({ id: gameId });
      toast(
        intl.formatMessage({ id: 'rate.submitted', defaultMessage: 'Rating submitted' }),
        intl.formatMessage({ id: 'rate.thanks', defaultMessage: 'Thank you for rating this game!' }),
      );
      setScore(0);
      setComment('');
    },
    onError: (error) => {
      console.error('Rating failed', error);
      toast(
        intl.formatMessage({ id: 'common.error', defaultMessage: 'Error' }),
        intl.formatMessage({ id: 'rate.failed', defaultMessage: 'Failed to submit rating. Please try again.' }),
        'error',
      );
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (score < 1) return;
    const text = comment.trim();
    rate.mutate({ id: gameId, score, ...(text ? { comment: text } : {}) });
  };

  const saved = mine.data?.rating;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="rate-heading">
      {!mine.data?.played ? (
        <Stack gap="sm">
          <Title order={2} size="h4" id="rate-heading">
            <FormattedMessage id="rate.title" defaultMessage="Rate This Game" />
          </Title>
          {mine.data ? (
            <Text size="sm">
              <FormattedMessage id="rate.playFirst" defaultMessage="Play this game before rating it: the rating opens as soon as the game has started." />
            </Text>
          ) : (
            <Skeleton height={20} width="70%" aria-label={intl.formatMessage({ id: 'rate.loading', defaultMessage: 'Loading your rating' })} />
          )}
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Title order={2} size="h4" id="rate-heading">
              <FormattedMessage id="rate.title" defaultMessage="Rate This Game" />
            </Title>
            {saved && (
              <Stack gap={2} aria-label={intl.formatMessage({ id: 'rate.savedLabel', defaultMessage: 'Your saved rating' })}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    <FormattedMessage id="rate.yourRating" defaultMessage="Your rating" />
                  </Text>
                  <Rating value={saved.score} readOnly size="sm" aria-label={intl.formatMessage({ id: 'reviews.stars', defaultMessage: '{score} out of 5 stars' }, { score: saved.score })} />
                </Group>
                {saved.comment && (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    “{saved.comment}”
                  </Text>
                )}
              </Stack>
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="rate-score-label">
                {saved ? (
                  <FormattedMessage id="rate.change" defaultMessage="Change your rating" />
                ) : (
                  <FormattedMessage id="rate.yourRating" defaultMessage="Your rating" />
                )}
              </Text>
              <Rating
                value={score}
                onChange={setScore}
                size="xl"
                count={5}
                aria-labelledby="rate-score-label"
                // Mantine passes each symbol's value (0 is the leading 'none' radio), not its index.
                getSymbolLabel={(value) =>
                  value === 0
                    ? intl.formatMessage({ id: 'rate.noRating', defaultMessage: 'No rating' })
                    : intl.formatMessage({ id: 'rate.stars', defaultMessage: '{count, plural, one {# star} other {# stars}}' }, { count: value })
                }
              />
              <Text size="xs" c="dimmed" mih={18}>
                {score ? (
                  intl.formatMessage(scoreLabels[score as keyof typeof scoreLabels])
                ) : (
                  <FormattedMessage id="rate.clickAStar" defaultMessage="Click a star to choose 1 to 5" />
                )}
              </Text>
            </Stack>
            <Textarea
              label={intl.formatMessage({ id: 'rate.comment', defaultMessage: 'Comment (optional)' })}
              placeholder={intl.formatMessage({ id: 'rate.commentPlaceholder', defaultMessage: 'What did you think?' })}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={LIMITS.commentMax}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
            />
            <Button type="submit" disabled={score < 1} loading={rate.isPending} style={{ alignSelf: 'flex-start' }}>
              <FormattedMessage id="rate.submit" defaultMessage="Submit Rating" />
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
