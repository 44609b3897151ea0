import { Group, Rating, Text } from '@mantine/core';
import { useLocaleFormat } from '../../features/games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';

/** Display-only stars: half stars allowed for display (spec section 5). */
export function RatingStars({ avg, count, size = 'sm' }: { avg: number; count?: number; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const rating = format.rating(avg);
  const label =
    count === undefined
      ? intl.formatMessage({ id: 'ratingStars.label', defaultMessage: 'Rated {rating} out of 5' }, { rating })
      : intl.formatMessage(
          { id: 'ratingStars.labelWithCount', defaultMessage: 'Rated {rating} out of 5, {count, plural, one {{shown} review} other {{shown} reviews}}' },
          { rating, count, shown: format.count(count) },
        );
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={Math.round(avg * 2) / 2} fractions={2} readOnly size={size} aria-hidden />
      <Text size="sm" fw={700} aria-hidden>
        {rating}
      </Text>
      {count !== undefined && (
        <Text size="sm" c="dimmed" aria-hidden>
          <FormattedMessage id="ratingStars.count" defaultMessage="({count, plural, one {{shown} review} other {{shown} reviews}})" values={{ count, shown: format.count(count) }} />
        </Text>
      )}
    </Group>
  );
}
