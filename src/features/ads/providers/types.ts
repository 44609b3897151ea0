/**
 * The adapter every ad provider implements: what fills a slot and what shows a break. A new
 * network is one more file here, listed in ./index.ts, plus its hosts in shared/ads.ts
 * AD_NETWORK_SOURCES (the pages' CSP) and its settings in server/env.ts.
 */
import type { ComponentType } from 'react';
import type { AdBreakKind, AdPlace, AdSettings } from '../../../../shared/ads';
import type { AgeRating } from '../../../../shared/constants';

type Common = {
  settings: AdSettings;
  /** The oldest rating the page's audience may see (a game page: its game's; elsewhere the general audience). */
  audience: AgeRating;
  /** The game being played (or whose page this is): never advertised to its own players. */
  excludeGameId: number | null;
  /** False: the visitor refused personalised ads, or is a child, or is in the Kids Zone. */
  personalised: boolean;
};

export type SlotProps = Common & {
  place: AdPlace;
  /** The slot's box is the size of the 728x90 leaderboard (else the 320x100 phone banner). */
  desktop: boolean;
  /** Called once the slot shows an ad: only then does its time on screen count as an impression. */
  onFilled: () => void;
};

/** How a break ended: shown at all, and (a rewarded break) watched to its end. */
export type BreakOutcome = { shown: boolean; rewarded: boolean };

export type BreakProps = Common & {
  kind: AdBreakKind;
  /** The break is on screen (its impression is counted now). */
  onShown: () => void;
  /** Called once, when the break is over or could not be filled. */
  onDone: (outcome: BreakOutcome) => void;
};

export type AdProvider = {
  /** Fills the slot's reserved box; it must not change the box's size. */
  Slot: ComponentType<SlotProps>;
  /** Rendered over the game frame while the game is paused and muted. */
  Break: ComponentType<BreakProps>;
};
