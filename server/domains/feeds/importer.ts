/**
 * Writes a feed's candidates into the catalog, knowing nothing of formats: an item is known by
 * (feed, its key); a new one becomes a game, a changed one updates its game (a new origin replaces
 * the old one in its allowlist), an unchanged one costs no write, one gone from the feed is
 * unpublished (its plays, ratings and favourites stay) and comes back with the item. Each batch of
 * games is one transaction; its thumbnails are fetched before it, outside any transaction, while
 * the batch before it is written.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { slugify } from '../../../shared/text';
import { searchFieldsFor } from '../games/writer';
import type { Candidate, Refusal } from './candidates';
import { storedThumbnailUrl } from './thumbnails';
import { translate } from '../../i18n/translate';

export type SyncReport = { added: number; updated: number; unchanged: number; unpublished: number; refused: Refusal[] };

export type ImportFeed = { id: number; publish: 'now' | 'review'; distributor: string };

/** Gets an item's card image as WebP, or null when it cannot be had (the game then shows its placeholder, and the next sync tries again). */
export type ThumbnailSource = (address: string) => Promise<Buffer | null>;

const BATCH = 500;
const THUMBNAIL_FETCHES_AT_ONCE = 8;
/** Every imported game's rating: never a kid-safe one until an admin approves the game for the Kids Zone (catalog-placement.ts). */
export const IMPORT_AGE_RATING = 'E13';
export const TAKEN_ADDRESS = translate('en', 'feeds.refusal.takenAddress');

type Known = { key: string; gameId: number; hash: string; thumbSource: string | null; present: boolean; status: string; slug: string };

async function knownItems(em: EntityManager, feedId: number): Promise<Map<string, Known>> {
  const { rows } = await sql<Known>`
    select fi.distributor_id as key, fi.game_id as "gameId", fi.content_hash as hash, fi.thumb_source as "thumbSource", fi.present, g.status, g.slug
    from feed_items fi join games g on g.id = fi.game_id where fi.feed_id = ${feedId}`.execute(em.getKysely());
  return new Map(rows.map((row) => [row.key, row]));
}

/** The candidates whose address a live game outside this feed item already uses (the database allows one live game per address). */
async function takenAddresses(em: EntityManager, wanted: { url: string; gameId: number | null }[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const { rows } = await sql<{ id: number; src_url: string }>`
    select id, src_url from games where src_url = any(${wanted.map((entry) => entry.url)}::text[]) and status in ('PENDING', 'APPROVED')`.execute(em.getKysely());
  const owner = new Map(rows.map((row) => [row.src_url, row.id]));
  const taken = new Set<string>();
  const claimed = new Set<string>();
  for (const entry of wanted) {
    const holder = owner.get(entry.url);
    if ((holder !== undefined && holder !== entry.gameId) || claimed.has(entry.url)) taken.add(`${entry.gameId ?? ''}|${entry.url}`);
    claimed.add(entry.url);
  }
  return taken;
}

async function fetchThumbnails(candidates: Candidate[], source: ThumbnailSource): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const queue = [...new Set(candidates.map((candidate) => candidate.thumbnail).filter((address): address is string => address !== null))];
  await Promise.all(
    Array.from({ length: THUMBNAIL_FETCHES_AT_ONCE }, async () => {
      for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
        const webp = await source(address);
        if (webp) found.set(address, webp);
      }
    }),
  );
  return found;
}

/** Slugs for new games: the title's, or with a suffix from the item's key when taken. */
async function freeSlugs(em: EntityManager, feedId: number, candidates: Candidate[]): Promise<string[]> {
  const wanted = candidates.map((candidate) => {
    const base = slugify(candidate.title);
    return [base, `${base}-${createHash('sha256').update(`${feedId}:${candidate.key}`).digest('hex').slice(0, 6)}`] as const;
  });
  const { rows } = await sql<{ slug: string }>`select slug from games where slug = any(${wanted.flat()}::text[])`.execute(em.getKysely());
  const taken = new Set(rows.map((row) => row.slug));
  return wanted.map(([base, suffixed]) => {
    let slug = !taken.has(base) ? base : suffixed;
    for (let n = 2; taken.has(slug); n++) slug = `${suffixed}-${n}`;
    taken.add(slug);
    return slug;
  });
}

