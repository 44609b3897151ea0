import type { IntlShape } from '../../i18n';

/** A count of whole minutes in words, in the page's language ("less than a minute" for 0). */
export function formatMinutes(intl: IntlShape, minutes: number): string {
  return intl.formatMessage({ id: 'kids.minutes', defaultMessage: '{minutes, plural, =0 {less than a minute} one {# minute} other {# minutes}}' }, { minutes });
}

/** A span of play time in whole minutes, in the page's language ("less than a minute" under one). */
export function formatPlayMinutes(intl: IntlShape, ms: number): string {
  return formatMinutes(intl, Math.floor(ms / 60_000));
}

/**
 * Whole minutes for each of several spans that add up to the whole minutes of their sum, the total
 * the page shows (issue #38: 2.5 + 2.5 + 1.2 minutes read "2 + 2 + 1" under a total of 6). Each
 * span gets its whole minutes, and the minutes left over go to the largest remainders (the first
 * of equal ones).
 */
export function minutesAddingUp(spansMs: readonly number[]): number[] {
  const whole = spansMs.map((ms) => Math.floor(ms / 60_000));
  const total = Math.floor(spansMs.reduce((sum, ms) => sum + ms, 0) / 60_000);
  let left = total - whole.reduce((sum, minutes) => sum + minutes, 0);
  const byRemainder = spansMs.map((ms, index) => ({ index, rest: ms % 60_000 })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    whole[index]! += 1;
    left -= 1;
  }
  return whole;
}
