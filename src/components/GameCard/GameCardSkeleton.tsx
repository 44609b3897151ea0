import { AspectRatio, Skeleton, Stack } from '@mantine/core';
import type { GameCardVariant } from './GameCard';
import classes from './GameCard.module.css';

/** Line heights of the real card's rows, so nothing shifts when data arrives. */
const rows: Record<GameCardVariant, number[]> = {
  default: [20, 16, 18],
  large: [22, 16, 43, 18],
  small: [18, 18],
  multiplayer: [20, 18, 36],
};
const widths = ['75%', '45%', '100%', '100%'];

export function GameCardSkeleton({ variant = 'default' }: { variant?: GameCardVariant }) {
  const ratio = variant === 'large' ? 16 / 9 : variant === 'multiplayer' ? 16 / 10 : 4 / 3;
  return (
    <div className={classes.card} aria-hidden data-testid="game-card-skeleton">
      <AspectRatio ratio={ratio}>
        <Skeleton radius={0} />
      </AspectRatio>
      <Stack gap={variant === 'small' ? 4 : 6} p={variant === 'small' ? 10 : 12}>
        {rows[variant].map((height, index) => (
          <Skeleton key={index} height={height} width={widths[index]} radius={height > 30 ? 'sm' : 'xl'} />
        ))}
      </Stack>
    </div>
  );
}