async function linkLists(em: EntityManager, gameIds: number[], candidates: Candidate[]): Promise<void> {
  const db = em.getKysely();
  const pairs = (pick: (candidate: Candidate) => string[]) => candidates.flatMap((candidate, index) => pick(candidate).map((value) => [gameIds[index]!, value] as const));
  const categories = pairs((candidate) => candidate.categories);
  const tags = pairs((candidate) => candidate.tags);
  await sql`delete from game_categories where game_id = any(${gameIds}::int[])`.execute(db);
  await sql`delete from game_tags where game_id = any(${gameIds}::int[])`.execute(db);
  // A new origin replaces the old one: the game's allowlist holds only its address's origin.
  await sql`delete from game_origins where game_id = any(${gameIds}::int[])`.execute(db);
  if (categories.length > 0) {
    await sql`insert into game_categories (game_id, category_id)
      select link.game_id, c.id from unnest(${categories.map(([id]) => id)}::int[], ${categories.map(([, slug]) => slug)}::text[]) as link(game_id, slug)
      join categories c on c.slug = link.slug on conflict do nothing`.execute(db);
  }
  if (tags.length > 0) {
    const names = [...new Set(tags.map(([, name]) => name))];
    await sql`insert into tags (name) select unnest(${names}::text[]) on conflict (name) do nothing`.execute(db);
    await sql`insert into game_tags (game_id, tag_id)
      select link.game_id, t.id from unnest(${tags.map(([id]) => id)}::int[], ${tags.map(([, name]) => name)}::text[]) as link(game_id, name)
      join tags t on t.name = link.name on conflict do nothing`.execute(db);
  }
  await sql`insert into game_origins (game_id, allowed_origin) select * from unnest(${gameIds}::int[], ${candidates.map((candidate) => candidate.origin)}::text[]) on conflict do nothing`.execute(db);
}

async function storeThumbnails(em: EntityManager, gameIds: number[], webps: (Buffer | null)[]): Promise<void> {
  const stored = gameIds.map((id, index) => [id, webps[index]] as const).filter((entry): entry is readonly [number, Buffer] => entry[1] !== null);
  if (stored.length === 0) return;
  // One statement for the whole batch, not a round trip per thumbnail.
  await sql`insert into game_thumbnails (game_id, webp, updated_at) values ${sql.join(stored.map(([gameId, webp]) => sql`(${gameId}, ${webp}, now())`))}
    on conflict (game_id) do update set webp = excluded.webp, updated_at = now()`.execute(em.getKysely());
}

type Columns = {
  title: string; description: string; instructions: string | null; src_url: string; studio: string | null; controls: string[]; thumb_url: string | null;
  frame_aspect: number | null; orientation: string | null; search_text: string; search_title: string;
};

function columnsOf(candidate: Candidate, slug: string, webp: Buffer | null | undefined, keptThumbUrl: string | null): Columns {
  return {
    title: candidate.title,
    description: candidate.description,
    instructions: candidate.instructions,
    src_url: candidate.url,
    studio: candidate.company,
    controls: candidate.controls,
    thumb_url: webp ? storedThumbnailUrl(slug, webp) : keptThumbUrl,
    frame_aspect: candidate.frameAspect,
    orientation: candidate.orientation,
    ...Object.fromEntries(Object.entries(searchFieldsFor(candidate.title, candidate.description, candidate.tags)).map(([key, value]) => [key === 'searchText' ? 'search_text' : 'search_title', value])),
  } as Columns;
}

