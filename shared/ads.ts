/**
 * Advertising, as both sides see it: the providers an operator chooses from, the places and
 * sizes of the slots, the break rules' defaults and answers, and the countries whose visitors are
 * asked for consent before a personalised ad. Imports only the product's constants.
 */
import { AGE_RATINGS, type AgeRating } from './constants';

/** `none`: no ads; `house`: the portal's own games (the default); `adsense`: Google AdSense + H5 Games Ads. */
export const AD_PROVIDERS = ['none', 'house', 'adsense'] as const;
export type AdProviderName = (typeof AD_PROVIDERS)[number];

/** Where slots are shown: the home page, below the game on a game page, a category page. */
export const AD_PLACES = ['home', 'game', 'category'] as const;
export type AdPlace = (typeof AD_PLACES)[number];

/** The spec's 728x90 leaderboard from this width up; below it the 320x100 large mobile banner. */
export const AD_DESKTOP_MIN_WIDTH_PX = 768;
export const AD_SLOT_SIZES = { desktop: { width: 728, height: 90 }, phone: { width: 320, height: 100 } } as const;

/** The IAB's viewable impression: half of the slot on screen for a second. */
export const VIEWABLE_FRACTION = 0.5;
export const VIEWABLE_MS = 1000;

/** Defaults of the midgame break settings (AD_MIDGAME_FIRST_SECONDS, AD_MIDGAME_GAP_SECONDS). */
export const MIDGAME_FIRST_SECONDS_DEFAULT = 60;
export const MIDGAME_GAP_SECONDS_DEFAULT = 180;
/** A rewarded break needs a tap in the game this recently (the browser's own transient activation lasts about as long). */
export const REWARDED_GESTURE_MS = 5000;
/** The house break's Skip (and a rewarded break's reward) come after this long. */
export const HOUSE_BREAK_SKIP_SECONDS = 5;

export const AD_BREAK_KINDS = ['midgame', 'rewarded'] as const;
export type AdBreakKind = (typeof AD_BREAK_KINDS)[number];
/** Why a break was not shown (or not rewarded): no ad to show, a rule's limit, a child, no tap before a rewarded break. */
export const AD_BREAK_REASONS = ['unfilled', 'capped', 'kids', 'no-gesture'] as const;
export type AdBreakReason = (typeof AD_BREAK_REASONS)[number];
/** What PlayFree.ads.midgame() / rewarded() resolve to. */
export type AdBreakResult = { shown: boolean; rewarded: boolean; reason: AdBreakReason | null };

/**
 * The ratings whose games get no break at all: rated for small children (under 7). A 7+ game gets
 * breaks on its game page; in the Kids Zone (which shows 7+ games too) no game gets any.
 */
export const NO_BREAK_AGE_RATINGS: readonly AgeRating[] = ['KIDS'];

/**
 * The audience of a page that is not a game's: the portal's general audience (the spec's minimum
 * age is 13). A game page's audience is its game's rating.
 */
export const GENERAL_AUDIENCE: AgeRating = 'E13';

/** Whether a game rated `rating` may be advertised to a page whose audience is `audience`. */
export function isRatedFor(rating: AgeRating, audience: AgeRating): boolean {
  return AGE_RATINGS.indexOf(rating) <= AGE_RATINGS.indexOf(audience);
}

/**
 * Where a visitor is asked before any personalised ad: the European Economic Area (the EU's 27,
 * Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland.
 */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
  'GB',
  'CH',
]);

/** The ad settings the web app runs with (GET /api/ads/settings): no secret in them, publisher ids are public. */
export type AdSettings = {
  provider: AdProviderName;
  midgameFirstSeconds: number;
  midgameGapSeconds: number;
  adsense: { publisherId: string; scriptUrl: string; slots: Partial<Record<AdPlace, string>> } | null;
};

/** The hosts a network's code loads from, frames its ads from and calls: the CSP names them only when that network is chosen. */
export type AdNetworkSources = { script: readonly string[]; frame: readonly string[]; connect: readonly string[] };
export const AD_NETWORK_SOURCES: Record<AdProviderName, AdNetworkSources> = {
  none: { script: [], frame: [], connect: [] },
  house: { script: [], frame: [], connect: [] },
  // Google's list for AdSense and Ad Manager under a CSP (support.google.com/adsense/answer/13838205).
  adsense: {
    script: ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com', 'https://*.gstatic.com', 'https://*.adtrafficquality.google'],
    frame: ['https://googleads.g.doubleclick.net', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com', 'https://*.adtrafficquality.google'],
    connect: ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com', 'https://*.adtrafficquality.google'],
  },
};
