import { useEffect, useRef, type Ref } from 'react';
import { Alert, Box, Group, Paper, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { GAME_FRAME_HEIGHT } from '../../../shared/constants';
import { GameFrame } from '../../components/GameFrame/GameFrame';
import { AdBreakLayer } from '../ads/AdBreakLayer';
import { SignInButton } from '../../components/SignInButton/SignInButton';
import { FormattedMessage } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { GameControls } from '../sdk/GameControls';
import type { GameBridge } from '../sdk/useGameBridge';
import { useGamePlayer } from '../sdk/useGamePlayer';
import { notePlayOnDevice } from '../recent/deviceRecent';
import { trpc } from '../../trpc';
import { frameSrcOf } from '../../pwa/offline-games';
import { useRoomBridge } from '../rooms/useRoomBridge';
import { LazyRoomPanel, useRoomPanel } from '../rooms/LazyRoomPanel';
import { frameHeightClass, panelRoomClass } from './frameHeight';
import { frameHeightOf, OrientationHint } from './FrameShape';
import type { ShownGame } from './shownGame';

export type NewBest = GameBridge['newBest'];

/**
 * The game frame with its bar, the SDK bridge and the play count. Its state (the frame element,
 * every message from the game) stays here: the page around it does not render again with it.
 */
export function GamePlayer({ game, signedIn, playerRef, onNewBest }: { game: ShownGame; signedIn: boolean; playerRef: Ref<HTMLDivElement>; onNewBest: (best: NewBest) => void }) {
  const utils = trpc.useUtils();
  const format = useLocaleFormat();
  const tracked = useRef<number | null>(null);
  const { bridge, adBreaks, fullscreen, allowedOrigins, frameRef, wrapRef } = useGamePlayer(game, { saveScores: true });
  useEffect(() => onNewBest(bridge.newBest), [bridge.newBest, onNewBest]);
  // Online play for games that ask for it (PlayFree.multiplayer); none on a child's device until the parent allows it.
  const rooms = useRoomBridge({ iframe: frameRef, src: game.srcUrl ?? '', allowedOrigins, slug: game.slug });
  const roomPanel = useRoomPanel(rooms);

  const onFrameLoad = () => {
    if (tracked.current === game.id) return;
    tracked.current = game.id;
    // Signed out, Recently played is kept on this device (the server keeps a signed-in player's).
    if (!signedIn) notePlayOnDevice(game);
    // A call, not a mutation hook: the player would render again as the call starts and ends.
    utils.client.games.play.mutate({ id: game.id }).then(
      ({ plays }) => {
        utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, metrics: { ...old.metrics, plays } } : old));
        // A play unlocks rating the game. A first question still on its way may have been answered
        // before the play was recorded, and asking again would only join it: it is dropped first.
        void utils.ratings.mine.cancel({ id: game.id }).then(() => utils.ratings.mine.invalidate({ id: game.id }));
        void utils.recent.list.invalidate();
      },
      // Play tracking failure is silent (spec section 8).
      () => undefined,
    );
  };

  return (
    <>
      <Box
        ref={playerRef}
        className={frameHeightClass}
        data-room-panel={roomPanel || game.multiplayer || undefined}
        style={{ scrollMarginTop: 80, containerType: game.frameAspect ? 'inline-size' : undefined }}
      >
        {game.srcUrl ? (
          <GameFrame
            src={frameSrcOf(game.srcUrl, game.build)}
            height={frameHeightOf(game)}
            title={game.title}
            allowedOrigins={allowedOrigins}
            onLoad={onFrameLoad}
            frameRef={frameRef}
            wrapRef={wrapRef}
            isolated={game.build?.threads ?? false}
            poster={game.thumbUrl}
            controls={<GameControls bridge={bridge} fullscreen={fullscreen} />}
          />
        ) : (
          <Paper withBorder radius="lg" h={GAME_FRAME_HEIGHT / 2} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
            <Text c="dimmed" fw={600}>
              <FormattedMessage id="gamePlayer.notAvailable" defaultMessage="Game not available" />
            </Text>
          </Paper>
        )}
        <AdBreakLayer breaks={adBreaks} wrap={wrapRef} gameId={game.id} audience={game.ageRating} />
      </Box>
      <OrientationHint orientation={game.orientation} />
      {/* A game that plays online has its panel's room kept from the server's HTML on, so neither
          the frame (a phone's) nor the page under it moves as the panel comes (issue 57: CLS). */}
      {game.multiplayer ? (
        <div className={panelRoomClass}>{roomPanel && <LazyRoomPanel rooms={rooms} />}</div>
      ) : (
        roomPanel && <LazyRoomPanel rooms={rooms} />
      )}
      {bridge.signInHint && !signedIn && (
        <Alert mt="sm" radius="md" color="violet" variant="light" icon={<IconTrophy size={18} />} data-testid="score-sign-in-hint">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {bridge.finalScore === null ? (
                <FormattedMessage id="gamePlayer.niceRound" defaultMessage="Nice round!" />
              ) : (
                <FormattedMessage id="gamePlayer.niceRoundScore" defaultMessage="Nice round — you scored {score}!" values={{ score: format.count(bridge.finalScore) }} />
              )}
            </Text>
            <SignInButton size="xs" variant="light">
              <FormattedMessage id="gamePlayer.signInToSave" defaultMessage="Sign in to save your score" />
            </SignInButton>
          </Group>
        </Alert>
      )}
    </>
  );
}
