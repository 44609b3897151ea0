import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH } from '../../../shared/constants';

/** Where toasts appear (spec section 4: one at a time), in a chunk of its own: see DeferredNotifications. */
export default function LoadedNotifications() {
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} containerWidth={TOAST_MAX_WIDTH} position="bottom-right" />;
}
