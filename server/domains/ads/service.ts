/**
 * Impressions nobody can fake (issues #37, #49): the server issues every page view (a random id kept
 * with the visitor, the path and the time), and counts an ad impression only against a page view of
 * the same visitor at most AD_LIMITS.pageViewMinutes old, and only for an ad its page really has
 * (places.ts: the closed set of places of each route): a slot of its route once per page view,
 * reported at least a second (a viewable impression's least time on screen) after the page view;
 * a break only by the id the server issued when the portal started it (startAdBreak), once, at
 * least a second after it started. A game page's ads are its game's; other pages' the portal's.
 * One visitor's impressions past AD_LIMITS.impressionsPerVisitor in PLAY_DEDUP_MINUTES are a burst,
 * and count nothing. Each refusal says why (`reason`), for the operator's counters.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { NO_BREAK_AGE_RATINGS, type AdBreakKind } from '../../../shared/ads';
import { AD_LIMITS } from '../../../shared/constants';
import type { adBreakInput, adImpressionInput, cardImpressionsInput, pageViewInput } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { pageViewKeyOf, sessionKeysOf } from '../visitors/identity';
import { adsOfPath } from './places';
import { countImpression } from '../../metrics/process-metrics';
import {
  breakOf,
  insertBreak,
  insertCardImpressions,
  insertImpression,
  insertPageView,
  lockUntilCommit,
  markBreakCounted,
  msSinceLastBreak,
  pageViewOf,
  recentImpressionCount,
  type PageView,
} from './queries';

/** Why an impression was not counted (the operator's counters read it). */
export type AdRefusal =
  | 'no_page_view' // not the caller's, unknown, or too old to report
  | 'wrong_game' // a game that is not its page's (or any game on the portal's pages)
  | 'unknown_place' // a slot its page does not have (places.ts), the Kids Zone's pages included
  | 'unknown_break' // a break id the server did not issue for this page view, or one counted already
  | 'too_soon' // under a second on screen
  | 'burst' // past the visitor's limit
  | 'repeat'; // that slot of that page view was counted already
export type AdImpressionOutcome = { counted: true } | { counted: false; reason: AdRefusal };
/** Why a break was not started: its page has none, a child's game, or the break rules' limits. */
export type AdBreakOutcome = { breakId: string } | { breakId: null; reason: 'no_page_view' | 'wrong_game' | 'no_break_here' | 'kids' | 'capped' };

/** Issues a page view for the caller; a game id that is not a published game's is left out. */
export async function issuePageView(ctx: DomainContext, input: z.output<typeof pageViewInput>): Promise<{ pageViewId: string }> {
  const visitorKey = await pageViewKeyOf(ctx);
  const id = randomBytes(16).toString('base64url');
  await insertPageView(ctx.em, { id, visitorKey, gameId: input.gameId ?? null, path: input.path });
  return { pageViewId: id };
}

/** The caller's page view, if it is theirs and still reports; its age lets the caller check the least time. */
async function ownPageView(ctx: DomainContext, pageViewId: string): Promise<PageView | null> {
  return pageViewOf(ctx.em, pageViewId, await sessionKeysOf(ctx));
}

/** Whether the page view's route has this ad (places.ts), for this game (the page's own, or null on the portal's pages). */
function pageRefuses(view: PageView, gameId: number | null, ad: { slot: string } | { break: AdBreakKind }): 'wrong_game' | 'unknown_place' | 'no_break_here' | null {
  const ads = adsOfPath(view.path);
  const has = ads !== null && ('slot' in ad ? (ads.slots as readonly string[]).includes(ad.slot) : ads.breaks.includes(ad.break));
  if (!has) return 'slot' in ad ? 'unknown_place' : 'no_break_here';
  // A game page whose game is not published has no game to count for.
  if (ads.owner === 'game' && view.game_id === null) return 'wrong_game';
  return gameId === (ads.owner === 'game' ? view.game_id : null) ? null : 'wrong_game';
}

