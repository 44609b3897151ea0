import { useEffect, useRef, useState } from 'react';
import { builtInGameSlug, setOfflineGames } from './offline-games';
import { useOnline } from './network';

type HelperMessage = { source: 'playfree-offline'; type: 'cached'; games: string[] } | { source: 'playfree-offline'; type: 'error' };

function isHelperMessage(data: unknown): data is HelperMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'playfree-offline';
}

/**
 * After a built-in game has loaded online, a hidden helper page on the games origin saves its
 * files there for offline play and answers with the list of saved games.
 */
export function OfflineGameSaver({ src }: { src: string }) {
  const online = useOnline();
  const frame = useRef<HTMLIFrameElement>(null);
  const [done, setDone] = useState(false);
  const slug = builtInGameSlug(src);
  const helperHref = slug ? new URL(`/offline/?game=${encodeURIComponent(`/${slug}/`)}`, src).href : null;

  useEffect(() => {
    if (!helperHref) return;
    const origin = new URL(helperHref).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow || !isHelperMessage(event.data)) return;
      if (event.data.type === 'cached') {
        setOfflineGames(event.data.games.map((path) => path.replace(/^\/|\/$/g, '')));
      }
      setDone(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [helperHref]);

  if (!helperHref || !online || done || !('serviceWorker' in navigator)) return null;
  return (
    <iframe
      ref={frame}
      src={helperHref}
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
