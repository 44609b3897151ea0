/**
 * What the check's worker does for a page that waits for the player (worker.ts): it taps a "tap to
 * play" prompt once, as a player does (TIC-80's and many itch.io exports start only then, often to
 * be allowed sound), when the page has drawn nothing, is no longer downloading and shows such a
 * prompt (page-script.ts's TAP_TARGET). A game still loading is left alone: a touch in the middle
 * of an engine's start can stop it (Godot 3's did).
 */
import type { Page, Request } from 'playwright-core';
import { TAP_TARGET } from './page-script';

/** How long the page is waited for in one evaluation or input, before it counts as not answering. */
export const PAGE_ANSWER_MS = 5_000;
/** A page that drew nothing this long after it opened, with no download of its own for TAP_QUIET_MS, waits for the player. */
const TAP_AFTER_MS = 3_000;
const TAP_QUIET_MS = 1_500;

/** The promise's value, or null when it takes longer than `ms` (a page in an endless loop never answers). */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The page's own downloads not answered yet, and when one last started or ended (epoch ms). */
export interface NetworkQuiet {
  inFlight: number;
  lastAt: number;
}

/** Follows the page's downloads of the build's own files (`own`), from now on. */
export function watchNetwork(page: Page, own: (url: string) => boolean): NetworkQuiet {
  const network: NetworkQuiet = { inFlight: 0, lastAt: Date.now() };
  page.on('request', (request) => {
    if (!own(request.url())) return;
    network.inFlight++;
    network.lastAt = Date.now();
  });
  const ended = (request: Request) => {
    if (!own(request.url())) return;
    network.inFlight = Math.max(0, network.inFlight - 1);
    network.lastAt = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return network;
}

/** Taps the page's prompt when it waits for the player; whether it did. */
export async function tapWhenWaiting(page: Page, network: NetworkQuiet, navigationAt: number): Promise<boolean> {
  const now = Date.now();
  if (now - navigationAt < TAP_AFTER_MS || network.inFlight > 0 || now - network.lastAt < TAP_QUIET_MS) return false;
  const target = await within(page.evaluate<{ x: number; y: number } | null>(TAP_TARGET), PAGE_ANSWER_MS);
  if (!target) return false;
  await within(page.touchscreen.tap(target.x, target.y), PAGE_ANSWER_MS);
  return true;
}
