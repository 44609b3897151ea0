/** Every query the ads domain sends: page views, ad breaks, ad and card impressions. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdBreakKind } from '../../../shared/ads';
import { AD_LIMITS, PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import { sqlIn } from '../../db/sql';

/** A page view as the impression rules read it: whose, which game (with its rating), which route, how old. */
export type PageView = { visitor_key: string; game_id: number | null; age_rating: string | null; path: string; age_ms: number };

/** Rows younger than this still report (AD_LIMITS.pageViewMinutes). */
const STILL_REPORTS = `now() - interval '${AD_LIMITS.pageViewMinutes} minutes'`;

/** Inserts a page view; a game id that is not a published game's is stored as none. */
export async function insertPageView(em: EntityManager, view: { id: string; visitorKey: string; gameId: number | null; path: string }): Promise<void> {
  await sqlIn(
    em,
    `insert into page_views (id, visitor_key, game_id, path, created_at)
       values (?, ?, (select id from games where id = ? and status = 'APPROVED'), ?, now())`,
    [view.id, view.visitorKey, view.gameId, view.path],
  );
}

/** The page view of one of `visitorKeys` that still reports, or null. */
export async function pageViewOf(em: EntityManager, pageViewId: string, visitorKeys: string[]): Promise<PageView | null> {
  const rows = await sqlIn<PageView>(
    em,
    `select v.visitor_key, v.game_id, g.age_rating, v.path, (extract(epoch from now() - v.created_at) * 1000)::float8 as age_ms
       from page_views v left join games g on g.id = v.game_id
      where v.id = ? and v.visitor_key = any(?::text[]) and v.created_at > ${STILL_REPORTS}`,
    [pageViewId, `{${visitorKeys.map((key) => `"${key}"`).join(',')}}`],
  );
  return rows[0] ?? null;
}

/** Serialises `key`'s writers until the transaction ends. */
export async function lockUntilCommit(tx: EntityManager, key: string): Promise<void> {
  await sqlIn(tx, 'select pg_advisory_xact_lock(hashtext(?))', [key]);
}

/** Milliseconds since the page view's last break started, or null before its first. */
export async function msSinceLastBreak(tx: EntityManager, pageViewId: string): Promise<number | null> {
  const [last] = await sqlIn<{ last_ms: number | null }>(
    tx,
    'select (extract(epoch from now() - max(created_at)) * 1000)::float8 as last_ms from ad_breaks where page_view_id = ?',
    [pageViewId],
  );
  return last?.last_ms ?? null;
}

/** Drops the breaks whose page views no longer report, then records a new one. */
export async function insertBreak(tx: EntityManager, adBreak: { id: string; pageViewId: string; kind: AdBreakKind }): Promise<void> {
  await sqlIn(tx, `delete from ad_breaks where created_at < ${STILL_REPORTS}`);
  await sqlIn(tx, 'insert into ad_breaks (id, page_view_id, kind, created_at) values (?, ?, ?, now())', [adBreak.id, adBreak.pageViewId, adBreak.kind]);
}

/** The page view's break `breakId` if it still reports: its kind, age and when it was counted. */
export async function breakOf(tx: EntityManager, breakId: string, pageViewId: string) {
  const [started] = await sqlIn<{ kind: AdBreakKind; age_ms: number; counted_at: string | null }>(
    tx,
    `select kind, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms, counted_at
       from ad_breaks where id = ? and page_view_id = ? and created_at > ${STILL_REPORTS}`,
    [breakId, pageViewId],
  );
  return started ?? null;
}

/** How many impressions the visitor had counted in the last PLAY_DEDUP_MINUTES. */
export async function recentImpressionCount(tx: EntityManager, visitorKey: string): Promise<number> {
  const [recent] = await sqlIn<{ n: number }>(
    tx,
    `select count(*)::int as n from ad_impressions where visitor_key = ? and created_at > now() - interval '${PLAY_DEDUP_MINUTES} minutes'`,
    [visitorKey],
  );
  return recent?.n ?? 0;
}

/** Counts an impression against its page view; false when that place of that page view was counted already. */
export async function insertImpression(
  tx: EntityManager,
  impression: { pageViewId: string; kind: 'slot' | 'break'; place: string; gameId: number | null; visitorKey: string },
): Promise<boolean> {
  const inserted = await sqlIn(
    tx,
    // page_view_at, the page view's created_at, places the impression in its page view's month.
    `insert into ad_impressions (page_view_id, page_view_at, kind, place, game_id, visitor_key, created_at)
       select id, created_at, ?, ?, ?, ?, now() from page_views where id = ? and created_at > ${STILL_REPORTS}
     on conflict do nothing returning place`,
    [impression.kind, impression.place, impression.gameId, impression.visitorKey, impression.pageViewId],
  );
  return inserted.length > 0;
}

export async function markBreakCounted(tx: EntityManager, breakId: string): Promise<void> {
  await sqlIn(tx, 'update ad_breaks set counted_at = now() where id = ?', [breakId]);
}

/** Counts the published games among `gameIds` once each for the page view; answers how many were new. */
export async function insertCardImpressions(em: EntityManager, pageViewId: string, gameIds: number[]): Promise<number> {
  const inserted = await sqlIn(
    em,
    `insert into card_impressions (page_view_id, page_view_at, game_id, created_at)
       select v.id, v.created_at, g.id, now() from page_views v join games g on g.id = any(?::int[]) and g.status = 'APPROVED'
        where v.id = ? and v.created_at > ${STILL_REPORTS}
     on conflict do nothing returning game_id`,
    [`{${[...new Set(gameIds)].join(',')}}`, pageViewId],
  );
  return inserted.length;
}
