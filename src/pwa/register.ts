/**
 * Registers the service worker through workbox-window (registerType 'prompt': a new version waits
 * until the player agrees to reload). Only in production builds: Vite's dev server has no worker.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { CATALOG_URL_ATTRIBUTE, MESSAGES_ID } from '../i18n/catalogs';

let workbox: Workbox | null = null;
let registering = false;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/**
 * Registers the worker once the page has loaded: its precache downloads the whole shell, which
 * must not compete with the page being opened. workbox-window comes in its own chunk, then.
 */
export function registerServiceWorker(): void {
  if (registering || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registering = true;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', () => setUpdateWaiting(true));
    await workbox.register();
    keepReadersCatalog(workbox);
  };
  const start = () => void register().catch((error: unknown) => console.warn('Service worker registration failed', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The precache holds no catalog but English (the code's own): the worker keeps this reader's, named
 * by the page the server rendered in their language, for the pages it renders itself, offline too.
 * Workbox's router answers CACHE_URLS through its route for the app's files (sw.ts).
 */
function keepReadersCatalog(registered: Workbox): void {
  const url = document.getElementById(MESSAGES_ID)?.getAttribute(CATALOG_URL_ATTRIBUTE);
  if (url) void registered.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [url] } }).catch(() => undefined);
}

function reload(): void {
  window.location.reload();
}

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', reload);
  // If control never changes hands (the worker was already replaced), reload anyway.
  setTimeout(reload, 3_000);
  workbox.messageSkipWaiting();
  setUpdateWaiting(false);
}

export function dismissUpdate(): void {
  setUpdateWaiting(false);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}
