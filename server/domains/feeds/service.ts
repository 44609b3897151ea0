/**
 * Feeds as a catalog source (issue #58): adding, listing and removing them, and a sync, the same
 * on demand (an admin, a script) and on schedule (the jobs). One sync of a feed at a time, across
 * every portal instance: a sync first claims the feed's row, and a claim older than SYNC_CLAIM_MINUTES
 * (an instance that died mid-sync) may be taken over. A feed that cannot be read changes nothing:
 * its last good report stays, and lastError says why.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATEGORY_SEED } from '../../db/categories';
import type { FeedInput, FeedOutput } from '../../../shared/schemas/feeds';
import type { Services } from '../../services';
import type { AuthedContext } from '../context';
import { BadGateway, Conflict, NotFound, Validation } from '../errors';
import { text } from '../../i18n/translate';
import { DEFAULT_LOCALE, type Locale } from '../../../src/i18n/locales';
import { candidatesOf } from './candidates';
import { DISTRIBUTOR_NAMES } from './formats';
import { importCandidates, type SyncReport } from './importer';
import { FeedUnreadable, FETCH_TIMEOUT_MS, readFeed } from './read-feed';
import { feedTextIn, storedFeedText } from './stored-texts';
import { fetchThumbnail } from './thumbnails';
import { claimFeedRow, deleteFeedRow, feedExists, feedRows, insertFeed, recordSyncError, recordSyncReport, unpublishFeedGames, type FeedRow } from './queries';

const SYNC_CLAIM_MINUTES = 15;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toOutput(row: FeedRow, locale: Locale): FeedOutput {
  const report = row.last_report && { ...row.last_report, refused: row.last_report.refused.map((refusal) => ({ ...refusal, reason: feedTextIn(refusal.reason, locale) })) };
  return {
    id: row.id, name: row.name, url: row.url, format: row.format, publish: row.publish, limit: row.item_limit, scheduleHours: row.schedule_hours,
    categoryMap: row.category_map, fields: row.field_map, createdAt: iso(row.created_at)!, lastSyncAt: iso(row.last_sync_at), lastReport: report,
    lastError: row.last_error && feedTextIn(row.last_error, locale), syncing: row.sync_started_at !== null, games: Number(row.games),
  };
}

export async function listFeeds(ctx: AuthedContext): Promise<FeedOutput[]> {
  return (await feedRows(ctx.em)).map((row) => toOutput(row, ctx.locale));
}

export async function getFeed(em: EntityManager, id: number, locale: Locale = DEFAULT_LOCALE): Promise<FeedOutput> {
  const [row] = await feedRows(em, id);
  if (!row) throw new NotFound(text('feeds.notFound'));
  return toOutput(row, locale);
}

export async function createFeed(ctx: AuthedContext, input: FeedInput): Promise<{ id: number }> {
  const categoryMap = Object.fromEntries(Object.entries(input.categoryMap).map(([name, slug]) => [name.trim().toLowerCase(), slug]));
  const unknown = Object.values(categoryMap).find((slug) => !CATEGORY_SEED.some((category) => category.slug === slug));
  if (unknown) throw new Validation('categoryMap', text('games.unknownCategory', { names: unknown }));
  const id = await ctx.em.transactional(async (tx) => {
    const created = await insertFeed(tx, input, categoryMap);
    if (created === null) throw new Conflict(text('feeds.duplicate'));
    return created;
  });
  await ctx.services.jobs?.scheduleFeed(id, input.scheduleHours);
  return { id };
}

/** Removes a feed; the games it brought are unpublished, not deleted (their plays, ratings and favourites stay). */
export async function deleteFeed(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  const gameIds = await ctx.em.transactional(async (tx) => {
    const games = await unpublishFeedGames(tx, id);
    if (!(await deleteFeedRow(tx, id))) throw new NotFound(text('feeds.notFound'));
    return games;
  });
  await ctx.services.jobs?.unscheduleFeed(id);
  await afterCatalogChange(ctx.services, ctx.em, gameIds);
  return { ok: true };
}

/** After a commit that changed games: every answer that may show them is rebuilt, and the frame policy learns their origins. */
async function afterCatalogChange(services: Services, em: EntityManager, gameIds: number[]): Promise<void> {
  if (gameIds.length === 0) return;
  await services.catalogCache.invalidateCommitted(em, gameIds);
  await services.frameOrigins.refresh(em);
}

/** Claims the feed for one sync, or says why not (NotFound, Conflict while another sync of it runs). */
async function claim(em: EntityManager, id: number): Promise<FeedRow> {
  const claimed = await claimFeedRow(em, id, SYNC_CLAIM_MINUTES);
  if (claimed) return claimed;
  if (!(await feedExists(em, id))) throw new NotFound(text('feeds.notFound'));
  throw new Conflict(text('feeds.syncRunning'));
}

/**
 * Reads the feed and brings the catalog in step with it; the report once done. A feed that cannot
 * be read is BadGateway (502) with the reason, recorded as the feed's lastError.
 */
export async function syncFeed(services: Services, em: EntityManager, id: number): Promise<SyncReport> {
  const feed = await claim(em, id);
  try {
    const allowPrivate = services.env.FEEDS_ALLOW_PRIVATE;
    const items = await readFeed({ url: feed.url, format: feed.format, limit: feed.item_limit, fields: feed.field_map }, allowPrivate);
    const portalSlugs = new Set<string>(CATEGORY_SEED.map((category) => category.slug));
    const { candidates, refused } = candidatesOf(items, portalSlugs, feed.category_map);
    const thumbnailSource = (address: string) => fetchThumbnail(address, { timeoutMs: FETCH_TIMEOUT_MS, allowPrivate }, services.thumbnails).catch(() => null);
    const distributor = DISTRIBUTOR_NAMES[feed.format] ?? feed.name;
    const { report, changedGameIds } = await importCandidates(em, { id, publish: feed.publish, distributor }, candidates, refused, thumbnailSource);
    await recordSyncReport(em, id, report);
    await afterCatalogChange(services, em, changedGameIds);
    return report;
  } catch (error) {
    const message = error instanceof FeedUnreadable ? error.message : `the sync failed: ${(error as Error).message}`;
    await recordSyncError(em, id, message);
    if (error instanceof FeedUnreadable) throw new BadGateway(text('feeds.unreadable', { reason: storedFeedText(message) ?? message }));
    throw error;
  }
}
