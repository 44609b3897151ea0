import type { IntlShape } from '../../i18n';

/** A span of play time in whole minutes, in the page's language ("less than a minute" under one). */
export function formatPlayMinutes(intl: IntlShape, ms: number): string {
  return intl.formatMessage(
    { id: 'kids.minutes', defaultMessage: '{minutes, plural, =0 {less than a minute} one {# minute} other {# minutes}}' },
    { minutes: Math.floor(ms / 60_000) },
  );
}
