import { Tooltip } from '@mantine/core';

// Mantine's Tooltip (and the floating-ui it positions with), in a chunk of its own: see DeferredTooltip.
export default Tooltip;
export const TooltipGroup = Tooltip.Group;
// Only the swap to the tooltips needs it, so it comes with them rather than in the first load.
export { keepingFocus } from './keeping-focus';
