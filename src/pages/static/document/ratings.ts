import type { MantineColor } from '@mantine/core';
import type { AgeRating } from '../../../../shared/constants';

/** How an age rating is written and coloured on its badge. */
export const RATING_LABELS: Record<AgeRating, string> = { KIDS: 'KIDS', E7: 'E7+', E13: 'E13+', E16: 'E16+', E18: 'E18' };
export const RATING_COLORS: Record<AgeRating, MantineColor> = { KIDS: 'green', E7: 'teal', E13: 'yellow', E16: 'orange', E18: 'red' };
