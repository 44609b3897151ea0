import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconEye, IconUsers, IconX } from '@tabler/icons-react';
import type { PendingGame } from '../../../shared/schemas';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatDate } from '../games/format';
import { DeclaredFacts } from './DeclaredFacts';
import { RejectDialog } from './RejectDialog';

function PreviewDialog({ game, onClose }: { game: PendingGame | null; onClose: () => void }) {
  return (
    <Modal opened={game !== null} onClose={onClose} title={game ? `Preview: ${game.title}` : ''} size="xl" centered radius="lg">
      {game && (
        <Stack>
          {game.srcUrl ? (
            <Box style={{ borderRadius: 12, overflow: 'hidden', background: '#000' }}>
              <iframe
                src={game.srcUrl}
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
            <strong>Game URL:</strong>{' '}
            {game.srcUrl ? (
              <Anchor href={game.srcUrl} target="_blank" rel="noopener noreferrer">
                {game.srcUrl}
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

export function PendingGames({ games, loading }: { games: PendingGame[] | undefined; loading: boolean }) {
  const utils = trpc.useUtils();
  const [preview, setPreview] = useState<PendingGame | null>(null);
  const [rejecting, setRejecting] = useState<PendingGame | null>(null);
  const refresh = () => {
    void utils.admin.pendingGames.invalidate();
    void utils.games.invalidate();
    void utils.home.get.invalidate();
    void utils.kids.games.invalidate();
  };
  const approve = trpc.admin.approve.useMutation({
    onSuccess: () => {
      toast('Game approved', 'The game has been approved and published.');
      refresh();
    },
    onError: () => toast('Error', 'Failed to approve game. Please try again.', 'error'),
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
                  {game.playType}
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
                  onClick={() => approve.mutate({ id: game.id })}
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
      <PreviewDialog game={preview} onClose={() => setPreview(null)} />
      <RejectDialog
        game={rejecting}
        loading={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reasons) => rejecting && reject.mutate({ id: rejecting.id, reasons })}
      />
    </Stack>
  );
}
