import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { GAME_REPORT_REASONS, type GameReportReason } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../notify';
import { trpc } from '../../trpc';

const reasonLabels = defineMessages({
  'inappropriate-content': { id: 'reportGame.reason.inappropriateContent', defaultMessage: 'Inappropriate content' },
  malware: { id: 'reportGame.reason.malware', defaultMessage: 'Malware or harmful code' },
  copyright: { id: 'reportGame.reason.copyright', defaultMessage: 'Copyright infringement' },
  broken: { id: 'reportGame.reason.broken', defaultMessage: 'Game is broken or does not load' },
  spam: { id: 'reportGame.reason.spam', defaultMessage: 'Spam or misleading' },
  other: { id: 'reportGame.reason.other', defaultMessage: 'Other' },
} satisfies Record<GameReportReason, { id: string; defaultMessage: string }>);

/** The Report a Game page's link, which closes the dialog on its way. */
const reportFormLink = (onClose: () => void) =>
  function ReportFormLink(chunks: ReactNode[]) {
    return (
      <Anchor component={Link} to="/report" onClick={onClose}>
        {chunks}
      </Anchor>
    );
  };

interface ReportGameDialogProps {
  gameId: number;
  opened: boolean;
  onClose: () => void;
}

export function ReportGameDialog({ gameId, opened, onClose }: ReportGameDialogProps) {
  const intl = useIntl();
  const { user } = useAuth();
  const [reason, setReason] = useState<GameReportReason | null>(null);
  const report = trpc.reports.reportGame.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'reportGame.submitted', defaultMessage: 'Report submitted' }),
        intl.formatMessage({ id: 'reportGame.submittedText', defaultMessage: "Thank you for reporting this game. We'll review it soon." }),
      );
      setReason(null);
      onClose();
    },
    onError: (error) => console.error('Game report failed', error),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: 'reportGame.title', defaultMessage: 'Report Game' })} centered radius="lg">
      {user ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) report.mutate({ id: gameId, reason });
          }}
        >
          <Stack>
            <Radio.Group
              label={intl.formatMessage({ id: 'reportGame.why', defaultMessage: 'Why are you reporting this game?' })}
              value={reason ?? ''}
              onChange={(value) => setReason(value as GameReportReason)}
            >
              <Stack gap="xs" mt="xs">
                {GAME_REPORT_REASONS.map((value) => (
                  <Radio key={value} value={value} label={intl.formatMessage(reasonLabels[value])} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <FormattedMessage id="parentDialogs.cancel" defaultMessage="Cancel" />
              </Button>
              <Button type="submit" color="red" disabled={!reason} loading={report.isPending}>
                <FormattedMessage id="reportGame.submit" defaultMessage="Submit Report" />
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Text>
            <FormattedMessage id="reportGame.signInToReport" defaultMessage="Please sign in to report games." />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="reportGame.withoutAccount"
              defaultMessage="You can also send a report without an account through the <link>Report a Game</link> form."
              values={{ link: reportFormLink(onClose) }}
            />
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
