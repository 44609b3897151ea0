import { useSyncExternalStore } from 'react';

const COARSE_POINTER = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(COARSE_POINTER);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const hasCoarsePointer = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER).matches;

/**
 * True on a touch screen (a coarse pointer: a phone or tablet). The server renders for no pointer,
 * and hydration starts from that same answer (false); the real one follows just after.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, hasCoarsePointer, () => false);
}
