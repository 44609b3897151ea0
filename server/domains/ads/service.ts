/**
 * Impressions nobody can fake (issue #37): the server issues every page view (a random id kept with
 * the visitor and the time), and counts an ad or card impression only against a page view of the
 * same visitor, issued at least a second (a viewable impression's least time on screen) and at
 * most AD_LIMITS.pageViewMinutes ago, once per page view, kind and place. A game page's slot and
 * its game's breaks are the game's; other pages' slots are the portal's (game null); the Kids Zone
 * shows no ads, so its page views count none. One visitor's impressions past
 * AD_LIMITS.impressionsPerVisitor in PLAY_DEDUP_MINUTES are a burst, and count nothing.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AD_LIMITS, PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import type { adImpressionInput, cardImpressionsInput, pageViewInput } from '../../../shared/schemas';
import { sqlIn } from '../../db/sql';
import type { DomainContext } from '../context';
import { pageViewKeyOf, sessionKeysOf } from '../visitors/identity';

type PageView = { visitor_key: string; game_id: number | null; path: string; age_ms: number };

const isKidsZonePath = (path: string) => /^\/kids(?:[/?#]|$)/.test(path);

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
    `select visitor_key, game_id, path, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms
       from page_views where id = ? and visitor_key = any(?::text[])
        and created_at > now() - interval '${AD_LIMITS.pageViewMinutes} minutes'`,
    [pageViewId, `{${keys.map((key) => `"${key}"`).join(',')}}`],
  );
  return rows[0] ?? null;
}

/** Counts one ad impression, or answers `counted: false` for one that does not count (never an error: the page cannot fix it). */
export async function recordAdImpression(ctx: DomainContext, input: z.output<typeof adImpressionInput>): Promise<{ counted: boolean }> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view || view.age_ms < AD_LIMITS.viewableMs || isKidsZonePath(view.path)) return { counted: false };
  // The page view decides whose impression it is: a game page's, or the portal's.
  if (input.gameId !== view.game_id) return { counted: false };
  if (input.kind === 'break' && view.game_id === null) return { counted: false };
  const counted = await ctx.em.transactional(async (tx) => {
    // One visitor's impressions are counted one at a time, so a burst cannot slip past the limit.
    await sqlIn(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`ad-impressions:${view.visitor_key}`]);
    const [recent] = await sqlIn<{ n: number }>(
      tx,
      `select count(*)::int as n from ad_impressions where visitor_key = ? and created_at > now() - interval '${PLAY_DEDUP_MINUTES} minutes'`,
      [view.visitor_key],
    );
    if ((recent?.n ?? 0) >= AD_LIMITS.impressionsPerVisitor) return false;
    const inserted = await sqlIn(
      tx,
      `insert into ad_impressions (page_view_id, kind, place, game_id, visitor_key, created_at) values (?, ?, ?, ?, ?, now())
       on conflict do nothing returning place`,
      [input.pageViewId, input.kind, input.place, view.game_id, view.visitor_key],
    );
    return inserted.length > 0;
  });
  return { counted };
}

/** Counts the published games among `gameIds` as shown in a list of the page view, once each per page view. */
export async function recordCardImpressions(ctx: DomainContext, input: z.output<typeof cardImpressionsInput>): Promise<{ counted: number }> {
  const view = await ownPageView(ctx, input.pageViewId);
  if (!view) return { counted: 0 };
  const inserted = await sqlIn(
    ctx.em,
    `insert into card_impressions (page_view_id, game_id, created_at)
       select ?, id, now() from games where id = any(?::int[]) and status = 'APPROVED'
     on conflict do nothing returning game_id`,
    [input.pageViewId, `{${[...new Set(input.gameIds)].join(',')}}`],
  );
  return { counted: inserted.length };
}
