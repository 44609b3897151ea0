import { useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../shared/constants';
import { useDeferredUi, whenNoPointerPressed } from './deferred';

type TooltipProps = { label: string; withinPortal?: boolean; children: ReactNode };
type GroupProps = { openDelay: number; closeDelay: number; children: ReactNode };
type Tooltips = { Tooltip: ComponentType<TooltipProps>; TooltipGroup: ComponentType<GroupProps> };

/** Without its code (offline before it ever came) a control simply has no tooltip. */
function Untipped({ children }: { children?: ReactNode }) {
  return children;
}
const UNTIPPED: Tooltips = { Tooltip: Untipped, TooltipGroup: Untipped };

/** The tooltips' code once loaded (for every control after the first to ask). */
let loadedTooltips: Tooltips | null = null;
// The import stays alone in its function: the build wraps `import(...).then(...)` whole in its
// style preloader, so a failure handler written on the import itself misses a style sheet that
// failed to load (offline), and the error reaches the page.
const loadTooltips = () => import('./LoadedTooltip');

/**
 * The tooltips' code, once deferred UI may load (deferred.ts), it is here, and no pointer is
 * pressed. Wrapping the control in its tooltip mounts it again: done while a tap was pressed on it,
 * the tap's release landed on the new node and the tap was lost (a header button's first tap, while
 * this code arrived).
 */
function useTooltips(): Tooltips | null {
  const load = useDeferredUi();
  const [tooltips, setTooltips] = useState(loadedTooltips);
  useEffect(() => {
    if (!load || tooltips) return;
    let mounted = true;
    void loadTooltips()
      .then(
        (loaded): Tooltips => ({ Tooltip: loaded.default, TooltipGroup: loaded.TooltipGroup }),
        () => UNTIPPED,
      )
      .then((loaded) => {
        loadedTooltips = loaded;
        whenNoPointerPressed(() => mounted && setTooltips(loaded));
      });
    return () => {
      mounted = false;
    };
  }, [load, tooltips]);
  return tooltips;
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
