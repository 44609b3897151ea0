import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconEyeOff, IconFlag, IconX } from '@tabler/icons-react';
import type { ReportPriority, ReportStatus } from '../../../shared/constants';
import type { Report } from '../../../shared/schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { ConfirmDialog } from './ConfirmDialog';
import { Queue, QueueItemHeader } from './Queue';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';

const STATUS_OPTIONS = defineMessages({
  OPEN: { id: 'admin.reports.openReports', defaultMessage: 'Open Reports' },
  RESOLVED: { id: 'admin.reports.resolvedReports', defaultMessage: 'Resolved Reports' },
  DISMISSED: { id: 'admin.reports.dismissedReports', defaultMessage: 'Dismissed Reports' },
}) satisfies Record<ReportStatus, unknown>;
const STATUS_BADGES = defineMessages({
  OPEN: { id: 'admin.reports.open', defaultMessage: 'OPEN' },
  RESOLVED: { id: 'admin.reports.resolvedStatus', defaultMessage: 'RESOLVED' },
  DISMISSED: { id: 'admin.reports.dismissedStatus', defaultMessage: 'DISMISSED' },
}) satisfies Record<ReportStatus, unknown>;
const PRIORITIES = defineMessages({
  low: { id: 'admin.reports.priorityLow', defaultMessage: 'low' },
  medium: { id: 'admin.reports.priorityMedium', defaultMessage: 'medium' },
  high: { id: 'admin.reports.priorityHigh', defaultMessage: 'high' },
  critical: { id: 'admin.reports.priorityCritical', defaultMessage: 'critical' },
}) satisfies Record<ReportPriority, unknown>;

const statusColor: Record<ReportStatus, string> = { OPEN: 'orange', RESOLVED: 'teal', DISMISSED: 'gray' };

interface ReportsListProps {
  status: ReportStatus;
  onStatusChange: (status: ReportStatus) => void;
  reports: Report[] | undefined;
  loading: boolean;
}

