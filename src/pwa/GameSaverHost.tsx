import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { whenIdle } from '../when-idle';
import { builtInGameSlug, isOwnOriginGameSaved } from './offline-games';
import { OfflineGameSaver, type SaverTarget } from './OfflineGameSaver';
import { servedGameOfFrame } from './served-games';

/** What to save for a game frame that has loaded `src`, or null when it cannot be saved. */
function saverTargetOf(src: string, servedGame: ReturnType<typeof servedGameOfFrame>): SaverTarget | null {
  if (servedGame) {
    // A game whose live build does not play offline is still asked once more when it was saved
    // before: its helper then drops the old build's files.
    if (!servedGame.playsOffline && !isOwnOriginGameSaved(servedGame.slug, servedGame.origin)) return null;
    return { kind: 'own-origin', slug: servedGame.slug, origin: servedGame.origin, helperHref: `${servedGame.origin}/__playfree/offline.html` };
  }
  const slug = builtInGameSlug(src);
  return slug ? { kind: 'built-in', slug, helperHref: new URL(`/offline/?game=${encodeURIComponent(`/${slug}/`)}`, src).href } : null;
}

/**
 * Watches for a game frame (GameFrame's iframe, on the game page and in the Kids Zone) finishing
 * its load, then saves that game for offline play: a built-in game through the games origin's
 * helper, a game served from its own origin (an uploaded build that passed the offline check)
 * through that origin's. `load` does not bubble: listen in the capture phase.
 */
export function GameSaverHost() {
  const queryClient = useQueryClient();
  const [played, setPlayed] = useState<{ target: SaverTarget; nonce: number } | null>(null);

  useEffect(() => {
    const onLoad = (event: Event) => {
      const frame = event.target;
      if (!(frame instanceof HTMLIFrameElement) || !frame.closest('[data-testid="game-frame"]')) return;
      const target = saverTargetOf(frame.src, servedGameOfFrame(queryClient, frame.src));
      if (!target) return;
      // Background work: the helper frame waits until the page (and the game starting in it) leaves
      // the main thread idle, instead of adding a frame's creation to the game's first busy moments.
      whenIdle(() => setPlayed((previous) => ({ target, nonce: (previous?.nonce ?? 0) + 1 })), 5000);
    };
    document.addEventListener('load', onLoad, true);
    return () => document.removeEventListener('load', onLoad, true);
  }, [queryClient]);

  if (!played) return null;
  return <OfflineGameSaver key={`${played.target.helperHref}#${played.nonce}`} target={played.target} />;
}
