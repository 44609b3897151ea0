import { lazy, Suspense, type ComponentType } from 'react';
import { loadWhenIdle, useDeferredUi } from './deferred';

const loadNotifications = () => import('./LoadedNotifications');
// Failing to load (offline before it ever came) leaves the page as it is: no toasts, no crash.
const Notifications = lazy<ComponentType>(() => loadNotifications().catch(() => ({ default: () => null })));

/**
 * The toasts' container, mounted once the visitor starts using the page or the first toast is asked
 * for (src/notify.ts). Its code is fetched when the page is idle, so a toast still shows after the
 * connection is lost ("You are offline").
 */
export function DeferredNotifications() {
  const load = useDeferredUi();
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}

/** Called once the app has taken the page over. */
export function fetchNotificationsWhenIdle(): void {
  loadWhenIdle(loadNotifications);
}