/** One line of a report; the label carries its own colon (French puts a space before it). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      {children}
    </Text>
  );
}

export function ReportsList({ status, onStatusChange, reports, loading }: ReportsListProps) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const errorTitle = intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' });
  const resolvedTitle = intl.formatMessage({ id: 'admin.reports.resolved', defaultMessage: 'Report resolved' });
  const updateFailed = intl.formatMessage({ id: 'admin.reports.updateFailed', defaultMessage: 'Failed to update the report. Please try again.' });
  const resolveAndUnpublish = intl.formatMessage({ id: 'admin.reports.resolveAndUnpublish', defaultMessage: 'Resolve & Unpublish' });
  const statusOptions = (Object.keys(STATUS_OPTIONS) as ReportStatus[]).map((value) => ({ value, label: intl.formatMessage(STATUS_OPTIONS[value]) }));
  const [unpublishFor, setUnpublishFor] = useState<Report | null>(null);
  const resolve = trpc.admin.resolveReport.useMutation({
    onSuccess: (_, { unpublish }) => {
      if (unpublish) {
        toast(resolvedTitle, intl.formatMessage({ id: 'admin.reports.resolvedUnpublishedText', defaultMessage: 'The report has been resolved and the game removed from the portal.' }));
        setUnpublishFor(null);
        void utils.admin.games.invalidate();
        void utils.admin.stats.invalidate();
        void utils.games.invalidate();
        void utils.home.get.invalidate();
        void utils.kids.games.invalidate();
      } else {
        toast(resolvedTitle, intl.formatMessage({ id: 'admin.reports.resolvedText', defaultMessage: 'The report has been marked as resolved.' }));
      }
      void utils.admin.reports.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) => toast(errorTitle, errorMessage(error) ?? updateFailed, 'error'),
  });
  const dismiss = trpc.admin.dismissReport.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.reports.dismissed', defaultMessage: 'Report dismissed' }),
        intl.formatMessage({ id: 'admin.reports.dismissedText', defaultMessage: 'The report has been dismissed.' }),
      );
      void utils.admin.reports.invalidate();
    },
    onError: () => toast(errorTitle, updateFailed, 'error'),
  });

  return (
    <Stack>
      <Queue
        statusOptions={statusOptions}
        status={status}
        onStatusChange={onStatusChange}
        loading={loading}
        empty={!reports || reports.length === 0}
        emptyText={intl.formatMessage(
          { id: 'admin.reports.none', defaultMessage: '{status, select, OPEN {No open reports} RESOLVED {No resolved reports} other {No dismissed reports}}' },
          { status },
        )}
        icon={<IconFlag size={28} />}
        itemHeight={110}
      >
        {reports?.map((report) => (
          <Paper key={report.id} withBorder radius="lg" p="md" data-testid="report">
            <QueueItemHeader status={intl.formatMessage(STATUS_BADGES[report.status])} statusColor={statusColor[report.status]} createdAt={report.createdAt}>
              <Badge variant="outline" color="gray">
                {report.kind === 'GAME' ? (
                  <FormattedMessage id="admin.reports.gameReport" defaultMessage="Game report" />
                ) : (
                  <FormattedMessage id="admin.reports.generalReport" defaultMessage="General report" />
                )}
              </Badge>
              {report.priority && (
                <Badge variant="light" color={report.priority === 'critical' || report.priority === 'high' ? 'red' : 'gray'}>
                  {intl.formatMessage(PRIORITIES[report.priority])}
                </Badge>
              )}
            </QueueItemHeader>
            <Stack gap={2}>
              {report.gameId !== null && <Field label={intl.formatMessage({ id: 'admin.reports.gameId', defaultMessage: 'Game ID:' })}>{report.gameId}</Field>}
              <Field label={intl.formatMessage({ id: 'admin.reports.reason', defaultMessage: 'Reason:' })}>{report.reason}</Field>
              {report.gameTitle && <Field label={intl.formatMessage({ id: 'admin.reports.gameTitle', defaultMessage: 'Game title:' })}>{report.gameTitle}</Field>}
              {report.gameUrl && <Field label={intl.formatMessage({ id: 'admin.reports.gameUrl', defaultMessage: 'Game URL:' })}>{report.gameUrl}</Field>}
              {report.description && <Field label={intl.formatMessage({ id: 'admin.reports.description', defaultMessage: 'Description:' })}>{report.description}</Field>}
              {report.email && <Field label={intl.formatMessage({ id: 'admin.reports.contact', defaultMessage: 'Contact:' })}>{report.email}</Field>}
              {report.userId !== null && <Field label={intl.formatMessage({ id: 'admin.reports.reporterId', defaultMessage: 'Reporter ID:' })}>{report.userId}</Field>}
            </Stack>
            {report.status === 'OPEN' && (
              <Group gap="xs" mt="sm">
                <Button
                  size="xs"
                  color="teal"
                  leftSection={<IconCheck size={14} />}
                  loading={resolve.isPending && resolve.variables?.id === report.id && !resolve.variables.unpublish}
                  onClick={() => resolve.mutate({ id: report.id })}
                >
                  <FormattedMessage id="admin.reports.resolve" defaultMessage="Resolve" />
                </Button>
                {report.gameId !== null && (
                  <Button size="xs" color="red" variant="light" leftSection={<IconEyeOff size={14} />} onClick={() => setUnpublishFor(report)}>
                    {resolveAndUnpublish}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  loading={dismiss.isPending && dismiss.variables?.id === report.id}
                  onClick={() => dismiss.mutate({ id: report.id })}
                >
                  <FormattedMessage id="admin.reports.dismiss" defaultMessage="Dismiss" />
                </Button>
              </Group>
            )}
          </Paper>
        ))}
      </Queue>
      <ConfirmDialog
        opened={unpublishFor !== null}
        title={intl.formatMessage({ id: 'admin.reports.unpublishTitle', defaultMessage: 'Resolve and unpublish?' })}
        confirmLabel={resolveAndUnpublish}
        loading={resolve.isPending && resolve.variables?.unpublish === true}
        onConfirm={() => unpublishFor && resolve.mutate({ id: unpublishFor.id, unpublish: true })}
        onClose={() => setUnpublishFor(null)}
      >
        <FormattedMessage
          id="admin.reports.unpublishText"
          defaultMessage="The report is resolved and game #{id} leaves every list, search and its page until it is re-published from the All Games tab."
          values={{ id: String(unpublishFor?.gameId ?? '') }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
