import { Group, Rating, Text } from '@mantine/core';
import { formatRating } from '../../features/games/format';

/** Display-only stars: half stars allowed for display (spec section 5). */
export function RatingStars({ avg, count, size = 'sm' }: { avg: number; count?: number; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const label = `Rated ${formatRating(avg)} out of 5${count !== undefined ? `, ${count} ${count === 1 ? 'review' : 'reviews'}` : ''}`;
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={Math.round(avg * 2) / 2} fractions={2} readOnly size={size} aria-hidden />
      <Text size="sm" fw={700} aria-hidden>
        {formatRating(avg)}
      </Text>
      {count !== undefined && (
        <Text size="sm" c="dimmed" aria-hidden>
          ({count} {count === 1 ? 'review' : 'reviews'})
        </Text>
      )}
    </Group>
  );
}
