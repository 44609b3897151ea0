import { useEffect, useState } from 'react';
import { whenIdle } from '../when-idle';
import { builtInGameSlug } from './offline-games';
import { OfflineGameSaver } from './OfflineGameSaver';

/**
 * Watches for a game frame (GameFrame's iframe, on the game page and in the Kids Zone) finishing
 * its load, then saves that built-in game for offline play. `load` does not bubble: listen in the
 * capture phase.
 */
export function GameSaverHost() {
  const [played, setPlayed] = useState<{ src: string; nonce: number } | null>(null);

  useEffect(() => {
    const onLoad = (event: Event) => {
      const frame = event.target;
      if (!(frame instanceof HTMLIFrameElement) || !frame.closest('[data-testid="game-frame"]')) return;
      if (!builtInGameSlug(frame.src)) return;
      const src = frame.src;
      // Background work: the helper frame waits until the page (and the game starting in it) leaves
      // the main thread idle, instead of adding a frame's creation to the game's first busy moments.
      whenIdle(() => setPlayed((previous) => ({ src, nonce: (previous?.nonce ?? 0) + 1 })), 5000);
    };
    document.addEventListener('load', onLoad, true);
    return () => document.removeEventListener('load', onLoad, true);
  }, []);

  if (!played) return null;
  return <OfflineGameSaver key={`${played.src}#${played.nonce}`} src={played.src} />;
}
