/**
 * The rules the portal applies to a game's ad break request, whatever the game asks
 * (games/sdk/README.md, Ads): no break for children, none while another runs or before the
 * game was played again since the last, no midgame before the first minute of play nor within
 * the gap after the last, and a rewarded break only right after a tap in the game. Pure: the
 * caller measures the time and the gesture.
 */
import { NO_BREAK_AGE_RATINGS, type AdBreakKind, type AdBreakReason, type AdProviderName } from '../../../shared/ads';
import type { AgeRating } from '../../../shared/constants';

export type BreakRequestState = {
  kind: AdBreakKind;
  provider: AdProviderName;
  /** Played in the Kids Zone, or by a signed-in child profile. */
  kidsZone: boolean;
  ageRating: AgeRating;
  /** Milliseconds of play (the game on screen) since it loaded. */
  playedMs: number;
  /** Play time when the last break ended; null before the first. */
  lastBreakAtPlayedMs: number | null;
  /** Play time when the last midgame break ended; null before the first. */
  lastMidgameAtPlayedMs: number | null;
  /** The game started a round (gameplayStart) since the last break ended. */
  playedSinceLastBreak: boolean;
  /** A break is on screen now. */
  breakShowing: boolean;
  /** The player tapped (or pressed a key) in the game within the last few seconds. */
  recentGesture: boolean;
  midgameFirstSeconds: number;
  midgameGapSeconds: number;
};

/** Why the break is refused, or null to show it. */
export function refusedBreak(state: BreakRequestState): AdBreakReason | null {
  if (state.kidsZone || NO_BREAK_AGE_RATINGS.includes(state.ageRating)) return 'kids';
  // Never two in a row: another break waits for some play after the last one.
  if (state.breakShowing) return 'capped';
  if (state.lastBreakAtPlayedMs !== null && !state.playedSinceLastBreak && state.playedMs - state.lastBreakAtPlayedMs < state.midgameGapSeconds * 1000) return 'capped';
  if (state.kind === 'midgame') {
    if (state.playedMs < state.midgameFirstSeconds * 1000) return 'capped';
    if (state.lastMidgameAtPlayedMs !== null && state.playedMs - state.lastMidgameAtPlayedMs < state.midgameGapSeconds * 1000) return 'capped';
  } else if (!state.recentGesture) {
    return 'no-gesture';
  }
  if (state.provider === 'none') return 'unfilled';
  return null;
}
