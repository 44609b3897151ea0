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
import { AD_LIMITS, PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import type { adBreakInput, adImpressionInput, cardImpressionsInput, pageViewInput } from '../../../shared/schemas';
import { sqlIn } from '../../db/sql';
import type { DomainContext } from '../context';
import { pageViewKeyOf, sessionKeysOf } from '../visitors/identity';
import { adsOfPath } from './places';
import { countImpression } from '../../metrics/process-metrics';

type PageView = { visitor_key: string; game_id: number | null; age_rating: string | null; path: string; age_ms: number };

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
  await sqlIn(
    ctx.em,
    `insert into page_views (id, visitor_key, game_id, path, created_at)
       values (?, ?, (select id from games where id = ? and status = 'APPROVED'), ?, now())`,
    [id, visitorKey, input.gameId ?? null, input.path],
  );
  return { pageViewId: id };
}

/** The caller's page view, if it is theirs and still reports; its age lets the caller check the least time. */
async function ownPageView(ctx: DomainContext, pageViewId: string): Promise<PageView | null> {
  const keys = await sessionKeysOf(ctx);
  const rows = await sqlIn<PageView>(
    ctx.em,
    `select v.visitor_key, v.game_id, g.age_rating, v.path, (extract(epoch from now() - v.created_at) * 1000)::float8 as age_ms
       from page_views v left join games g on g.id = v.game_id
      where v.id = ? and v.visitor_key = any(?::text[])
        and v.created_at > now() - interval '${AD_LIMITS.pageViewMinutes} minutes'`,
    [pageViewId, `{${keys.map((key) => `"${key}"`).join(',')}}`],
  );
  return rows[0] ?? null;
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
    await sqlIn(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`ad-breaks:${input.pageViewId}`]);
    const [last] = await sqlIn<{ last_ms: number | null }>(
      tx,
      'select (extract(epoch from now() - max(created_at)) * 1000)::float8 as last_ms from ad_breaks where page_view_id = ?',
      [input.pageViewId],
    );
    if (last?.last_ms != null && last.last_ms < AD_LIMITS.breakSpacingSeconds * 1000) return { breakId: null, reason: 'capped' as const };
    await sqlIn(tx, `delete from ad_breaks where created_at < now() - interval '${AD_LIMITS.pageViewMinutes} minutes'`);
    await sqlIn(tx, 'insert into ad_breaks (id, page_view_id, kind, created_at) values (?, ?, ?, now())', [id, input.pageViewId, input.kind]);
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
    await sqlIn(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`ad-impressions:${view.visitor_key}`]);
    let place: string;
    if (input.kind === 'slot') {
      place = input.place!;
    } else {
      // The break must be this page view's, started a second ago or more, and not counted yet.
      const [started] = await sqlIn<{ kind: AdBreakKind; age_ms: number; counted_at: string | null }>(
        tx,
        `select kind, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms, counted_at
           from ad_breaks where id = ? and page_view_id = ? and created_at > now() - interval '${AD_LIMITS.pageViewMinutes} minutes'`,
        [input.breakId, input.pageViewId],
      );
      if (!started || started.counted_at !== null) return { counted: false, reason: 'unknown_break' };
      if (started.age_ms < AD_LIMITS.viewableMs) return { counted: false, reason: 'too_soon' };
      place = `${started.kind}:${input.breakId}`;
    }
    const [recent] = await sqlIn<{ n: number }>(
      tx,
      `select count(*)::int as n from ad_impressions where visitor_key = ? and created_at > now() - interval '${PLAY_DEDUP_MINUTES} minutes'`,
      [view.visitor_key],
    );
    if ((recent?.n ?? 0) >= AD_LIMITS.impressionsPerVisitor) return { counted: false, reason: 'burst' };
    const inserted = await sqlIn(
      tx,
      // page_view_at, the page view's created_at, places the impression in its page view's month.
      `insert into ad_impressions (page_view_id, page_view_at, kind, place, game_id, visitor_key, created_at)
         select id, created_at, ?, ?, ?, ?, now() from page_views where id = ? and created_at > now() - interval '${AD_LIMITS.pageViewMinutes} minutes'
       on conflict do nothing returning place`,
      [input.kind, place, view.game_id, view.visitor_key, input.pageViewId],
    );
    if (inserted.length === 0) return { counted: false, reason: 'repeat' };
    if (input.kind === 'break') await sqlIn(tx, 'update ad_breaks set counted_at = now() where id = ?', [input.breakId]);
    return { counted: true };
  });
}

/** Counts the published games among `gameIds` as shown in a list of the page view, once each per page view. */
export async function recordCardImpressions(ctx: DomainContext, input: z.output<typeof cardImpressionsInput>): Promise<{ counted: number }> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view) return { counted: 0 };
  const inserted = await sqlIn(
    ctx.em,
    `insert into card_impressions (page_view_id, page_view_at, game_id, created_at)
       select v.id, v.created_at, g.id, now() from page_views v join games g on g.id = any(?::int[]) and g.status = 'APPROVED'
        where v.id = ? and v.created_at > now() - interval '${AD_LIMITS.pageViewMinutes} minutes'
     on conflict do nothing returning game_id`,
    [`{${[...new Set(input.gameIds)].join(',')}}`, input.pageViewId],
  );
  return { counted: inserted.length };
}
