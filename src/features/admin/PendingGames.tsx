import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExternalLink, IconEye, IconPackage, IconUsers, IconX } from '@tabler/icons-react';
import type { PendingGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatDate } from '../games/format';
import { refusalMessage } from '../errors';
import { VerdictBadge } from '../developer/BuildChecks';
import { formatBytes } from '../developer/build-state';
import type { PendingBuild } from './BuildReview';
import { ConfirmDialog } from './ConfirmDialog';
import { PLAY_TYPE_LABELS } from '../developer/labels';
import { DeclaredFacts } from './DeclaredFacts';
import { RejectDialog } from './RejectDialog';

function PreviewDialog({ game, build, onClose }: { game: PendingGame | null; build: PendingBuild | undefined; onClose: () => void }) {
  // A game whose files are uploaded has nothing at its own address until approved: its submitted build is previewed.
  const src = build?.previewUrl ?? game?.srcUrl ?? null;
  return (
    <Modal opened={game !== null} onClose={onClose} title={game ? `Preview: ${game.title}` : ''} size="xl" centered radius="lg">
      {game && (
        <Stack>
          {src ? (
            <Box style={{ borderRadius: 12, overflow: 'hidden', background: '#000' }}>
              <iframe
                src={src}
                title={`Preview of ${game.title}`}
                sandbox="allow-scripts allow-same-origin"
                referrerPolicy="no-referrer"
                style={{ display: 'block', width: '100%', height: 480, border: 0 }}
              />
            </Box>
          ) : (
            <Text c="dimmed">This game has no URL.</Text>
          )}
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            <strong>{build ? `Build version ${build.version}:` : 'Game URL:'}</strong>{' '}
            {src ? (
              <Anchor href={src} target="_blank" rel="noopener noreferrer">
                {src}
              </Anchor>
            ) : (
              '–'
            )}
          </Text>
          <Text size="sm">
            <strong>Developer:</strong> {game.developerProfile?.studio || 'Independent Developer'}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

/** What goes live with a game whose files are uploaded: its submitted build, or a warning that it has none yet. */
function HostedBuild({ game, build }: { game: PendingGame; build: PendingBuild | undefined }) {
  if (!build) {
    return (
      <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="pending-game-build">
        <Text size="sm">Uploaded game with no build submitted yet: it cannot be approved until its developer submits one.</Text>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="pending-game-build">
      <Group gap="xs" wrap="wrap">
        <IconPackage size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Goes live with build version {build.version}
        </Text>
        {build.checks ? <VerdictBadge verdict={build.checks.verdict} size="sm" /> : <Badge size="sm" variant="light">Checking</Badge>}
        <Text size="xs" c="dimmed">
          {formatBytes(build.totalBytes)} · uploaded {formatDate(build.createdAt)}
        </Text>
        <Anchor href={build.previewUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Try the build of ${game.title} (opens in a new tab)`}>
          Try it <IconExternalLink size={12} aria-hidden />
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        Its checks are in the Builds tab.
      </Text>
    </Paper>
  );
}

export function PendingGames({ games, loading, builds }: { games: PendingGame[] | undefined; loading: boolean; builds: PendingBuild[] | undefined }) {
  const utils = trpc.useUtils();
  const [preview, setPreview] = useState<PendingGame | null>(null);
  const [rejecting, setRejecting] = useState<PendingGame | null>(null);
  const [approving, setApproving] = useState<PendingGame | null>(null);
  const refresh = () => {
    void utils.admin.pendingGames.invalidate();
    void utils.builds.pending.invalidate();
    // The dashboard's Total Games counts published games.
    void utils.admin.stats.invalidate();
    void utils.admin.games.invalidate();
    void utils.games.invalidate();
    void utils.home.get.invalidate();
    void utils.kids.games.invalidate();
  };
  const approve = trpc.admin.approve.useMutation({
    onSuccess: () => {
      toast('Game approved', 'The game has been approved and published.');
      setApproving(null);
      refresh();
    },
    // A refusal says why (an uploaded game with no build submitted); anything else gets the usual words.
    onError: (error) => toast('Error', refusalMessage(error, 'Failed to approve game. Please try again.'), 'error'),
  });
  const reject = trpc.admin.reject.useMutation({
    onSuccess: () => {
      toast('Game rejected', 'The game has been rejected and removed from review.');
      setRejecting(null);
      refresh();
    },
    onError: () => toast('Error', 'Failed to reject game. Please try again.', 'error'),
  });

  if (loading) {
    return (
      <Stack aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={150} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (!games || games.length === 0) return <EmptyState icon={<IconCheck size={30} />}>No games pending review</EmptyState>;

  const busyId = (approve.isPending && approve.variables?.id) || (reject.isPending && reject.variables?.id) || null;
  const buildOf = (game: PendingGame) => builds?.find((build) => build.gameId === game.id);

  return (
    <Stack>
      {games.map((game) => (
        <Paper key={game.id} withBorder radius="lg" p="md" data-testid="pending-game">
          <Group align="flex-start" gap="md" wrap="wrap">
            <Box w={{ base: '100%', xs: 180 }} style={{ borderRadius: 10, overflow: 'hidden', flexShrink: 0 }}>
              <GameThumb title={game.title} src={game.thumbUrl} />
            </Box>
            <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Text fw={800} fz="lg">
                {game.title}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={3}>
                {game.description}
              </Text>
              <Group gap="lg">
                <Text size="xs">
                  <Text span c="dimmed">Developer: </Text>
                  {game.developerProfile?.studio || 'Independent Developer'}
                </Text>
                <Text size="xs">
                  <Text span c="dimmed">Age rating: </Text>
                  {game.ageRating}
                </Text>
                <Text size="xs">
                  <Text span c="dimmed">Play type: </Text>
                  {PLAY_TYPE_LABELS[game.playType]}
                </Text>
                <Text size="xs">
                  <Text span c="dimmed">Submitted: </Text>
                  {formatDate(game.createdAt)}
                </Text>
              </Group>
              <Group gap={4}>
                {game.categories.map((category) => (
                  <Badge key={category.id} variant="light" size="sm">
                    {category.name}
                  </Badge>
                ))}
                {game.multiplayer && (
                  <Badge color="teal" size="sm" leftSection={<IconUsers size={11} />}>
                    Multiplayer
                  </Badge>
                )}
              </Group>
              <DeclaredFacts game={game} />
              {builds && (game.hosted || buildOf(game)) && <HostedBuild game={game} build={buildOf(game)} />}
              <Group gap="xs" mt="xs">
                <Button variant="default" size="sm" leftSection={<IconEye size={16} />} onClick={() => setPreview(game)} aria-label={`Preview ${game.title}`}>
                  Preview
                </Button>
                <Button
                  color="teal"
                  size="sm"
                  leftSection={<IconCheck size={16} />}
                  loading={approve.isPending && busyId === game.id}
                  disabled={busyId !== null && busyId !== game.id}
                  onClick={() => setApproving(game)}
                  aria-label={`Approve ${game.title}`}
                >
                  Approve
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="sm"
                  leftSection={<IconX size={16} />}
                  loading={reject.isPending && busyId === game.id}
                  disabled={busyId !== null && busyId !== game.id}
                  onClick={() => setRejecting(game)}
                  aria-label={`Reject ${game.title}`}
                >
                  Reject
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
      {/* Publishing asks first, as approving a new build of a live game does (BuildReview): both put
          something in front of every player at once, and Approve sits beside Preview and Reject. */}
      <ConfirmDialog
        opened={approving !== null}
        title={approving ? `Publish ${approving.title}?` : ''}
        confirmLabel="Approve and publish"
        color="teal"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate({ id: approving.id })}
        onClose={() => setApproving(null)}
      >
        {approving && buildOf(approving)
          ? `Players will find it in the catalog at once, playing build version ${buildOf(approving)!.version}. It can be unpublished later from All Games.`
          : 'Players will find it in the catalog at once. It can be unpublished later from All Games.'}
      </ConfirmDialog>
      <PreviewDialog game={preview} build={preview ? buildOf(preview) : undefined} onClose={() => setPreview(null)} />
      <RejectDialog
        game={rejecting}
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reasons) => rejecting && reject.mutate({ id: rejecting.id, reasons })}
      />
    </Stack>
  );
}