async function insertGames(em: EntityManager, feed: ImportFeed, candidates: Candidate[], slugs: string[], thumbs: Map<string, Buffer>): Promise<void> {
  const status = feed.publish === 'now' ? 'APPROVED' : 'PENDING';
  const webps = candidates.map((candidate) => (candidate.thumbnail ? (thumbs.get(candidate.thumbnail) ?? null) : null));
  const rows = candidates.map((candidate, index) => ({ slug: slugs[index]!, ...columnsOf(candidate, slugs[index]!, webps[index], null) }));
  const { rows: inserted } = await sql<{ id: number; slug: string }>`
    insert into games (slug, title, description, instructions, src_url, studio, controls, thumb_url, frame_aspect, orientation, search_text, search_title, distributor, status, age_rating, play_type, created_at, updated_at, published_at, submitted_at)
    select r.slug, r.title, r.description, r.instructions, r.src_url, r.studio, string_to_array(r.controls, ','), r.thumb_url, r.frame_aspect, r.orientation, r.search_text, r.search_title,
      ${feed.distributor}, ${status}, ${IMPORT_AGE_RATING}, 'IFRAME', now(), now(), ${status === 'APPROVED' ? sql`now()` : sql`null`}, ${status === 'PENDING' ? sql`now()` : sql`null`}
    from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ ...row, controls: row.controls.join(',') })))}::jsonb)
      as r(slug text, title text, description text, instructions text, src_url text, studio text, controls text, thumb_url text, frame_aspect real, orientation text, search_text text, search_title text)
    returning id, slug`.execute(em.getKysely());
  const idOf = new Map(inserted.map((row) => [row.slug, row.id]));
  const gameIds = slugs.map((slug) => idOf.get(slug)!);
  await sql`insert into feed_items (feed_id, distributor_id, game_id, content_hash, thumb_source, present)
    select ${feed.id}, * , true from unnest(${candidates.map((candidate) => candidate.key)}::text[], ${gameIds}::int[], ${candidates.map((candidate) => candidate.hash)}::text[],
      ${candidates.map((candidate, index) => (webps[index] ? candidate.thumbnail : null))}::text[])`.execute(em.getKysely());
  await linkLists(em, gameIds, candidates);
  await storeThumbnails(em, gameIds, webps);
}

/** Updates a batch of changed games in a few statements for the whole batch (one set per game cost ~7 ms a game). */
async function updateGames(em: EntityManager, feed: ImportFeed, changes: { candidate: Candidate; known: Known }[], thumbs: Map<string, Buffer>): Promise<void> {
  const db = em.getKysely();
  const ids = changes.map(({ known }) => known.gameId);
  const { rows: current } = await sql<{ id: number; thumb_url: string | null }>`select id, thumb_url from games where id = any(${ids}::int[])`.execute(db);
  const thumbUrlOf = new Map(current.map((row) => [row.id, row.thumb_url]));
  const newThumbs = changes.map(({ candidate, known }) => (candidate.thumbnail && candidate.thumbnail !== known.thumbSource ? (thumbs.get(candidate.thumbnail) ?? null) : null));
  const rows = changes.map(({ candidate, known }, index) => {
    const newThumb = newThumbs[index]!;
    const columns = columnsOf(candidate, known.slug, newThumb, candidate.thumbnail ? (thumbUrlOf.get(known.gameId) ?? null) : null);
    // Back in the feed: published again as the feed publishes, unless an admin took it off meanwhile (it was present then).
    const back = !known.present && known.status === 'UNPUBLISHED';
    const status = back ? (feed.publish === 'now' ? 'APPROVED' : 'PENDING') : known.status;
    const thumbSource = newThumb ? candidate.thumbnail : candidate.thumbnail ? known.thumbSource : null;
    return { id: known.gameId, key: candidate.key, hash: candidate.hash, thumb_source: thumbSource, ...columns, controls: columns.controls.join(','), status };
  });
  const recordset = JSON.stringify(rows);
  // A new address is a game no admin approved for the Kids Zone: the approval goes with the old one.
  await sql`update games g set title = r.title, description = r.description, instructions = r.instructions, src_url = r.src_url,
      age_rating = case when g.src_url is distinct from r.src_url then ${IMPORT_AGE_RATING} else g.age_rating end,
      kids_approved_at = case when g.src_url is distinct from r.src_url then null else g.kids_approved_at end,
      studio = r.studio, controls = string_to_array(r.controls, ','), thumb_url = r.thumb_url, frame_aspect = r.frame_aspect, orientation = r.orientation,
      search_text = r.search_text, search_title = r.search_title, distributor = ${feed.distributor}, status = r.status, updated_at = now(),
      published_at = coalesce(g.published_at, case when r.status = 'APPROVED' then now() end)
    from jsonb_to_recordset(${recordset}::jsonb) as r(id int, title text, description text, instructions text, src_url text, studio text, controls text,
      thumb_url text, frame_aspect real, orientation text, search_text text, search_title text, status text)
    where g.id = r.id`.execute(db);
  await sql`update feed_items fi set content_hash = r.hash, present = true, thumb_source = r.thumb_source
    from jsonb_to_recordset(${recordset}::jsonb) as r(key text, hash text, thumb_source text)
    where fi.feed_id = ${feed.id} and fi.distributor_id = r.key`.execute(db);
  await storeThumbnails(em, ids, newThumbs);
  const thumbless = changes.filter(({ candidate }) => !candidate.thumbnail).map(({ known }) => known.gameId);
  if (thumbless.length > 0) await sql`delete from game_thumbnails where game_id = any(${thumbless}::int[])`.execute(db);
  await linkLists(em, ids, changes.map(({ candidate }) => candidate));
}

