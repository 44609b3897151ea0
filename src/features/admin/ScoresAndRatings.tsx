import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Rating, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ModeratedRating, ModeratedScore } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { ReportedReviews } from './ReportedReviews';

const flagLabels = defineMessages({
  'above-game-limit': { id: 'admin.scores.flagAboveLimit', defaultMessage: 'Above what the game can award' },
  'never-played': { id: 'admin.scores.flagNeverPlayed', defaultMessage: 'Never played the game' },
  'rating-burst': { id: 'admin.scores.flagRatingBurst', defaultMessage: 'Many ratings within an hour' },
}) satisfies Record<ModeratedScore['flags'][number], unknown>;

function Flags({ flags }: { flags: ModeratedScore['flags'] }) {
  const intl = useIntl();
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag} size="sm" color="red" variant="light">
          {intl.formatMessage(flagLabels[flag])}
        </Badge>
      ))}
    </Group>
  );
}

function Entry({ title, detail, flags, onRemove, removing }: {
  title: ReactNode;
  detail: ReactNode;
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
          <FormattedMessage id="admin.scores.remove" defaultMessage="Remove" />
        </Button>
      </Group>
    </Paper>
  );
}

/** Recent scores and ratings, suspicious ones first by default, each removable (audited). */
export function ScoresAndRatings() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const errorTitle = intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' });
  const [suspicious, setSuspicious] = useState<'true' | 'false'>('true');
  const utils = trpc.useUtils();
  const scores = trpc.admin.scores.useQuery({ suspicious });
  const ratings = trpc.admin.ratings.useQuery({ suspicious });
  const removeScore = trpc.admin.removeScore.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.scores.scoreRemoved', defaultMessage: 'Score removed' }),
        intl.formatMessage({ id: 'admin.scores.scoreRemovedText', defaultMessage: 'The score no longer counts in the top scores.' }),
      );
      void utils.admin.scores.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: () => toast(errorTitle, intl.formatMessage({ id: 'admin.scores.scoreRemoveFailed', defaultMessage: 'Failed to remove the score. Please try again.' }), 'error'),
  });
  const removeRating = trpc.admin.removeRating.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.scores.ratingRemoved', defaultMessage: 'Rating removed' }),
        intl.formatMessage({ id: 'admin.scores.ratingRemovedText', defaultMessage: "The rating is gone and the game's average recomputed." }),
      );
      void utils.admin.ratings.invalidate();
      void utils.admin.reportedReviews.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: () => toast(errorTitle, intl.formatMessage({ id: 'admin.scores.ratingRemoveFailed', defaultMessage: 'Failed to remove the rating. Please try again.' }), 'error'),
  });

  return (
    <Stack>
      <ReportedReviews />
      <SegmentedControl
        value={suspicious}
        onChange={(value) => setSuspicious(value as 'true' | 'false')}
        data={[
          { value: 'true', label: intl.formatMessage({ id: 'admin.scores.suspicious', defaultMessage: 'Suspicious' }) },
          { value: 'false', label: intl.formatMessage({ id: 'admin.scores.allRecent', defaultMessage: 'All recent' }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Title order={2} size="h4">
        <FormattedMessage id="admin.scores.scores" defaultMessage="Scores" />
      </Title>
      {scores.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : scores.data?.length ? (
        scores.data.map((score: ModeratedScore) => (
          <Entry
            key={score.id}
            title={
              <Text fw={600}>
                <FormattedMessage id="admin.scores.scoreIn" defaultMessage="{score} in {title}" values={{ score: format.count(score.score), title: score.game.title }} />
              </Text>
            }
            detail={`${score.player.email} · ${format.date(score.createdAt)}`}
            flags={score.flags}
            removing={removeScore.isPending && removeScore.variables?.id === score.id}
            onRemove={() => removeScore.mutate({ id: score.id })}
          />
        ))
      ) : (
        <EmptyState>
          <FormattedMessage id="admin.scores.noScores" defaultMessage="{suspicious, select, true {No suspicious scores right now.} other {No scores yet.}}" values={{ suspicious }} />
        </EmptyState>
      )}
      <Title order={2} size="h4">
        <FormattedMessage id="admin.scores.ratings" defaultMessage="Ratings" />
      </Title>
      {ratings.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : ratings.data?.length ? (
        ratings.data.map((rating: ModeratedRating) => (
          <Entry
            key={rating.id}
            title={
              <Group gap="xs">
                <Rating value={rating.score} readOnly size="xs" aria-label={intl.formatMessage({ id: 'reviews.stars', defaultMessage: '{score} out of 5 stars' }, { score: rating.score })} />
                <Text fw={600}>{rating.game.title}</Text>
              </Group>
            }
            detail={`${rating.player.email} · ${format.date(rating.updatedAt)}${rating.comment ? ` · “${rating.comment}”` : ''}`}
            flags={rating.flags}
            removing={removeRating.isPending && removeRating.variables?.id === rating.id}
            onRemove={() => removeRating.mutate({ id: rating.id })}
          />
        ))
      ) : (
        <EmptyState>
          <FormattedMessage id="admin.scores.noRatings" defaultMessage="{suspicious, select, true {No suspicious ratings right now.} other {No ratings yet.}}" values={{ suspicious }} />
        </EmptyState>
      )}
    </Stack>
  );
}
