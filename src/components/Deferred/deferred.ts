/**
 * UI that no first paint needs (tooltips, the floating layers of menus) is loaded once the visitor
 * starts using the page (moves the pointer, touches, types, scrolls), so neither its code nor its
 * mounting competes with a phone's first load. (Toasts wait for the first one: DeferredNotifications.)
 */
import { useSyncExternalStore } from 'react';

let awake = false;
const listeners = new Set<() => void>();
const interactions = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;

function wakeDeferredUi(): void {
  if (awake) return;
  awake = true;
  for (const type of interactions) window.removeEventListener(type, wakeDeferredUi, true);
  for (const listener of listeners) listener();
}

/** Called once the app has taken the page over. */
export function wakeDeferredUiOnInteraction(): void {
  if (awake) return;
  for (const type of interactions) window.addEventListener(type, wakeDeferredUi, { capture: true, passive: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and in the first render (hydration matches), true once deferred UI may load. */
export function useDeferredUi(): boolean {
  return useSyncExternalStore(subscribe, () => awake, () => false);
}

/** The pointers pressed now (a mouse button, a finger), by id. */
const pressedPointers = new Set<number>();
const waitingForRelease: (() => void)[] = [];

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (event) => pressedPointers.add(event.pointerId), { capture: true, passive: true });
  for (const type of ['pointerup', 'pointercancel'] as const) {
    window.addEventListener(
      type,
      (event) => {
        pressedPointers.delete(event.pointerId);
        // After the click this release makes has been dispatched to the node it was meant for.
        if (pressedPointers.size === 0) setTimeout(() => waitingForRelease.splice(0).forEach((run) => run()), 0);
      },
      { capture: true, passive: true },
    );
  }
}

/**
 * Runs `change` now, or once no pointer is pressed. For a change that mounts a control again: a tap
 * pressed on the old node and released on the new one reaches neither, and is lost.
 */
export function whenNoPointerPressed(change: () => void): void {
  if (pressedPointers.size === 0) change();
  else waitingForRelease.push(change);
}
