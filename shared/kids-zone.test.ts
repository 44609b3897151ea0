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

  it('shows no violence by default, cartoon violence only when a parent allows it, realistic never', () => {
    const cartoon = { ...plain, violence: 'cartoon' as const };
    const realistic = { ...plain, violence: 'realistic' as const };
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: cartoon })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: cartoon }, { allowCartoonViolence: false })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: cartoon }, { allowCartoonViolence: true })).toBe(true);
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: realistic }, { allowCartoonViolence: true })).toBe(false);
    // Allowing cartoon violence lets nothing else through.
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: { ...cartoon, chat: true } }, { allowCartoonViolence: true })).toBe(false);
  });

  it('judges a game that declared no facts by its rating: KIDS promises no violence, 7+ counts as cartoon', () => {
    expect(isKidsZoneGame({ ageRating: 'KIDS', contentFacts: null })).toBe(true);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: null })).toBe(false);
    expect(isKidsZoneGame({ ageRating: 'E7', contentFacts: null }, { allowCartoonViolence: true })).toBe(true);
    expect(isKidsZoneGame({ ageRating: 'E13', contentFacts: null }, { allowCartoonViolence: true })).toBe(false);
  });
});
