/**
 * While React takes over a server-rendered page, query results wait. A result reaches components
 * through a store subscription, whose updates React always renders synchronously; arriving while
 * part of the page is still server markup, it makes React take that part over in the same
 * synchronous render: on a phone, one long task instead of many short ones. (Zone devices asking
 * the server who they are, a refresh of a page rendered a while ago.) Held results are handed over
 * once the page is live and the browser idle; before then the page cannot be used anyway
 * (public/boot.js holds early taps until the same moment).
 */
import { notifyManager } from '@tanstack/react-query';
import { whenIdle } from './when-idle';

let held: (() => void)[] | null = null;

/** From now until the page is live, query results wait (main.tsx, before hydrating). */
export function holdQueryUpdates(): void {
  held = [];
  notifyManager.setScheduler((notify) => {
    if (held) held.push(notify);
    else setTimeout(notify, 0);
  });
}

/**
 * The held results follow at the browser's next idle moment: called once the page is live
 * (releaseEarlyInput; the parts React takes over apart, HydratedApart, go on in spare moments
 * meanwhile), and by main.tsx as hydration starts, with a longer wait, for a page that never says
 * it is live (one that failed to render). Hydration keeps the browser busy until it is done.
 */
export function releaseQueryUpdatesWhenIdle(timeoutMs = 2000): void {
  if (held) whenIdle(release, timeoutMs);
}

function release(): void {
  const waiting = held ?? [];
  held = null;
  if (waiting.length > 0) setTimeout(() => waiting.forEach((notify) => notify()), 0);
}
