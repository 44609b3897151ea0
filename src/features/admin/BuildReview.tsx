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
import { formatDate } from '../games/format';
import { ConfirmDialog } from './ConfirmDialog';

export type PendingBuild = RouterOutputs['builds']['pending'][number];

/** The longest a rejection reason may be (server: builds.reject, requiredText(500)). */
const REASON_MAX = 500;

export function BuildReview({ builds, loading, failed }: { builds: PendingBuild[] | undefined; loading: boolean; failed: boolean }) {
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
      toast('Build approved', `Version ${build.version} is live now.`);
      setApproving(null);
      refresh();
    },
    onError: (error) => toast('Error', refusalMessage(error, 'Failed to approve the build. Please try again.'), 'error'),
  });
  const reject = trpc.builds.reject.useMutation({
    onSuccess: (build) => {
      toast('Build rejected', `The developer sees your reason with version ${build.version}.`);
      setRejecting(null);
      refresh();
    },
    onError: (error) => toast('Error', refusalMessage(error, 'Failed to reject the build. Please try again.'), 'error'),
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
  if (failed) return <EmptyState icon={<IconX size={30} />}>The builds could not be loaded.</EmptyState>;
  if (!builds || builds.length === 0) return <EmptyState icon={<IconCheck size={30} />}>No builds waiting for review</EmptyState>;

  return (
    <Stack>
      {builds.map((build) => {
        const name = `${build.gameTitle} version ${build.version}`;
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
                      Version {build.version}
                    </Badge>
                    {gamePending ? (
                      <Badge color="yellow" variant="light">
                        New game
                      </Badge>
                    ) : (
                      <BuildStatusBadge status={build.status} />
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {build.developer || 'Independent Developer'} · uploaded {formatDate(build.createdAt)} · {formatBytes(build.totalBytes)} in {build.fileCount}{' '}
                    {build.fileCount === 1 ? 'file' : 'files'}
                  </Text>
                  {!gamePending && (
                    <Anchor component={Link} to={`/games/${build.gameSlug}`} size="xs">
                      The game’s page (the version live now)
                    </Anchor>
                  )}
                </Stack>
                <TryBuildButton previewUrl={build.previewUrl} label={name} />
              </Group>

              {gamePending && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                  <Text size="sm">Approve the game in Pending games: this build goes live with it.</Text>
                </Alert>
              )}
              <Group gap="xs">
                {!gamePending && (
                  <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => setApproving(build)} aria-label={`Approve ${name}`}>
                    Approve
                  </Button>
                )}
                <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setRejecting(build)} aria-label={`Reject ${name}`}>
                  Reject
                </Button>
              </Group>

              {build.checks ? <BuildChecks checks={build.checks} /> : <Text size="sm">The automatic checks have not finished.</Text>}
            </Stack>
          </Paper>
        );
      })}

      <ConfirmDialog
        opened={approving !== null}
        title={approving ? `Approve version ${approving.version} of ${approving.gameTitle}?` : ''}
        confirmLabel="Approve and go live"
        color="teal"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate({ id: approving.id })}
        onClose={() => setApproving(null)}
      >
        Players will get version {approving?.version} at once, in place of the version live now. The developer can put an earlier version back.
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
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const missing = !reason.trim();
  return (
    <Modal opened={build !== null} onClose={close} title={build ? `Reject version ${build.version} of ${build.gameTitle}` : ''} size="lg" centered radius="lg">
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
            label="Reason"
            description="The developer reads it beside this build. Say what to change."
            required
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={tried && missing ? 'Required' : error}
            data-autofocus
          />
          <Text size="xs" c="dimmed">
            {build?.gameStatus === 'PENDING' ? 'The game stays in Pending games until its developer submits a new build.' : 'The version live now stays live.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" leftSection={<IconX size={16} />} loading={loading}>
              Reject build
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
