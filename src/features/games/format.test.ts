import { describe, expect, it } from 'vitest';
import { formatCount, formatPlays, formatRating, formatShortDate } from './format';

describe('formatPlays (spec section 9)', () => {
  it('reads "New" when a game has no plays', () => {
    expect(formatPlays(0)).toBe('New');
  });

  it('shows counts up to 1000 as they are', () => {
    expect(formatPlays(1)).toBe('1');
    expect(formatPlays(999)).toBe('999');
    expect(formatPlays(1000)).toBe('1000');
  });

  it('shows counts over 1000 as a one-decimal k value', () => {
    expect(formatPlays(1001)).toBe('1.0k');
    expect(formatPlays(1234)).toBe('1.2k');
    expect(formatPlays(15_550)).toBe('15.6k');
  });
});

describe('formatRating', () => {
  it('always shows one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(3.25)).toBe('3.3');
    expect(formatRating(0)).toBe('0.0');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });
});



describe('formatCount and formatShortDate write what en-US Intl formatting writes', () => {
  it('groups thousands', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000, 987_654_321, -4321, 1234.5]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });

  it('writes short dates', () => {
    const english = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
    for (const iso of ['2026-01-01T12:00:00', '2026-05-09T00:00:00', '2025-12-31T23:59:59']) {
      expect(formatShortDate(new Date(iso))).toBe(english.format(new Date(iso)));
    }
  });
});
