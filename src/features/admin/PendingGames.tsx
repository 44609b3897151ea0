import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExternalLink, IconEye, IconPackage, IconUsers, IconX } from '@tabler/icons-react';
import type { PendingGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { refusalMessage } from '../errors';
import { VerdictBadge } from '../developer/VerdictBadge';
import { formatBytes } from '../developer/build-state';
import type { PendingBuild } from './BuildReview';
import { ConfirmDialog } from './ConfirmDialog';
import { playTypeLabel } from '../developer/labels';
import { FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { DeclaredFacts } from './DeclaredFacts';
import { LazyModal } from '../../components/LazyModal/LazyModal';
import { lazyWhenOpened } from '../../components/Deferred/lazyWhenOpened';
import type { RejectDialogProps } from './RejectDialog';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const dimmed = (chunks: ReactNode[]) => (
  <Text span c="dimmed">
    {chunks}
  </Text>
);

// The reject dialog (its checkboxes and text area) loads when an admin first rejects a game.
const RejectDialog = lazyWhenOpened<RejectDialogProps>(() => import('./RejectDialog').then((loaded) => loaded.RejectDialog));

function PreviewDialog({ game, build, onClose }: { game: PendingGame | null; build: PendingBuild | undefined; onClose: () => void }) {
  const intl = useIntl();
  // A game whose files are uploaded has nothing at its own address until approved: its submitted build is previewed.
  const src = build?.previewUrl ?? game?.srcUrl ?? null;
  return (
    <LazyModal opened={game !== null} onClose={onClose} title={game ? intl.formatMessage({ id: 'admin.pending.previewTitle', defaultMessage: 'Preview: {title}' }, { title: game.title }) : ''} size="xl" centered radius="lg">
      {game && (
        <Stack>
          {src ? (
            <Box style={{ borderRadius: 12, overflow: 'hidden', background: '#000' }}>
              <iframe
                src={src}
                title={intl.formatMessage({ id: 'admin.pending.previewFrame', defaultMessage: 'Preview of {title}' }, { title: game.title })}
                sandbox="allow-scripts allow-same-origin"
                referrerPolicy="no-referrer"
                style={{ display: 'block', width: '100%', height: 480, border: 0 }}
              />
            </Box>
          ) : (
            <Text c="dimmed">
              <FormattedMessage id="admin.pending.noUrl" defaultMessage="This game has no URL." />
            </Text>
          )}
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            <strong>
              {build ? (
                <FormattedMessage id="admin.pending.buildVersion" defaultMessage="Build version {version}:" values={{ version: build.version }} />
              ) : (
                <FormattedMessage id="admin.pending.gameUrl" defaultMessage="Game URL:" />
              )}
            </strong>{' '}
            {src ? (
              <Anchor href={src} target="_blank" rel="noopener noreferrer">
                {src}
              </Anchor>
            ) : (
              '–'
            )}
          </Text>
          <Text size="sm">
            <FormattedMessage
              id="admin.pending.developerLine"
              defaultMessage="<b>Developer:</b> {studio}"
              values={{ b: strong, studio: game.developerProfile?.studio || intl.formatMessage({ id: 'admin.pending.independent', defaultMessage: 'Independent Developer' }) }}
            />
          </Text>
        </Stack>
      )}
    </LazyModal>
  );
}

/** What goes live with a game whose files are uploaded: its submitted build, or a warning that it has none yet. */
function HostedBuild({ game, build }: { game: PendingGame; build: PendingBuild | undefined }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  if (!build) {
    return (
      <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} data-testid="pending-game-build">
        <Text size="sm">
          <FormattedMessage id="admin.pending.noBuild" defaultMessage="Uploaded game with no build submitted yet: it cannot be approved until its developer submits one." />
        </Text>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="pending-game-build">
      <Group gap="xs" wrap="wrap">
        <IconPackage size={16} aria-hidden />
        <Text size="sm" fw={600}>
          <FormattedMessage id="admin.pending.goesLive" defaultMessage="Goes live with build version {version}" values={{ version: build.version }} />
        </Text>
        {build.checks ? <VerdictBadge verdict={build.checks.verdict} size="sm" /> : <Badge size="sm" variant="light">
            <FormattedMessage id="admin.pending.checking" defaultMessage="Checking" />
          </Badge>}
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.pending.buildLine" defaultMessage="{size} · uploaded {date}" values={{ size: formatBytes(intl, build.totalBytes), date: format.date(build.createdAt) }} />
        </Text>
        <Anchor href={build.previewUrl} target="_blank" rel="noopener noreferrer" size="sm" aria-label={intl.formatMessage({ id: 'admin.pending.tryLabel', defaultMessage: 'Try the build of {title} (opens in a new tab)' }, { title: game.title })}>
          <FormattedMessage id="admin.pending.try" defaultMessage="Try it" /> <IconExternalLink size={12} aria-hidden />
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        <FormattedMessage id="admin.pending.checksInBuilds" defaultMessage="Its checks are in the Builds tab." />
      </Text>
    </Paper>
  );
}

export function PendingGames({ games, loading, builds }: { games: PendingGame[] | undefined; loading: boolean; builds: PendingBuild[] | undefined }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const utils = trpc.useUtils();
  const errorTitle = intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' });
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
      toast(
        intl.formatMessage({ id: 'admin.pending.approved', defaultMessage: 'Game approved' }),
        intl.formatMessage({ id: 'admin.pending.approvedText', defaultMessage: 'The game has been approved and published.' }),
      );
      setApproving(null);
      refresh();
    },
    // A refusal says why (an uploaded game with no build submitted); anything else gets the usual words.
    onError: (error) =>
      toast(errorTitle, refusalMessage(error, intl.formatMessage({ id: 'admin.pending.approveFailed', defaultMessage: 'Failed to approve game. Please try again.' })), 'error'),
  });
  const reject = trpc.admin.reject.useMutation({
    onSuccess: () => {
      toast(
        intl.formatMessage({ id: 'admin.pending.rejected', defaultMessage: 'Game rejected' }),
        intl.formatMessage({ id: 'admin.pending.rejectedText', defaultMessage: 'The game has been rejected and removed from review.' }),
      );
      setRejecting(null);
      refresh();
    },
    onError: () => toast(errorTitle, intl.formatMessage({ id: 'admin.pending.rejectFailed', defaultMessage: 'Failed to reject game. Please try again.' }), 'error'),
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
  if (!games || games.length === 0) return (
      <EmptyState icon={<IconCheck size={30} />}>
        <FormattedMessage id="admin.pending.none" defaultMessage="No games pending review" />
      </EmptyState>
    );

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
                  <FormattedMessage
                    id="admin.pending.developer"
                    defaultMessage="<d>Developer:</d> {studio}"
                    values={{ d: dimmed, studio: game.developerProfile?.studio || intl.formatMessage({ id: 'admin.pending.independent', defaultMessage: 'Independent Developer' }) }}
                  />
                </Text>
                <Text size="xs">
                  <FormattedMessage id="admin.pending.ageRating" defaultMessage="<d>Age rating:</d> {rating}" values={{ d: dimmed, rating: game.ageRating }} />
                </Text>
                <Text size="xs">
                  <FormattedMessage id="admin.pending.playType" defaultMessage="<d>Play type:</d> {type}" values={{ d: dimmed, type: playTypeLabel(intl, game.playType) }} />
                </Text>
                <Text size="xs">
                  <FormattedMessage id="admin.pending.submitted" defaultMessage="<d>Submitted:</d> {date}" values={{ d: dimmed, date: format.date(game.createdAt) }} />
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
                    <FormattedMessage id="admin.pending.multiplayer" defaultMessage="Multiplayer" />
                  </Badge>
                )}
              </Group>
              <DeclaredFacts game={game} />
              {builds && (game.hosted || buildOf(game)) && <HostedBuild game={game} build={buildOf(game)} />}
              <Group gap="xs" mt="xs">
                <Button variant="default" size="sm" leftSection={<IconEye size={16} />} onClick={() => setPreview(game)} aria-label={intl.formatMessage({ id: 'admin.pending.previewLabel', defaultMessage: 'Preview {title}' }, { title: game.title })}>
                  <FormattedMessage id="admin.pending.preview" defaultMessage="Preview" />
                </Button>
                <Button
                  color="teal"
                  size="sm"
                  leftSection={<IconCheck size={16} />}
                  loading={approve.isPending && busyId === game.id}
                  disabled={busyId !== null && busyId !== game.id}
                  onClick={() => setApproving(game)}
                  aria-label={intl.formatMessage({ id: 'admin.pending.approveLabel', defaultMessage: 'Approve {title}' }, { title: game.title })}
                >
                  <FormattedMessage id="admin.pending.approve" defaultMessage="Approve" />
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="sm"
                  leftSection={<IconX size={16} />}
                  loading={reject.isPending && busyId === game.id}
                  disabled={busyId !== null && busyId !== game.id}
                  onClick={() => setRejecting(game)}
                  aria-label={intl.formatMessage({ id: 'admin.pending.rejectLabel', defaultMessage: 'Reject {title}' }, { title: game.title })}
                >
                  <FormattedMessage id="admin.pending.reject" defaultMessage="Reject" />
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
        title={approving ? intl.formatMessage({ id: 'admin.pending.publishTitle', defaultMessage: 'Publish {title}?' }, { title: approving.title }) : ''}
        confirmLabel={intl.formatMessage({ id: 'admin.pending.publish', defaultMessage: 'Approve and publish' })}
        color="teal"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate({ id: approving.id })}
        onClose={() => setApproving(null)}
      >
        {approving && buildOf(approving) ? (
          <FormattedMessage
            id="admin.pending.publishBuildText"
            defaultMessage="Players will find it in the catalog at once, playing build version {version}. It can be unpublished later from All Games."
            values={{ version: buildOf(approving)!.version }}
          />
        ) : (
          <FormattedMessage id="admin.pending.publishText" defaultMessage="Players will find it in the catalog at once. It can be unpublished later from All Games." />
        )}
      </ConfirmDialog>
      <PreviewDialog game={preview} build={preview ? buildOf(preview) : undefined} onClose={() => setPreview(null)} />
      <RejectDialog
        opened={rejecting !== null}
        game={rejecting}
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reasons) => rejecting && reject.mutate({ id: rejecting.id, reasons })}
      />
    </Stack>
  );
}