/**
 * Items unchanged but for a thumbnail an earlier sync could not have, tried again batch by batch:
 * only the games whose thumbnail now comes are written (an item is not rewritten on every sync
 * while its distributor's image stays out of reach). The ids of the games written.
 */
async function addMissingThumbnails(em: EntityManager, feed: ImportFeed, items: { candidate: Candidate; known: Known }[], source: ThumbnailSource): Promise<number[]> {
  const written: number[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const thumbs = await fetchThumbnails(batch.map(({ candidate }) => candidate), source);
    const found = batch.flatMap(({ candidate, known }) => {
      const webp = thumbs.get(candidate.thumbnail!);
      return webp ? [{ id: known.gameId, key: candidate.key, webp, thumb_url: storedThumbnailUrl(known.slug, webp), thumb_source: candidate.thumbnail }] : [];
    });
    if (found.length === 0) continue;
    const recordset = JSON.stringify(found.map(({ webp: _webp, ...row }) => row));
    await em.transactional(async (tx) => {
      const db = tx.getKysely();
      await sql`update games g set thumb_url = r.thumb_url, updated_at = now() from jsonb_to_recordset(${recordset}::jsonb) as r(id int, thumb_url text) where g.id = r.id`.execute(db);
      await sql`update feed_items fi set thumb_source = r.thumb_source from jsonb_to_recordset(${recordset}::jsonb) as r(key text, thumb_source text)
        where fi.feed_id = ${feed.id} and fi.distributor_id = r.key`.execute(db);
      await storeThumbnails(tx, found.map((row) => row.id), found.map((row) => row.webp));
    });
    written.push(...found.map((row) => row.id));
  }
  return written;
}

