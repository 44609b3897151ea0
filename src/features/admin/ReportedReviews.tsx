import { Badge, Button, Group, Paper, Rating, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import type { ReportedReview } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';

const reasonLabels = defineMessages({
  spam: { id: 'admin.reviews.spam', defaultMessage: 'Spam' },
  offensive: { id: 'admin.reviews.offensive', defaultMessage: 'Offensive' },
  'off-topic': { id: 'admin.reviews.offTopic', defaultMessage: 'Not about the game' },
  'false-information': { id: 'admin.reviews.falseInformation', defaultMessage: 'False or misleading' },
  other: { id: 'admin.reviews.other', defaultMessage: 'Other' },
}) satisfies Record<ReportedReview['reasons'][number], unknown>;

/** Reviews players reported (issue #25): dismiss the reports and keep the review, or remove it (audited). */
export function ReportedReviews() {
  const intl = useIntl();
  const format = useLocaleFormat();
  const errorTitle = intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' });
  const utils = trpc.useUtils();
  const reported = trpc.admin.reportedReviews.useQuery();
  const refresh = () => {
    void utils.admin.reportedReviews.invalidate();
    void utils.admin.ratings.invalidate();
    void utils.admin.auditLog.invalidate();
  };
  const dismiss = trpc.admin.dismissReviewReports.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.reviews.dismissed', defaultMessage: 'Reports dismissed' }),
        intl.formatMessage({ id: 'admin.reviews.dismissedText', defaultMessage: 'The review stays up.' }),
      );
      refresh();
    },
    onError: () => toast(errorTitle, intl.formatMessage({ id: 'admin.reviews.dismissFailed', defaultMessage: 'Failed to dismiss the reports. Please try again.' }), 'error'),
  });
  const remove = trpc.admin.removeRating.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.reviews.removed', defaultMessage: 'Review removed' }),
        intl.formatMessage({ id: 'admin.reviews.removedText', defaultMessage: "The review is gone and the game's average recomputed." }),
      );
      refresh();
    },
    onError: () => toast(errorTitle, intl.formatMessage({ id: 'admin.reviews.removeFailed', defaultMessage: 'Failed to remove the review. Please try again.' }), 'error'),
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="reported-reviews-heading">
      <Title order={2} size="h4" id="reported-reviews-heading">
        {reported.data?.length ? (
          <FormattedMessage id="admin.reviews.headingCount" defaultMessage="Reported reviews ({count})" values={{ count: format.count(reported.data.length) }} />
        ) : (
          <FormattedMessage id="admin.reviews.heading" defaultMessage="Reported reviews" />
        )}
      </Title>
      {reported.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : reported.data?.length ? (
        reported.data.map((review) => (
          <Paper key={review.id} withBorder radius="md" p="md" data-testid="reported-review">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs">
                  <Rating value={review.score} readOnly size="xs" aria-label={intl.formatMessage({ id: 'reviews.stars', defaultMessage: '{score} out of 5 stars' }, { score: review.score })} />
                  <Text fw={600}>{review.game.title}</Text>
                </Group>
                {review.comment && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    “{review.comment}”
                  </Text>
                )}
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  <FormattedMessage
                    id="admin.reviews.line"
                    defaultMessage="{email} · {date} · {reports, plural, one {# report} other {# reports}}, the last {lastDate}"
                    values={{ email: review.player.email, date: format.date(review.updatedAt), reports: review.reports, lastDate: format.date(review.lastReportedAt) }}
                  />
                </Text>
                <Group gap={4}>
                  {review.reasons.map((reason) => (
                    <Badge key={reason} size="sm" color="orange" variant="light">
                      {intl.formatMessage(reasonLabels[reason])}
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
                  <FormattedMessage id="admin.reports.dismiss" defaultMessage="Dismiss" />
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  loading={remove.isPending && remove.variables?.id === review.id}
                  onClick={() => remove.mutate({ id: review.id })}
                >
                  <FormattedMessage id="admin.reviews.remove" defaultMessage="Remove review" />
                </Button>
              </Group>
            </Group>
          </Paper>
        ))
      ) : (
        <EmptyState>
          <FormattedMessage id="admin.reviews.none" defaultMessage="No reported reviews." />
        </EmptyState>
      )}
    </Stack>
  );
}
