import { useState } from 'react';
import { Button, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { LIMITS } from '../../../shared/constants';
import { toast } from '../../notify';
import { trpc } from '../../trpc';

const scoreLabels = ['', 'Poor', 'Fair', 'Good', 'Great', 'Amazing'];

export function RateGamePanel({ gameId, slug }: { gameId: number; slug: string }) {
  const utils = trpc.useUtils();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const rate = trpc.ratings.rate.useMutation({
    onSuccess: ({ ratingSummary }) => {
      utils.games.bySlug.setData({ slug }, (old) => (old ? { ...old, ratingSummary } : old));
      void utils.games.list.invalidate();
      void utils.home.get.invalidate();
      void utils.developer.myGames.invalidate();
      toast('Rating submitted', 'Thank you for rating this game!');
      setScore(0);
      setComment('');
    },
    onError: (error) => {
      console.error('Rating failed', error);
      toast('Error', 'Failed to submit rating. Please try again.', 'error');
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (score < 1) return;
    const text = comment.trim();
    rate.mutate({ id: gameId, score, ...(text ? { comment: text } : {}) });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="rate-heading">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="rate-heading">
            Rate This Game
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rate-score-label">
              Your rating
            </Text>
            <Rating
              value={score}
              onChange={setScore}
              size="xl"
              count={5}
              aria-labelledby="rate-score-label"
              getSymbolLabel={(index) => `${index + 1} star${index === 0 ? '' : 's'}`}
            />
            <Text size="xs" c="dimmed" mih={18}>
              {score ? scoreLabels[score] : 'Click a star to choose 1 to 5'}
            </Text>
          </Stack>
          <Textarea
            label="Comment (optional)"
            placeholder="What did you think?"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={LIMITS.commentMax}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Button type="submit" disabled={score < 1} loading={rate.isPending} style={{ alignSelf: 'flex-start' }}>
            Submit Rating
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
