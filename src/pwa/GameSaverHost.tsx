import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { whenIdle } from '../when-idle';
import { isOwnOriginGameSaved } from './offline-games';
import type { SaverTarget } from './OfflineGameSaver';
import { servedGameOfFrame } from './served-games';

// Only once a game the portal serves has loaded: no page's first load needs it.
const OfflineGameSaver = lazy(async () => ({ default: (await import('./OfflineGameSaver')).OfflineGameSaver }));

/**
 * Renders nothing when the saver throws: its code is fetched after the game has loaded, and a
 * player whose connection drops first (on a train) would otherwise have the game page, the
 * running game with it, replaced by the route's error screen. The next frame load tries again.
 */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What to save for a game frame that has loaded `src`, or null when it cannot be saved (yet): only a
 * game the portal serves from an origin of its own (a build: uploaded or built in) can be.
 */
function saverTargetOf(queryClient: QueryClient, src: string): SaverTarget | null {
  const servedGame = servedGameOfFrame(queryClient, src);
  if (!servedGame) return null;
  // A game whose live build does not play offline is still asked once more when it was saved
  // before: its helper then drops the old build's files.
  if (!servedGame.playsOffline && !isOwnOriginGameSaved(servedGame.slug, servedGame.origin)) return null;
  return { slug: servedGame.slug, origin: servedGame.origin, helperHref: `${servedGame.origin}/__playfree/offline.html` };
}

/** Whether the game frame runs cross-origin isolated, where the offline helper would be refused (ERR_BLOCKED_BY_RESPONSE). */
function isolatedFrame(frame: HTMLIFrameElement): boolean {
  return window.crossOriginIsolated || frame.allow.split(';').some((feature) => feature.trim() === 'cross-origin-isolated');
}

/**
 * Watches for a game frame (GameFrame's iframe, on the game page and in the Kids Zone) finishing
 * its load, then, unless the page is cross-origin isolated, saves that game for offline play when it is served from its own origin and its
 * live build passed the offline check, through that origin's helper. `load` does not bubble:
 * listen in the capture phase.
 *
 * The game page may have come with data from before its build's checks finished (a page rendered a
 * moment earlier), refreshed once the page is live: a frame loaded while its game's data said
 * "not offline" is saved as soon as fresher data says it plays offline.
 */
export function GameSaverHost() {
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<{ src: string; nonce: number } | null>(null);
  const [played, setPlayed] = useState<{ target: SaverTarget; nonce: number } | null>(null);

  useEffect(() => {
    const onLoad = (event: Event) => {
      const frame = event.target;
      if (!(frame instanceof HTMLIFrameElement) || !frame.closest('[data-testid="game-frame"]')) return;
      // An isolated page (a game that needs threads) refuses the helper's frame, which sends no COEP.
      if (isolatedFrame(frame)) return;
      setLoaded((previous) => ({ src: frame.src, nonce: (previous?.nonce ?? 0) + 1 }));
    };
    document.addEventListener('load', onLoad, true);
    return () => document.removeEventListener('load', onLoad, true);
  }, []);

  useEffect(() => {
    if (!loaded) return undefined;
    let unsubscribe: (() => void) | undefined;
    const save = (target: SaverTarget) => {
      unsubscribe?.();
      unsubscribe = undefined;
      // Background work: the helper frame waits until the page (and the game starting in it) leaves
      // the main thread idle, instead of adding a frame's creation to the game's first busy moments.
      whenIdle(() => setPlayed({ target, nonce: loaded.nonce }), 5000);
    };
    const target = saverTargetOf(queryClient, loaded.src);
    if (target) {
      save(target);
      return undefined;
    }
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [path] = event.query.queryKey as [unknown];
      if (!Array.isArray(path) || path.join('.') !== 'games.bySlug') return;
      const fresher = saverTargetOf(queryClient, loaded.src);
      if (fresher) save(fresher);
    });
    return () => unsubscribe?.();
  }, [loaded, queryClient]);

  if (!played) return null;
  const key = `${played.target.helperHref}#${played.nonce}`;
  return (
    <NothingOnError key={key}>
      <Suspense fallback={null}>
        <OfflineGameSaver target={played.target} />
      </Suspense>
    </NothingOnError>
  );
}