/**
 * The portal starts a break over the game of the caller's game page: answers the id its impression
 * names, or null (with why) when this page view may not count one now. The portal applies the break
 * rules (features/ads/break-rules.ts: the first minute, the gaps, a tap before a rewarded break);
 * the server, which cannot see play time nor taps, only what bounds any page view's breaks: none for
 * children, one at a time, AD_LIMITS.breakSpacingSeconds apart (a rewarded break, the one kind a
 * game may ask for again soon, stays on screen at least until its Skip).
 */
export async function startAdBreak(ctx: DomainContext, input: z.output<typeof adBreakInput>): Promise<AdBreakOutcome> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view) return { breakId: null, reason: 'no_page_view' };
  const refused = pageRefuses(view, input.gameId, { break: input.kind });
  if (refused) return { breakId: null, reason: refused === 'unknown_place' ? 'no_break_here' : refused };
  if (NO_BREAK_AGE_RATINGS.includes(view.age_rating as never)) return { breakId: null, reason: 'kids' };
  if (ctx.services.env.AD_PROVIDER === 'none') return { breakId: null, reason: 'no_break_here' };
  const id = randomBytes(16).toString('base64url');
  return ctx.em.transactional(async (tx) => {
    // One page view's breaks are started one at a time, so two at once cannot both pass the spacing.
    await lockUntilCommit(tx, `ad-breaks:${input.pageViewId}`);
    const lastMs = await msSinceLastBreak(tx, input.pageViewId);
    if (lastMs !== null && lastMs < AD_LIMITS.breakSpacingSeconds * 1000) return { breakId: null, reason: 'capped' as const };
    await insertBreak(tx, { id, pageViewId: input.pageViewId, kind: input.kind });
    return { breakId: id };
  });
}

/** Counts one ad impression, or answers why not (never an error: the page cannot fix it); /metrics counts each outcome. */
export async function recordAdImpression(ctx: DomainContext, input: z.output<typeof adImpressionInput>): Promise<AdImpressionOutcome> {
  const outcome = await decideAdImpression(ctx, input);
  countImpression(input.kind, outcome.counted ? undefined : outcome.reason);
  return outcome;
}

async function decideAdImpression(ctx: DomainContext, input: z.output<typeof adImpressionInput>): Promise<AdImpressionOutcome> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view) return { counted: false, reason: 'no_page_view' };
  if (input.kind === 'slot') {
    const refused = pageRefuses(view, input.gameId, { slot: input.place! });
    if (refused) return { counted: false, reason: refused === 'no_break_here' ? 'unknown_place' : refused };
    if (view.age_ms < AD_LIMITS.viewableMs) return { counted: false, reason: 'too_soon' };
  } else if (input.gameId !== view.game_id) {
    // The break itself was checked against the page when it started (startAdBreak).
    return { counted: false, reason: 'wrong_game' };
  }
  return ctx.em.transactional(async (tx): Promise<AdImpressionOutcome> => {
    // One visitor's impressions are counted one at a time, so a burst cannot slip past the limit.
    await lockUntilCommit(tx, `ad-impressions:${view.visitor_key}`);
    let place: string;
    if (input.kind === 'slot') {
      place = input.place!;
    } else {
      // The break must be this page view's, started a second ago or more, and not counted yet.
      const started = await breakOf(tx, input.breakId!, input.pageViewId);
      if (!started || started.counted_at !== null) return { counted: false, reason: 'unknown_break' };
      if (started.age_ms < AD_LIMITS.viewableMs) return { counted: false, reason: 'too_soon' };
      place = `${started.kind}:${input.breakId}`;
    }
    if ((await recentImpressionCount(tx, view.visitor_key)) >= AD_LIMITS.impressionsPerVisitor) return { counted: false, reason: 'burst' };
    const counted = await insertImpression(tx, { pageViewId: input.pageViewId, kind: input.kind, place, gameId: view.game_id, visitorKey: view.visitor_key });
    if (!counted) return { counted: false, reason: 'repeat' };
    if (input.kind === 'break') await markBreakCounted(tx, input.breakId!);
    return { counted: true };
  });
}

/** Counts the published games among `gameIds` as shown in a list of the page view, once each per page view. */
export async function recordCardImpressions(ctx: DomainContext, input: z.output<typeof cardImpressionsInput>): Promise<{ counted: number }> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view) return { counted: 0 };
  return { counted: await insertCardImpressions(ctx.em, input.pageViewId, input.gameIds) };
}
