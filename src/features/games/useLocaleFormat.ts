import { useMemo } from 'react';
import { defineMessages, useIntl } from '../../i18n';
import { formatCount, formatPlays, formatRating, formatShortDate } from './format';

const ageLabels = defineMessages({
  KIDS: { id: 'ageRating.kids', defaultMessage: 'Kids (3-6)' },
  E7: { id: 'ageRating.e7', defaultMessage: 'Everyone 7+' },
  E13: { id: 'ageRating.e13', defaultMessage: 'Teen 13+' },
  E16: { id: 'ageRating.e16', defaultMessage: 'Mature 16+' },
  E18: { id: 'ageRating.e18', defaultMessage: 'Adults 18+' },
});

/**
 * Numbers and dates in the visitor's language. English keeps the hand-written formatters of
 * format.ts (no Intl formatter on a page's first paint: creating one loads locale data, a long
 * task on a phone); the other languages go through Intl, which writes their digits and grouping
 * (Hindi 1,23,456; Arabic ١٢٣٬٤٥٦).
 */
export function useLocaleFormat() {
  const intl = useIntl();
  return useMemo(() => {
    const english = intl.locale === 'en';
    const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;
    return {
      /** 12,345 */
      count: (value: number) => (english ? formatCount(value) : intl.formatNumber(value)),
      /** Spec section 9: no plays reads "New"; over 1000 reads as a one-decimal thousands value. */
      plays: (plays: number) => {
        if (!plays) return intl.formatMessage({ id: 'format.newGame', defaultMessage: 'New' });
        if (english) return formatPlays(plays);
        return plays > 1000 ? intl.formatNumber(plays, { notation: 'compact', ...oneDecimal }) : intl.formatNumber(plays);
      },
      /** Ratings always show one decimal. */
      rating: (avg: number) => (english ? formatRating(avg) : intl.formatNumber(Number.isFinite(avg) ? avg : 0, oneDecimal)),
      /** Nov 23, 2026 */
      shortDate: (date: Date) => (english ? formatShortDate(date) : intl.formatDate(date, { year: 'numeric', month: 'short', day: 'numeric' })),
      /** An ISO date as a short date; an unreadable one as it came. */
      date: (value: string) => {
        const date = new Date(value);
        if (Number.isNaN(date.getTime())) return value;
        return english ? formatShortDate(date) : intl.formatDate(date, { year: 'numeric', month: 'short', day: 'numeric' });
      },
      ageRating: (rating: string) => (Object.hasOwn(ageLabels, rating) ? intl.formatMessage(ageLabels[rating as keyof typeof ageLabels]) : rating),
    };
  }, [intl]);
}
