import { useEffect, useRef, useState } from 'react';
import { setOwnOriginGameSaved } from './offline-games';
import { useOnline } from './network';

/** A game to save: served from an origin of its own, through that origin's helper (/__playfree/offline.html). */
export type SaverTarget = { slug: string; origin: string; helperHref: string };

type HelperMessage = { source: 'playfree-offline'; type: 'cached' | 'unavailable' | 'error' };

function isHelperMessage(data: unknown): data is HelperMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'playfree-offline';
}

/**
 * After a game has loaded online, a hidden helper page on the game's origin saves its files there
 * for offline play and answers whether its one game is kept ('cached'), or no longer can be
 * ('unavailable': its live build does not play offline, and the files kept before are gone).
 */
export function OfflineGameSaver({ target }: { target: SaverTarget }) {
  const online = useOnline();
  const frame = useRef<HTMLIFrameElement>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const origin = new URL(target.helperHref).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow || !isHelperMessage(event.data)) return;
      const { type } = event.data;
      if (type === 'cached' || type === 'unavailable') setOwnOriginGameSaved(target.slug, target.origin, type === 'cached');
      setDone(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [target]);

  if (!online || done || !('serviceWorker' in navigator)) return null;
  return (
    <iframe
      ref={frame}
      src={target.helperHref}
      title="Saving the game for offline play"
      sandbox="allow-scripts allow-same-origin"
      referrerPolicy="no-referrer"
      aria-hidden
      tabIndex={-1}
      data-testid="offline-game-saver"
      style={{ position: 'absolute', width: 0, height: 0, border: 0, visibility: 'hidden' }}
    />
  );
}
