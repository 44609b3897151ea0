/**
 * UI that no first paint needs (tooltips, toasts, the floating layers of menus) is loaded once the
 * visitor starts using the page (moves the pointer, touches, types, scrolls), so neither its code
 * nor its mounting competes with a phone's first load. `wakeDeferredUi()` loads it at once (a toast
 * asked for before then).
 */
import { useSyncExternalStore } from 'react';
import { whenIdle } from '../../when-idle';

let awake = false;
const listeners = new Set<() => void>();
const interactions = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;

export function wakeDeferredUi(): void {
  if (awake) return;
  awake = true;
  for (const type of interactions) window.removeEventListener(type, wakeDeferredUi, true);
  for (const listener of listeners) listener();
}

/**
 * Runs `load` once after the page has gone idle: the code a later need (a toast telling the
 * visitor they went offline) must find already here, when the network may be gone.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  whenIdle(() => void load().catch(() => undefined), 5000);
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
