import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconEyeOff, IconFlag, IconX } from '@tabler/icons-react';
import type { ReportStatus } from '../../../shared/constants';
import type { Report } from '../../../shared/schemas';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { ConfirmDialog } from './ConfirmDialog';
import { Queue, QueueItemHeader } from './Queue';

const statusOptions: { value: ReportStatus; label: string }[] = [
  { value: 'OPEN', label: 'Open Reports' },
  { value: 'RESOLVED', label: 'Resolved Reports' },
  { value: 'DISMISSED', label: 'Dismissed Reports' },
];

const statusColor: Record<ReportStatus, string> = { OPEN: 'orange', RESOLVED: 'teal', DISMISSED: 'gray' };

interface ReportsListProps {
  status: ReportStatus;
  onStatusChange: (status: ReportStatus) => void;
  reports: Report[] | undefined;
  loading: boolean;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

export function ReportsList({ status, onStatusChange, reports, loading }: ReportsListProps) {
  const utils = trpc.useUtils();
  const [unpublishFor, setUnpublishFor] = useState<Report | null>(null);
  const resolve = trpc.admin.resolveReport.useMutation({
    onSuccess: (_, { unpublish }) => {
      if (unpublish) {
        toast('Report resolved', 'The report has been resolved and the game removed from the portal.');
        setUnpublishFor(null);
        void utils.admin.games.invalidate();
        void utils.admin.stats.invalidate();
        void utils.games.invalidate();
        void utils.home.get.invalidate();
        void utils.kids.games.invalidate();
      } else {
        toast('Report resolved', 'The report has been marked as resolved.');
      }
      void utils.admin.reports.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to update the report. Please try again.', 'error'),
  });
  const dismiss = trpc.admin.dismissReport.useMutation({
    onSuccess: () => {
      toast('Report dismissed', 'The report has been dismissed.');
      void utils.admin.reports.invalidate();
    },
    onError: () => toast('Error', 'Failed to update the report. Please try again.', 'error'),
  });

  return (
    <Stack>
      <Queue
        statusOptions={statusOptions}
        status={status}
        onStatusChange={onStatusChange}
        loading={loading}
        empty={!reports || reports.length === 0}
        noun="reports"
        icon={<IconFlag size={28} />}
        itemHeight={110}
      >
        {reports?.map((report) => (
          <Paper key={report.id} withBorder radius="lg" p="md" data-testid="report">
            <QueueItemHeader status={report.status} statusColor={statusColor[report.status]} createdAt={report.createdAt}>
              <Badge variant="outline" color="gray">
                {report.kind === 'GAME' ? 'Game report' : 'General report'}
              </Badge>
              {report.priority && (
                <Badge variant="light" color={report.priority === 'critical' || report.priority === 'high' ? 'red' : 'gray'}>
                  {report.priority}
                </Badge>
              )}
            </QueueItemHeader>
            <Stack gap={2}>
              {report.gameId !== null && <Field label="Game ID">{report.gameId}</Field>}
              <Field label="Reason">{report.reason}</Field>
              {report.gameTitle && <Field label="Game title">{report.gameTitle}</Field>}
              {report.gameUrl && <Field label="Game URL">{report.gameUrl}</Field>}
              {report.description && <Field label="Description">{report.description}</Field>}
              {report.email && <Field label="Contact">{report.email}</Field>}
              {report.userId !== null && <Field label="Reporter ID">{report.userId}</Field>}
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
                  Resolve
                </Button>
                {report.gameId !== null && (
                  <Button size="xs" color="red" variant="light" leftSection={<IconEyeOff size={14} />} onClick={() => setUnpublishFor(report)}>
                    Resolve & Unpublish
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconX size={14} />}
                  loading={dismiss.isPending && dismiss.variables?.id === report.id}
                  onClick={() => dismiss.mutate({ id: report.id })}
                >
                  Dismiss
                </Button>
              </Group>
            )}
          </Paper>
        ))}
      </Queue>
      <ConfirmDialog
        opened={unpublishFor !== null}
        title="Resolve and unpublish?"
        confirmLabel="Resolve & Unpublish"
        loading={resolve.isPending && resolve.variables?.unpublish === true}
        onConfirm={() => unpublishFor && resolve.mutate({ id: unpublishFor.id, unpublish: true })}
        onClose={() => setUnpublishFor(null)}
      >
        The report is resolved and game #{unpublishFor?.gameId} leaves every list, search and its page until it is re-published from
        the All Games tab.
      </ConfirmDialog>
    </Stack>
  );
}
