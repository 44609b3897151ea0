import { describe, expect, it } from 'vitest';
import { refusedBreak, type BreakRequestState } from './break-rules';

const base: BreakRequestState = {
  kind: 'midgame',
  provider: 'house',
  kidsZone: false,
  ageRating: 'E13',
  playedMs: 61_000,
  lastBreakAtPlayedMs: null,
  lastMidgameAtPlayedMs: null,
  playedSinceLastBreak: false,
  breakShowing: false,
  recentGesture: false,
  midgameFirstSeconds: 60,
  midgameGapSeconds: 180,
};

describe('ad break rules', () => {
  it('shows a midgame break after the first minute of play', () => {
    expect(refusedBreak(base)).toBeNull();
  });

  it('caps a midgame break before the first minute and within the gap after the last', () => {
    expect(refusedBreak({ ...base, playedMs: 59_999 })).toBe('capped');
    const afterOne = { ...base, lastBreakAtPlayedMs: 61_000, lastMidgameAtPlayedMs: 61_000, playedSinceLastBreak: true };
    expect(refusedBreak({ ...afterOne, playedMs: 61_000 + 179_999 })).toBe('capped');
    expect(refusedBreak({ ...afterOne, playedMs: 61_000 + 180_000 })).toBeNull();
  });

  it('follows the settings', () => {
    expect(refusedBreak({ ...base, playedMs: 2_000, midgameFirstSeconds: 1 })).toBeNull();
  });

  it('never shows two in a row: not while one shows, nor before the game played again', () => {
    expect(refusedBreak({ ...base, breakShowing: true })).toBe('capped');
    const afterRewarded = { ...base, kind: 'rewarded' as const, recentGesture: true, lastBreakAtPlayedMs: 61_000, playedMs: 62_000 };
    expect(refusedBreak(afterRewarded)).toBe('capped');
    expect(refusedBreak({ ...afterRewarded, playedSinceLastBreak: true })).toBeNull();
  });

  it('shows a rewarded break only right after a tap in the game', () => {
    const rewarded = { ...base, kind: 'rewarded' as const, playedMs: 1_000 };
    expect(refusedBreak(rewarded)).toBe('no-gesture');
    expect(refusedBreak({ ...rewarded, recentGesture: true })).toBeNull();
  });

  it('never shows a break in the Kids Zone or in a game rated for small children', () => {
    expect(refusedBreak({ ...base, kidsZone: true })).toBe('kids');
    expect(refusedBreak({ ...base, ageRating: 'KIDS' })).toBe('kids');
    expect(refusedBreak({ ...base, ageRating: 'KIDS', kind: 'rewarded', recentGesture: true })).toBe('kids');
    expect(refusedBreak({ ...base, ageRating: 'E7' })).toBeNull();
  });

  it('answers unfilled when the operator chose no ads', () => {
    expect(refusedBreak({ ...base, provider: 'none' })).toBe('unfilled');
  });
});
