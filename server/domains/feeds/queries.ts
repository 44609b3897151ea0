/** Every query the feeds domain's service sends (service.ts holds the rules). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { FeedInput, FeedOutput, FeedReport } from '../../../shared/schemas/feeds';
import type { FieldMap } from './formats';

export type FeedRow = {
  id: number; name: string; url: string; format: FeedOutput['format']; publish: FeedOutput['publish']; item_limit: number; schedule_hours: number;
  category_map: Record<string, string>; field_map: FieldMap | null; created_at: string | Date; last_sync_at: string | Date | null; last_report: FeedReport | null;
  last_error: string | null; sync_started_at: string | Date | null; games: number | string;
};

/** Every feed (or the one of `id`) with the count of its published games. */
export async function feedRows(em: EntityManager, id?: number): Promise<FeedRow[]> {
  const { rows } = await sql<FeedRow>`
    select f.*, (select count(*) from feed_items fi join games g on g.id = fi.game_id where fi.feed_id = f.id and g.status = 'APPROVED') as games
    from feeds f ${id === undefined ? sql`` : sql`where f.id = ${id}`} order by f.id`.execute(em.getKysely());
  return rows;
}

/** The new feed's id, or null when a feed of that address exists. */
export async function insertFeed(em: EntityManager, input: FeedInput, categoryMap: Record<string, string>): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    insert into feeds (name, url, format, publish, item_limit, schedule_hours, category_map, field_map)
    values (${input.name}, ${input.url}, ${input.format}, ${input.publish}, ${input.limit}, ${input.scheduleHours}, ${JSON.stringify(categoryMap)}::jsonb, ${input.fields ? JSON.stringify(input.fields) : null}::jsonb)
    on conflict (url) do nothing returning id`.execute(em.getKysely());
  return rows[0]?.id ?? null;
}

/** Unpublishes the games the feed brought (published or in review): their ids. */
export async function unpublishFeedGames(em: EntityManager, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    update games set status = 'UNPUBLISHED', updated_at = now()
    where id in (select game_id from feed_items where feed_id = ${id}) and status in ('APPROVED', 'PENDING') returning id`.execute(em.getKysely());
  return rows.map((row) => row.id);
}

/** Whether a feed was deleted. */
export async function deleteFeedRow(em: EntityManager, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`delete from feeds where id = ${id} returning id`.execute(em.getKysely());
  return rows.length > 0;
}

/** The feed, claimed for one sync, unless another sync's claim younger than `claimMinutes` holds it (null then). */
export async function claimFeedRow(em: EntityManager, id: number, claimMinutes: number): Promise<FeedRow | null> {
  const { rows } = await sql<FeedRow>`
    update feeds set sync_started_at = now()
    where id = ${id} and (sync_started_at is null or sync_started_at < now() - make_interval(mins => ${claimMinutes}))
    returning *, 0 as games`.execute(em.getKysely());
  return rows[0] ?? null;
}

export async function feedExists(em: EntityManager, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select id from feeds where id = ${id}`.execute(em.getKysely());
  return rows.length > 0;
}

/** A sync that read the feed: its report kept, no error. */
export async function recordSyncReport(em: EntityManager, id: number, report: FeedReport): Promise<void> {
  await sql`update feeds set sync_started_at = null, last_sync_at = now(), last_success_at = now(), last_report = ${JSON.stringify(report)}::jsonb, last_error = null where id = ${id}`.execute(em.getKysely());
}

/** A sync that failed: why, beside the last good report. */
export async function recordSyncError(em: EntityManager, id: number, message: string): Promise<void> {
  await sql`update feeds set sync_started_at = null, last_sync_at = now(), last_error = ${message} where id = ${id}`.execute(em.getKysely());
}
