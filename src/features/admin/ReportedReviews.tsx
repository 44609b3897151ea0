import { Badge, Button, Group, Paper, Rating, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import type { ReportedReview } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatDate } from '../games/format';

const reasonLabels: Record<ReportedReview['reasons'][number], string> = {
  spam: 'Spam',
  offensive: 'Offensive',
  'off-topic': 'Not about the game',
  'false-information': 'False or misleading',
  other: 'Other',
};

/** Reviews players reported (issue #25): dismiss the reports and keep the review, or remove it (audited). */
export function ReportedReviews() {
  const utils = trpc.useUtils();
  const reported = trpc.admin.reportedReviews.useQuery();
  const refresh = () => {
    void utils.admin.reportedReviews.invalidate();
    void utils.admin.ratings.invalidate();
    void utils.admin.auditLog.invalidate();
  };
  const dismiss = trpc.admin.dismissReviewReports.useMutation({
    onSuccess: () => {
      toast('Reports dismissed', 'The review stays up.');
      refresh();
    },
    onError: () => toast('Error', 'Failed to dismiss the reports. Please try again.', 'error'),
  });
  const remove = trpc.admin.removeRating.useMutation({
    onSuccess: () => {
      toast('Review removed', "The review is gone and the game's average recomputed.");
      refresh();
    },
    onError: () => toast('Error', 'Failed to remove the review. Please try again.', 'error'),
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="reported-reviews-heading">
      <Title order={2} size="h4" id="reported-reviews-heading">
        Reported reviews{reported.data?.length ? ` (${reported.data.length})` : ''}
      </Title>
      {reported.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : reported.data?.length ? (
        reported.data.map((review) => (
          <Paper key={review.id} withBorder radius="md" p="md" data-testid="reported-review">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs">
                  <Rating value={review.score} readOnly size="xs" aria-label={`${review.score} out of 5 stars`} />
                  <Text fw={600}>{review.game.title}</Text>
                </Group>
                {review.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    “{review.comment}”
                  </Text>
                )}
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {review.player.email} · {formatDate(review.updatedAt)} · {review.reports === 1 ? '1 report' : `${review.reports} reports`}, the last {formatDate(review.lastReportedAt)}
                </Text>
                <Group gap={4}>
                  {review.reasons.map((reason) => (
                    <Badge key={reason} size="sm" color="orange" variant="light">
                      {reasonLabels[reason]}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconCheck size={14} />}
                  loading={dismiss.isPending && dismiss.variables?.id === review.id}
                  onClick={() => dismiss.mutate({ id: review.id })}
                >
                  Dismiss
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  loading={remove.isPending && remove.variables?.id === review.id}
                  onClick={() => remove.mutate({ id: review.id })}
                >
                  Remove review
                </Button>
              </Group>
            </Group>
          </Paper>
        ))
      ) : (
        <EmptyState>No reported reviews.</EmptyState>
      )}
    </Stack>
  );
}
