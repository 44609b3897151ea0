import { useCallback, useMemo, useRef } from 'react';
import type { Game } from '../../../shared/schemas';
import { useCloudSaves } from './useCloudSaves';
import { useFullscreen } from './useFullscreen';
import { useGameBridge } from './useGameBridge';
import { useAdBreaks } from '../ads/useAdBreaks';

/**
 * What a page that plays a game needs around its GameFrame: the SDK bridge to the frame, its ad breaks, its cloud saves, fullscreen
 * on the frame's wrapper (focus returns to the game after), and the refs to hand to GameFrame.
 * The frame is read from its ref when a message comes or goes: its arrival renders nothing again
 * (it is inserted as the page comes alive, and a render there would lengthen that busy moment).
 */
export function useGamePlayer(game: Pick<Game, 'id' | 'title' | 'srcUrl' | 'originAllowlists' | 'ageRating'>, { saveScores, kidsZone = false }: { saveScores: boolean; kidsZone?: boolean }) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const frameWrap = useRef<HTMLDivElement>(null);
  const allowedOrigins = useMemo(() => game.originAllowlists.map((entry) => entry.allowedOrigin), [game.originAllowlists]);
  const bridge = useGameBridge({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id, title: game.title, saveScores });
  const adBreaks = useAdBreaks({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id, ageRating: game.ageRating, kidsZone, playerMuted: bridge.muted });
  useCloudSaves({ iframe, src: game.srcUrl ?? '', allowedOrigins, gameId: game.id });
  const fullscreen = useFullscreen(frameWrap, useCallback(() => iframe.current?.focus(), []));
  return { bridge, adBreaks, fullscreen, allowedOrigins, frameRef: iframe, wrapRef: frameWrap };
}
