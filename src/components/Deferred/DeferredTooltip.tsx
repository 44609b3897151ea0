import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../shared/constants';
import { useDeferredUi } from './deferred';

/** Without its code (offline before it ever came) a control simply has no tooltip. */
function Untipped({ children }: { children?: ReactNode }) {
  return children;
}
type TooltipProps = { label: string; withinPortal?: boolean; children: ReactNode };
type GroupProps = { openDelay: number; closeDelay: number; children: ReactNode };
// The import stays alone in its function: the build wraps `import(...).then(...)` whole in its
// style preloader, so a failure handler written on the import itself misses a style sheet that
// failed to load (offline), and the error reaches the page.
const loadTooltips = () => import('./LoadedTooltip');
const Tooltip = lazy<ComponentType<TooltipProps>>(() => loadTooltips().catch(() => ({ default: Untipped })));
const TooltipGroup = lazy<ComponentType<GroupProps>>(() =>
  loadTooltips().then(
    (loaded) => ({ default: loaded.TooltipGroup }),
    () => ({ default: Untipped }),
  ),
);

/** `children` alone until deferred UI may load (deferred.ts), then `wrapped` once its code is there. */
function OnceLoaded({ children, wrapped }: { children: ReactNode; wrapped: ReactNode }) {
  const load = useDeferredUi();
  if (!load) return children;
  return <Suspense fallback={children}>{wrapped}</Suspense>;
}

/**
 * A tooltip for controls every page shows (the header's): the control renders at once and its
 * tooltip, with the positioning code behind it, arrives once the visitor starts using the page.
 */
export function DeferredTooltip({ label, children, withinPortal }: { label: string; children: ReactElement; withinPortal?: boolean }) {
  const wrapped = (
    <Tooltip label={label} withinPortal={withinPortal}>
      {children}
    </Tooltip>
  );
  return <OnceLoaded wrapped={wrapped}>{children}</OnceLoaded>;
}

/**
 * Tooltips side by side: once one has shown, the next shows without the delay (spec §4: delay
 * 700 ms, skip delay 300 ms). Loaded like DeferredTooltip.
 */
export function DeferredTooltipGroup({ children }: { children: ReactNode }) {
  const wrapped = (
    <TooltipGroup openDelay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipGroup>
  );
  return <OnceLoaded wrapped={wrapped}>{children}</OnceLoaded>;
}
