import { useEffect, useSyncExternalStore, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../shared/constants';
import { useDeferredUi, whenNoPointerPressed } from './deferred';

type TooltipProps = { label: string; withinPortal?: boolean; children: ReactNode };
type GroupProps = { openDelay: number; closeDelay: number; children: ReactNode };
type Tooltips = { Tooltip: ComponentType<TooltipProps>; TooltipGroup: ComponentType<GroupProps> };

/** The tooltips' code once it is in use, for every control (one load, one swap for all). */
let loadedTooltips: Tooltips | null = null;
let loading = false;
const subscribers = new Set<() => void>();
// The import stays alone in its function: the build wraps `import(...).then(...)` whole in its
// style preloader, so a failure handler written on the import itself misses a style sheet that
// failed to load (offline), and the error reaches the page.
const loadTooltips = () => import('./LoadedTooltip');

/**
 * Loads the code once, then wraps every control in its tooltip in one synchronous update. That
 * mounts the controls again, so it waits until no pointer is pressed (deferred.ts) and keeps the
 * keyboard focus (keeping-focus.ts). Without the code (offline before it ever came) the controls
 * simply have no tooltips, until a control shown later asks again.
 */
function loadOnce(): void {
  if (loading) return;
  loading = true;
  void loadTooltips().then(
    (loaded) =>
      whenNoPointerPressed(() =>
        loaded.keepingFocus(() =>
          flushSync(() => {
            loadedTooltips = { Tooltip: loaded.default, TooltipGroup: loaded.TooltipGroup };
            for (const notify of subscribers) notify();
          }),
        ),
      ),
    () => (loading = false),
  );
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The tooltips' code, once deferred UI may load (deferred.ts) and it has been swapped in. */
function useTooltips(): Tooltips | null {
  const load = useDeferredUi();
  useEffect(() => {
    if (load) loadOnce();
  }, [load]);
  return useSyncExternalStore(
    subscribe,
    () => loadedTooltips,
    () => null,
  );
}

/**
 * A tooltip for controls every page shows (the header's): the control renders at once and its
 * tooltip, with the positioning code behind it, arrives once the visitor starts using the page.
 */
export function DeferredTooltip({ label, children, withinPortal }: { label: string; children: ReactElement; withinPortal?: boolean }) {
  const tooltips = useTooltips();
  if (!tooltips) return children;
  return (
    <tooltips.Tooltip label={label} withinPortal={withinPortal}>
      {children}
    </tooltips.Tooltip>
  );
}

/**
 * Tooltips side by side: once one has shown, the next shows without the delay (spec §4: delay
 * 700 ms, skip delay 300 ms). Loaded like DeferredTooltip.
 */
export function DeferredTooltipGroup({ children }: { children: ReactNode }) {
  const tooltips = useTooltips();
  if (!tooltips) return children;
  return (
    <tooltips.TooltipGroup openDelay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </tooltips.TooltipGroup>
  );
}
