/**
 * The review of submitted builds (issue #24): each with its game, developer, version, size and
 * automatic checks (the developer's own view of them), a Try it link to its preview origin, and
 * Approve (it goes live at once) or Reject (with the reason the developer reads). A build of a
 * game still waiting for review itself is approved with the game, in Pending Games.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { toast } from '../../notify';
import { trpc, type RouterOutputs } from '../../trpc';
import { BuildChecks, BuildStatusBadge, TryBuildButton } from '../developer/BuildChecks';
import { formatBytes } from '../developer/build-state';
import { errorMessage, refusalMessage } from '../errors';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { ConfirmDialog } from './ConfirmDialog';
import { FormattedMessage, useIntl } from '../../i18n';

export type PendingBuild = RouterOutputs['builds']['pending'][number];

/** The longest a rejection reason may be (server: builds.reject, requiredText(500)). */
const REASON_MAX = 500;

export function BuildReview({ builds, loading, failed }: { builds: PendingBuild[] | undefined; loading: boolean; failed: boolean }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const utils = trpc.useUtils();
  const [approving, setApproving] = useState<PendingBuild | null>(null);
  const [rejecting, setRejecting] = useState<PendingBuild | null>(null);
  const refresh = () => {
    void utils.builds.pending.invalidate();
    void utils.games.invalidate();
    // The dashboard's Total Games counts published games.
    void utils.admin.stats.invalidate();
    void utils.home.get.invalidate();
  };
  const approve = trpc.builds.approve.useMutation({
    onSuccess: (build) => {
      toast(intl.formatMessage({ id: 'admin.builds.approved', defaultMessage: 'Build approved' }), intl.formatMessage({ id: 'admin.builds.approvedText', defaultMessage: 'Version {version} is live now.' }, { version: build.version }));
      setApproving(null);
      refresh();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }), refusalMessage(error, intl.formatMessage({ id: 'admin.builds.approveFailed', defaultMessage: 'Failed to approve the build. Please try again.' })), 'error'),
  });
  const reject = trpc.builds.reject.useMutation({
    onSuccess: (build) => {
      toast(intl.formatMessage({ id: 'admin.builds.rejected', defaultMessage: 'Build rejected' }), intl.formatMessage({ id: 'admin.builds.rejectedText', defaultMessage: 'The developer sees your reason with version {version}.' }, { version: build.version }));
      setRejecting(null);
      refresh();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }), refusalMessage(error, intl.formatMessage({ id: 'admin.builds.rejectFailed', defaultMessage: 'Failed to reject the build. Please try again.' })), 'error'),
  });

  if (loading) {
    return (
      <Stack aria-busy="true">
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} height={320} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (failed)
    return (
      <EmptyState icon={<IconX size={30} />}>
        <FormattedMessage id="admin.builds.loadFailed" defaultMessage="The builds could not be loaded." />
      </EmptyState>
    );
  if (!builds || builds.length === 0)
    return (
      <EmptyState icon={<IconCheck size={30} />}>
        <FormattedMessage id="admin.builds.none" defaultMessage="No builds waiting for review" />
      </EmptyState>
    );

  return (
    <Stack>
      {builds.map((build) => {
        const name = intl.formatMessage({ id: 'admin.builds.name', defaultMessage: '{title} version {version}' }, { title: build.gameTitle, version: build.version });
        const gamePending = build.gameStatus === 'PENDING';
        return (
          <Paper key={build.id} withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="pending-build">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={800} fz="lg">
                      {build.gameTitle}
                    </Text>
                    <Badge variant="outline" color="gray">
                      <FormattedMessage id="developer.builds.version" defaultMessage="Version {version}" values={{ version: build.version }} />
                    </Badge>
                    {gamePending ? (
                      <Badge color="yellow" variant="light">
                        <FormattedMessage id="admin.builds.newGame" defaultMessage="New game" />
                      </Badge>
                    ) : (
                      <BuildStatusBadge status={build.status} />
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage
                      id="admin.builds.line"
                      defaultMessage="{developer} · uploaded {date} · {size} in {count, plural, one {{files} file} other {{files} files}}"
                      values={{
                        developer: build.developer || 'Independent Developer',
                        date: format.date(build.createdAt),
                        size: formatBytes(intl, build.totalBytes),
                        count: build.fileCount,
                        files: format.count(build.fileCount),
                      }}
                    />
                  </Text>
                  {!gamePending && (
                    <Anchor component={Link} to={`/games/${build.gameSlug}`} size="xs">
                      <FormattedMessage id="admin.builds.gamePage" defaultMessage="The game’s page (the version live now)" />
                    </Anchor>
                  )}
                </Stack>
                <TryBuildButton previewUrl={build.previewUrl} label={name} />
              </Group>

              {gamePending && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                  <Text size="sm">
                    <FormattedMessage id="admin.builds.approveGameFirst" defaultMessage="Approve the game in Pending games: this build goes live with it." />
                  </Text>
                </Alert>
              )}
              <Group gap="xs">
                {!gamePending && (
                  <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setApproving(build)} aria-label={intl.formatMessage({ id: 'admin.builds.approveLabel', defaultMessage: 'Approve {name}' }, { name })}>
                    <FormattedMessage id="admin.builds.approve" defaultMessage="Approve" />
                  </Button>
                )}
                <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setRejecting(build)} aria-label={intl.formatMessage({ id: 'admin.builds.rejectLabel', defaultMessage: 'Reject {name}' }, { name })}>
                  <FormattedMessage id="admin.builds.reject" defaultMessage="Reject" />
                </Button>
              </Group>

              {build.checks ? (
                <BuildChecks checks={build.checks} />
              ) : (
                <Text size="sm">
                  <FormattedMessage id="admin.builds.checksRunning" defaultMessage="The automatic checks have not finished." />
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}

      <ConfirmDialog
        opened={approving !== null}
        title={approving ? intl.formatMessage({ id: 'admin.builds.approveTitle', defaultMessage: 'Approve version {version} of {title}?' }, { version: approving.version, title: approving.gameTitle }) : ''}
        confirmLabel={intl.formatMessage({ id: 'admin.builds.approveLive', defaultMessage: 'Approve and go live' })}
        color="teal"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate({ id: approving.id })}
        onClose={() => setApproving(null)}
      >
        <FormattedMessage
          id="admin.builds.approveText"
          defaultMessage="Players will get version {version} at once, in place of the version live now. The developer can put an earlier version back."
          values={{ version: approving?.version }}
        />
      </ConfirmDialog>
      <RejectBuildDialog
        build={rejecting}
        loading={reject.isPending}
        error={reject.isError ? errorMessage(reject.error) : undefined}
        onClose={() => {
          reject.reset();
          setRejecting(null);
        }}
        onReject={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Stack>
  );
}

function RejectBuildDialog({
  build,
  loading,
  error,
  onClose,
  onReject,
}: {
  build: PendingBuild | null;
  loading: boolean;
  error: string | undefined;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const missing = !reason.trim();
  return (
    <Modal opened={build !== null} onClose={close} title={build ? intl.formatMessage({ id: 'admin.builds.rejectTitle', defaultMessage: 'Reject version {version} of {title}' }, { version: build.version, title: build.gameTitle }) : ''}
      size="lg" centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!missing) onReject(reason.trim());
        }}
        noValidate
      >
        <Stack>
          <Textarea
            label={intl.formatMessage({ id: 'admin.builds.reason', defaultMessage: 'Reason' })}
            description={intl.formatMessage({ id: 'admin.builds.reasonText', defaultMessage: 'The developer reads it beside this build. Say what to change.' })}
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={tried && missing ? intl.formatMessage({ id: 'admin.builds.required', defaultMessage: 'Required' }) : error}
            data-autofocus
          />
          <Text size="xs" c="dimmed">
            {build?.gameStatus === 'PENDING' ? (
              <FormattedMessage id="admin.builds.staysPending" defaultMessage="The game stays in Pending games until its developer submits a new build." />
            ) : (
              <FormattedMessage id="admin.builds.staysLive" defaultMessage="The version live now stays live." />
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="developer.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" color="red" leftSection={<IconX size={16} />} loading={loading}>
              <FormattedMessage id="admin.builds.rejectBuild" defaultMessage="Reject build" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
