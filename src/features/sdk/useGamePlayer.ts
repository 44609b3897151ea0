import { useCallback, useMemo, useRef, useState } from 'react';
import type { Game } from '../../../shared/schemas';
import { useCloudSaves } from './useCloudSaves';
import { useFullscreen } from './useFullscreen';
import { useGameBridge } from './useGameBridge';

/**
 * What a page that plays a game needs around its GameFrame: the SDK bridge to the frame, its cloud saves, fullscreen
 * on the frame's wrapper (focus returns to the game after), and the refs to hand to GameFrame.
 */
export function useGamePlayer(game: Game, { saveScores }: { saveScores: boolean }) {
  const [iframe, setIframe] = useState<HTMLIFrameElement | null>(null);
  const frameWrap = useRef<HTMLDivElement>(null);
  const allowedOrigins = useMemo(() => game.originAllowlists.map((entry) => entry.allowedOrigin), [game.originAllowlists]);
  const bridge = useGameBridge({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id, title: game.title, saveScores });
  useCloudSaves({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id });
  const fullscreen = useFullscreen(frameWrap, useCallback(() => iframe?.focus(), [iframe]));
  return { bridge, fullscreen, allowedOrigins, frameRef: setIframe, wrapRef: frameWrap };
}
