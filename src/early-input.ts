import { wakeDeferredUiOnInteraction } from './components/Deferred/deferred';
import { releaseQueryUpdatesWhenIdle } from './query-updates-after-hydration';

declare global {
  interface Window {
    /** Set by public/boot.js: stops holding early taps and replays the last one. */
    playfreeAppReady?: () => void;
  }
}

/**
 * The app has taken the page over (hydrated it, or rendered it; called by each page once it is
 * live, routes.tsx): the tap or submit boot.js held meanwhile is replayed, now that the page can
 * answer it. Later calls do nothing.
 */
export function releaseEarlyInput(): void {
  // What no first paint needed (tooltips, menus' layers) loads once the visitor starts using the page.
  wakeDeferredUiOnInteraction();
  releaseQueryUpdatesWhenIdle();
  window.playfreeAppReady?.();
  window.playfreeAppReady = undefined;
}
