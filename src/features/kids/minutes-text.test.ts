import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import es from '../../i18n/locales/es.json';
import { formatPlayMinutes, minutesAddingUp } from './minutes-text';

describe('formatPlayMinutes', () => {
  it('says whole minutes in words, in English by default', () => {
    const intl = createIntl({ locale: 'en', messages: {} });
    expect(formatPlayMinutes(intl, 30_000)).toBe('less than a minute');
    expect(formatPlayMinutes(intl, 60_000)).toBe('1 minute');
    expect(formatPlayMinutes(intl, 5 * 60_000 + 59_000)).toBe('5 minutes');
  });

  it('and in the page language', () => {
    const intl = createIntl({ locale: 'es', messages: es });
    expect(formatPlayMinutes(intl, 30_000)).toBe('menos de un minuto');
    expect(formatPlayMinutes(intl, 120_000)).toBe('2 minutos');
  });
});

describe('minutesAddingUp', () => {
  it("gives the per-game minutes that add up to the day's total, the leftover minutes to the largest remainders", () => {
    // 2.5 + 2.5 + 1.17 minutes: 6 in all, where whole minutes alone read 2 + 2 + 1.
    expect(minutesAddingUp([150_000, 150_000, 70_000])).toEqual([3, 2, 1]);
    expect(minutesAddingUp([59_000, 59_000, 59_000])).toEqual([1, 1, 0]);
    expect(minutesAddingUp([120_000, 60_000])).toEqual([2, 1]);
    expect(minutesAddingUp([])).toEqual([]);
    for (const spans of [[1, 2, 3], [61_000, 119_000, 30_000, 45_000], [600_000, 59_999]]) {
      const total = Math.floor(spans.reduce((sum, ms) => sum + ms, 0) / 60_000);
      expect(minutesAddingUp(spans).reduce((sum, minutes) => sum + minutes, 0)).toBe(total);
    }
  });
});
