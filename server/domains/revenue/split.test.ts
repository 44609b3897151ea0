import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { developerCents, parseAmount, payoutDueOn, splitByWeight, type Weighted } from './split';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('splitting a month by weighted impressions', () => {
  it('gives each part its whole cents and the leftover cents to the largest fractions', () => {
    // 100 cents over 1:1:1 is 33.33 each: one leftover cent, to the tie broken by the lower game id.
    expect(splitByWeight(100, [{ gameId: 2, weight: 1 }, { gameId: 1, weight: 1 }, { gameId: null, weight: 1 }])).toEqual([33, 34, 33]);
    // 10 cents over 1:2:4 is 1.43, 2.86, 5.71: the 0.86 and 0.71 fractions get the two leftover cents.
    expect(splitByWeight(10, [{ gameId: 1, weight: 1 }, { gameId: 2, weight: 2 }, { gameId: null, weight: 4 }])).toEqual([1, 3, 6]);
  });

  it('gives the whole total to the portal when nothing was seen', () => {
    expect(splitByWeight(12_345, [{ gameId: 1, weight: 0 }, { gameId: null, weight: 0 }])).toEqual([0, 12_345]);
  });

  it('adds up to the total exactly for awkward totals and weights', () => {
    for (const total of [0, 1, 2, 99, 101, 999_999, 1_000_003, 2 ** 40 + 7]) {
      const parts: Weighted[] = [{ gameId: null, weight: 3 }, { gameId: 7, weight: 7 }, { gameId: 11, weight: 11 }, { gameId: 13, weight: 1 }];
      expect(sum(splitByWeight(total, parts))).toBe(total);
    }
  });

  it('always adds up to the total, never negative, never more than one cent off the exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (total, weights, portalWeight) => {
          const parts: Weighted[] = [...weights.map((weight, index) => ({ gameId: index + 1, weight })), { gameId: null, weight: portalWeight }];
          const shares = splitByWeight(total, parts);
          expect(sum(shares)).toBe(total);
          const whole = sum(parts.map((part) => part.weight));
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            if (whole > 0) expect(Math.abs(share - (total * parts[index]!.weight) / whole)).toBeLessThan(1.000001);
          });
        },
      ),
    );
  });
});

describe('the developer share and amounts', () => {
  it('is 70 % of a game\'s cents, rounded half up, the portal keeping the rest', () => {
    expect(developerCents(100)).toBe(70);
    expect(developerCents(1)).toBe(1); // 0.7 cents rounds up
    expect(developerCents(5)).toBe(4); // 3.5 cents rounds half up
    expect(developerCents(3)).toBe(2); // 2.1 cents rounds down
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
      const share = developerCents(cents);
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(cents);
      expect(Math.abs(share * 100 - cents * 70)).toBeLessThanOrEqual(50);
    }));
  });

  it('reads amounts in currency units as cents, and refuses anything else', () => {
    expect(parseAmount('1234.56')).toBe(123_456);
    expect(parseAmount('1,234.5')).toBe(123_450);
    expect(parseAmount('7')).toBe(700);
    for (const bad of ['', '-5', '1.234', '12,34', 'abc', '1e3', '99999999999999999999']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('makes a month payable on the 15th of the next month', () => {
    expect(payoutDueOn('2026-10')).toBe('2026-11-15');
    expect(payoutDueOn('2026-12')).toBe('2027-01-15');
  });
});
