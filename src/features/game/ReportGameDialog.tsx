import { useState } from 'react';
import { Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { GAME_REPORT_REASONS, type GameReportReason } from '../../../shared/constants';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../notify';
import { trpc } from '../../trpc';

const reasonLabels: Record<GameReportReason, string> = {
  'inappropriate-content': 'Inappropriate content',
  malware: 'Malware or harmful code',
  copyright: 'Copyright infringement',
  broken: 'Game is broken or does not load',
  spam: 'Spam or misleading',
  other: 'Other',
};

interface ReportGameDialogProps {
  gameId: number;
  opened: boolean;
  onClose: () => void;
}

export function ReportGameDialog({ gameId, opened, onClose }: ReportGameDialogProps) {
  const { user } = useAuth();
  const [reason, setReason] = useState<GameReportReason | null>(null);
  const report = trpc.reports.reportGame.useMutation({
    onSuccess: () => {
      toast('Report submitted', "Thank you for reporting this game. We'll review it soon.");
      setReason(null);
      onClose();
    },
    onError: (error) => console.error('Game report failed', error),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Report Game" centered radius="lg">
      {user ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) report.mutate({ id: gameId, reason });
          }}
        >
          <Stack>
            <Radio.Group
              label="Why are you reporting this game?"
              value={reason ?? ''}
              onChange={(value) => setReason(value as GameReportReason)}
            >
              <Stack gap="xs" mt="xs">
                {GAME_REPORT_REASONS.map((value) => (
                  <Radio key={value} value={value} label={reasonLabels[value]} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!reason} loading={report.isPending}>
                Submit Report
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Text>Please sign in to report games.</Text>
          <Text size="sm" c="dimmed">
            You can also send a report without an account through the{' '}
            <Anchor component={Link} to="/report" onClick={onClose}>
              Report a Game
            </Anchor>{' '}
            form.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
