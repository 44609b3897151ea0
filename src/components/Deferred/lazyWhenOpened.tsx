import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useIntl } from '../../i18n';
import { toast } from '../../notify';
import { isOffline } from '../../pwa/network';
import { toastOffline } from '../../pwa/offline-handling';
import { optionalPart } from './optionalPart';

type DialogProps = { opened: boolean; onClose: () => void };

/**
 * In place of a dialog whose code could not be fetched: closes it again (so its button works the
 * next time) and says why nothing opened.
 */
function NotOpened({ opened, onClose }: DialogProps) {
  const intl = useIntl();
  useEffect(() => {
    if (!opened) return;
    onClose();
    if (isOffline()) toastOffline(intl);
    else
      toast(
        intl.formatMessage({ id: 'common.error', defaultMessage: 'Error' }),
        intl.formatMessage({ id: 'dialog.notLoaded', defaultMessage: 'This could not be opened. Reload the page and try again.' }),
        'error',
      );
  }, [opened, onClose, intl]);
  return null;
}

/**
 * A dialog or drawer whose code (and everything it imports) loads only once it is first opened,
 * then stays mounted so it can animate closed and open again at once. If its code cannot be
 * fetched, the page stays as it is (optionalPart.tsx) and the player is told.
 */
export function lazyWhenOpened<P extends DialogProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = optionalPart(load, NotOpened);
  return function LazyWhenOpened(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