/** Imports the candidates (a whole feed, already read); returns the report and the games it changed. */
export async function importCandidates(
  em: EntityManager,
  feed: ImportFeed,
  candidates: Candidate[],
  refusedBefore: Refusal[],
  thumbnailSource: ThumbnailSource,
): Promise<{ report: SyncReport; changedGameIds: number[] }> {
  const known = await knownItems(em, feed.id);
  const refused = [...refusedBefore];
  const fresh: Candidate[] = [];
  const changed: { candidate: Candidate; known: Known }[] = [];
  const withoutThumbnail: { candidate: Candidate; known: Known }[] = [];
  let unchanged = 0;
  for (const candidate of candidates) {
    const item = known.get(candidate.key);
    if (!item) fresh.push(candidate);
    else if (item.hash !== candidate.hash || !item.present) changed.push({ candidate, known: item });
    // The same item (its hash covers its thumbnail's address): only a thumbnail that could not be had differs.
    else if (candidate.thumbnail !== null && item.thumbSource !== candidate.thumbnail) withoutThumbnail.push({ candidate, known: item });
    else unchanged++;
  }
  const taken = await takenAddresses(em, [...fresh.map((candidate) => ({ url: candidate.url, gameId: null })), ...changed.map(({ candidate, known: item }) => ({ url: candidate.url, gameId: item.gameId }))]);
  const isTaken = (candidate: Candidate, gameId: number | null) => taken.has(`${gameId ?? ''}|${candidate.url}`);
  const toInsert = fresh.filter((candidate) => !isTaken(candidate, null));
  const toUpdate = changed.filter(({ candidate, known: item }) => !isTaken(candidate, item.gameId));
  for (const candidate of [...fresh.filter((c) => isTaken(c, null)), ...changed.filter(({ candidate: c, known: k }) => isTaken(c, k.gameId)).map(({ candidate: c }) => c)]) {
    refused.push({ item: candidate.key, reason: TAKEN_ADDRESS });
  }
  const steps: { needThumbnails: Candidate[]; write: (thumbs: Map<string, Buffer>) => Promise<unknown> }[] = [];
  for (let start = 0; start < toInsert.length; start += BATCH) {
    const batch = toInsert.slice(start, start + BATCH);
    steps.push({ needThumbnails: batch, write: (thumbs) => em.transactional(async (tx) => insertGames(tx, feed, batch, await freeSlugs(tx, feed.id, batch), thumbs)) });
  }
  for (let start = 0; start < toUpdate.length; start += BATCH) {
    const batch = toUpdate.slice(start, start + BATCH);
    const needThumbnails = batch.filter(({ candidate, known: item }) => candidate.thumbnail !== item.thumbSource).map(({ candidate }) => candidate);
    steps.push({ needThumbnails, write: (thumbs) => em.transactional((tx) => updateGames(tx, feed, batch, thumbs)) });
  }
  // The next batch's thumbnails are made while this batch is written: sharp works on libuv's threads,
  // the writes on the main thread (and, on PGlite, the database too), so the two overlap on 2 cores.
  let nextThumbs = steps[0] ? fetchThumbnails(steps[0].needThumbnails, thumbnailSource) : null;
  for (const [index, step] of steps.entries()) {
    const thumbs = await nextThumbs!;
    nextThumbs = steps[index + 1] ? fetchThumbnails(steps[index + 1]!.needThumbnails, thumbnailSource) : null;
    await step.write(thumbs);
  }
  const thumbnailsAdded = await addMissingThumbnails(em, feed, withoutThumbnail, thumbnailSource);
  unchanged += withoutThumbnail.length - thumbnailsAdded.length;
  const listed = new Set(candidates.map((candidate) => candidate.key));
  const gone = [...known.values()].filter((item) => item.present && !listed.has(item.key));
  if (gone.length > 0) {
    await em.transactional(async (tx) => {
      await sql`update games set status = 'UNPUBLISHED', updated_at = now() where id = any(${gone.map((item) => item.gameId)}::int[]) and status in ('APPROVED', 'PENDING')`.execute(tx.getKysely());
      await sql`update feed_items set present = false where feed_id = ${feed.id} and distributor_id = any(${gone.map((item) => item.key)}::text[])`.execute(tx.getKysely());
    });
  }
  const insertedIds = toInsert.length > 0 ? (await knownItems(em, feed.id)) : new Map<string, Known>();
  return {
    report: { added: toInsert.length, updated: toUpdate.length + thumbnailsAdded.length, unchanged, unpublished: gone.length, refused },
    changedGameIds: [
      ...toInsert.map((candidate) => insertedIds.get(candidate.key)?.gameId ?? 0).filter(Boolean),
      ...toUpdate.map(({ known: item }) => item.gameId),
      ...thumbnailsAdded,
      ...gone.map((item) => item.gameId),
    ],
  };
}
