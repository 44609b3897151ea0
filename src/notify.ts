import { notifications } from '@mantine/notifications';

type Tone = 'success' | 'error' | 'info';

const colors: Record<Tone, string> = { success: 'teal', error: 'red', info: 'violet' };

/** Spec section 4: one toast at a time, and a new one replaces the previous rather than queueing. */
export function toast(title: string, message?: string, tone: Tone = 'success'): void {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color: colors[tone], withBorder: true });
}
