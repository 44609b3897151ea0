import { Button, Menu } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { ReviewReportReason } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';

const reasons = defineMessages({
  spam: { id: 'reviews.reason.spam', defaultMessage: 'Spam or advertising' },
  offensive: { id: 'reviews.reason.offensive', defaultMessage: 'Offensive or hateful' },
  'off-topic': { id: 'reviews.reason.offTopic', defaultMessage: 'Not about the game' },
  'false-information': { id: 'reviews.reason.falseInformation', defaultMessage: 'False or misleading' },
  other: { id: 'reviews.reason.other', defaultMessage: 'Something else' },
} satisfies Record<ReviewReportReason, { id: string; defaultMessage: string }>);

/** A signed-in player's Report on a review: a reason, once per review; admins see it in Scores & Ratings. */
export function ReportReviewMenu({ reviewId, player }: { reviewId: number; player: string }) {
  const intl = useIntl();
  const report = trpc.ratings.reportReview.useMutation({
    onSuccess: () =>
      toast(
        intl.formatMessage({ id: 'reviews.reportedTitle', defaultMessage: 'Review reported' }),
        intl.formatMessage({ id: 'reviews.reportedText', defaultMessage: "Thank you. We'll review it soon." }),
      ),
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'reviews.reportFailedTitle', defaultMessage: 'Not reported' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'reviews.reportFailedText', defaultMessage: 'Failed to report the review. Please try again.' }),
        'error',
      ),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-xs"
          leftSection={<IconFlag size={12} aria-hidden />}
          loading={report.isPending}
          disabled={report.isSuccess}
          aria-label={intl.formatMessage({ id: 'reviews.reportLabel', defaultMessage: "Report {player}'s review" }, { player })}
        >
          {report.isSuccess ? <FormattedMessage id="reviews.reported" defaultMessage="Reported" /> : <FormattedMessage id="reviews.report" defaultMessage="Report" />}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <FormattedMessage id="reviews.reportWhy" defaultMessage="Why report this review?" />
        </Menu.Label>
        {(Object.keys(reasons) as ReviewReportReason[]).map((reason) => (
          <Menu.Item key={reason} onClick={() => report.mutate({ id: reviewId, reason })}>
            {intl.formatMessage(reasons[reason])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
