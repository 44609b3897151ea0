import { useState } from 'react';
import { Badge, Button, Group, Paper, Rating, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ModeratedRating, ModeratedScore } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatCount, formatDate } from '../games/format';
import { ReportedReviews } from './ReportedReviews';

const flagLabels: Record<ModeratedScore['flags'][number], string> = {
  'above-game-limit': 'Above what the game can award',
  'never-played': 'Never played the game',
  'rating-burst': 'Many ratings within an hour',
};

function Flags({ flags }: { flags: ModeratedScore['flags'] }) {
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag} size="sm" color="red" variant="light">
          {flagLabels[flag]}
        </Badge>
      ))}
    </Group>
  );
}

function Entry({ title, detail, flags, onRemove, removing }: {
  title: React.ReactNode;
  detail: React.ReactNode;
  flags: ModeratedScore['flags'];
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {title}
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {detail}
          </Text>
          <Flags flags={flags} />
        </Stack>
        <Button color="red" variant="light" size="xs" leftSection={<IconTrash size={14} />} loading={removing} onClick={onRemove}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}

/** Recent scores and ratings, suspicious ones first by default, each removable (audited). */
export function ScoresAndRatings() {
  const [suspicious, setSuspicious] = useState<'true' | 'false'>('true');
  const utils = trpc.useUtils();
  const scores = trpc.admin.scores.useQuery({ suspicious });
  const ratings = trpc.admin.ratings.useQuery({ suspicious });
  const removeScore = trpc.admin.removeScore.useMutation({
    onSuccess: () => {
      toast('Score removed', 'The score no longer counts in the top scores.');
      void utils.admin.scores.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: () => toast('Error', 'Failed to remove the score. Please try again.', 'error'),
  });
  const removeRating = trpc.admin.removeRating.useMutation({
    onSuccess: () => {
      toast('Rating removed', "The rating is gone and the game's average recomputed.");
      void utils.admin.ratings.invalidate();
      void utils.admin.reportedReviews.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: () => toast('Error', 'Failed to remove the rating. Please try again.', 'error'),
  });
  const empty = (what: string) => (suspicious === 'true' ? `No suspicious ${what} right now.` : `No ${what} yet.`);

  return (
    <Stack>
      <ReportedReviews />
      <SegmentedControl
        value={suspicious}
        onChange={(value) => setSuspicious(value as 'true' | 'false')}
        data={[
          { value: 'true', label: 'Suspicious' },
          { value: 'false', label: 'All recent' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Title order={2} size="h4">
        Scores
      </Title>
      {scores.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : scores.data?.length ? (
        scores.data.map((score: ModeratedScore) => (
          <Entry
            key={score.id}
            title={
              <Text fw={600}>
                {formatCount(score.score)} in {score.game.title}
              </Text>
            }
            detail={`${score.player.email} · ${formatDate(score.createdAt)}`}
            flags={score.flags}
            removing={removeScore.isPending && removeScore.variables?.id === score.id}
            onRemove={() => removeScore.mutate({ id: score.id })}
          />
        ))
      ) : (
        <EmptyState>{empty('scores')}</EmptyState>
      )}
      <Title order={2} size="h4">
        Ratings
      </Title>
      {ratings.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : ratings.data?.length ? (
        ratings.data.map((rating: ModeratedRating) => (
          <Entry
            key={rating.id}
            title={
              <Group gap="xs">
                <Rating value={rating.score} readOnly size="xs" aria-label={`${rating.score} out of 5 stars`} />
                <Text fw={600}>{rating.game.title}</Text>
              </Group>
            }
            detail={`${rating.player.email} · ${formatDate(rating.updatedAt)}${rating.comment ? ` · “${rating.comment}”` : ''}`}
            flags={rating.flags}
            removing={removeRating.isPending && removeRating.variables?.id === rating.id}
            onRemove={() => removeRating.mutate({ id: rating.id })}
          />
        ))
      ) : (
        <EmptyState>{empty('ratings')}</EmptyState>
      )}
    </Stack>
  );
}
