import { createContext, useContext, useSyncExternalStore } from 'react';

const COARSE_POINTER = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(COARSE_POINTER);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const hasCoarsePointer = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER).matches;

/**
 * What the server took the visitor's screen for when it rendered the page (server/web/pages.ts
 * guesses a touch screen from the request): the server renders with it and hydration starts from
 * it, so a phone's page is hydrated as it was rendered, without a second render of every list.
 */
export const CoarsePointerGuessContext = createContext(false);

/**
 * True on a touch screen (a coarse pointer: a phone or tablet). While hydrating, the server's
 * guess; the real answer follows at once where the guess was wrong.
 */
export function useCoarsePointer(): boolean {
  const guess = useContext(CoarsePointerGuessContext);
  return useSyncExternalStore(subscribe, hasCoarsePointer, () => guess);
}
