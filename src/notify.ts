import { mountNotifications } from './components/Deferred/DeferredNotifications';

type Tone = 'success' | 'error' | 'info';

const colors: Record<Tone, string> = { success: 'teal', error: 'red', info: 'violet' };

/**
 * Spec section 4: one toast at a time, and a new one replaces the previous rather than queueing.
 * The toasts' code loads with the first one: components/Deferred/DeferredNotifications.tsx.
 */
// Alone in its function, so the failure handler below also sees a style sheet that failed to load
// (components/Deferred/DeferredTooltip.tsx says why).
const importNotifications = () => import('@mantine/notifications');

let loading: ReturnType<typeof importNotifications> | null = null;

/**
 * One load shared by every toast: toasts asked for while the code is still coming are then shown in
 * the order they were asked, so the latest replaces the earlier. Separate imports can settle in any
 * order (each waits on its own style sheets), and "You are offline" was then replaced by the vague
 * error it was meant to follow. A failed load is forgotten, so a later toast tries again.
 */
function loadNotifications(): ReturnType<typeof importNotifications> {
  loading ??= importNotifications().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export function toast(title: string, message?: string, tone: Tone = 'success'): void {
  mountNotifications();
  loadNotifications().then(
    ({ notifications }) => {
      notifications.clean();
      notifications.show({ title, message: message ?? '', color: colors[tone], withBorder: true });
    },
    (error: unknown) => console.warn('Toast not shown: its code could not be loaded', title, error),
  );
}
