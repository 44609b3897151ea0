import { describe, expect, it } from 'vitest';
import { formatPlays, formatRating } from './format';

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


