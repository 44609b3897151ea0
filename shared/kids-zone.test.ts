import { describe, expect, it } from 'vitest';
import type { ContentFacts } from './schemas';
import { isKidsZoneGame } from './kids-zone';

const plain: ContentFacts = { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'device', violence: 'none' };

describe('isKidsZoneGame', () => {
  it('takes kid-safe ratings only', () => {
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: plain })).toBe(true);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: plain })).toBe(true);
    expect(isKidsZoneGame({ ageRating: 'E13', contentFacts: plain })).toBe(false);
  });

  it('leaves out a kid-rated game with chat, links out or purchases, but not one with ads', () => {
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: { ...plain, chat: true } })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: { ...plain, externalLinks: true } })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: { ...plain, inAppPurchases: true } })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: { ...plain, ads: true } })).toBe(true);
  });

  it('judges a game that declared no facts by its rating', () => {
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: null })).toBe(true);
  });
});
