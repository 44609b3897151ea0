import { Tooltip } from '@mantine/core';

// Mantine's Tooltip (and the floating-ui it positions with), in a chunk of its own: see DeferredTooltip.
export default Tooltip;
export const TooltipGroup = Tooltip.Group;
