/**
 * The browser's Back and Forward, seen before the router sees them (useNavigationBlocker.ts holds
 * them while the Kids Zone is locked). The listener is added as the app's entry loads, so it runs
 * before BrowserRouter's (added as the app mounts): Chromium calls a window's popstate listeners in
 * the order they were added, capturing or not, where other browsers call capturing ones first.
 * Added later (were the Kids Zone's code loaded lazily), it would run only after the router had
 * navigated.
 */
let popStateGuard: ((event: PopStateEvent) => void) | undefined;

if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => popStateGuard?.(event), true);

/** Sets (or with undefined, removes) the handler of the blocker in force. */
export function setPopStateGuard(guard: ((event: PopStateEvent) => void) | undefined): void {
  popStateGuard = guard;
}
