/**
 * Runs `run` in the browser's next idle moment, at the latest after `timeoutMs`: work nobody waits
 * for (a prefetch, a refresh, a background frame) stays out of the page's busy moments. Where
 * there is no requestIdleCallback (Safari), after a second.
 */
export function whenIdle(run: () => void, timeoutMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => run(), { timeout: timeoutMs });
  else setTimeout(run, 1000);
}
