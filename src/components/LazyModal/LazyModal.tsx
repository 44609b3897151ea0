import type { ModalProps } from '@mantine/core';
import { lazyWhenOpened } from '../Deferred/lazyWhenOpened';

/**
 * Mantine's Modal for a dialog a page opens on a click (rename, delete): its code, with the
 * scroll area, focus trap and portal behind it (some 15 KB transferred), loads when it first opens.
 */
export const LazyModal = lazyWhenOpened<ModalProps>(() => import('./LoadedModal').then((loaded) => loaded.Modal));
