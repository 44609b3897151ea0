/**
 * Which page could not load its data because the device is offline. The layout shows the offline
 * screen instead of that page; the flag belongs to one location, so moving on clears it.
 */
import { useSyncExternalStore } from 'react';

let failedKey: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function currentKey(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function markOfflineFailure(): void {
  if (failedKey === currentKey()) return;
  failedKey = currentKey();
  emit();
}

export function clearOfflineFailure(): void {
  if (failedKey === null) return;
  failedKey = null;
  emit();
}

/** Moving to another page forgets the failure of the previous one. */
export function keepOfflineFailureOnlyFor(key: string): void {
  if (failedKey !== null && failedKey !== key) clearOfflineFailure();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when the page at `key` (pathname + search) failed offline. */
export function useOfflineFailure(key: string): boolean {
  return useSyncExternalStore(subscribe, () => failedKey === key, () => false);
}
