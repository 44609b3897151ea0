/**
 * What the search index (search-index.ts) holds, loaded from the database: every published game's
 * words and titles, the category and tag names suggestions offer, and the three list orders as ranks.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GameSort } from '../../../shared/constants';
import { emptyBitset, type Bitset } from './bitset';
import { changesCursor, type ChangesCursor } from './catalog-changes';
import { TimeSlice } from './time-slice';
import { WordsMet, wordPartsOf, type WordParts } from './word-postings';

/**
 * Published games read per query while building (by id, in order). The driver parses a result as
 * it arrives, as much of it in one go as the socket holds: pages of 5,000 rows (some 1.5 MB) held
 * searches up 40-110 ms at a time while 100,000 games imported at once were read (in the scale
 * bench, searches' p99 85-113 ms from the commit until found, against 54-80 ms with these pages;
 * found after 5 s instead of 3.5 s).
 */
const ROWS_PER_QUERY = 500;

/** The SQL order of each sort, as in read-model.ts' SORT_KEYS (each has an index). */
const SORT_SQL: Record<GameSort, string> = {
  popular: 'plays desc, rating_avg desc, id asc',
  newest: 'published_at desc nulls last, id desc',
  trending: 'trending_plays desc, plays desc, id asc',
  top_rated: 'rating_avg desc, rating_count desc, id asc',
};
const SORTS = Object.keys(SORT_SQL) as GameSort[];

export type Ranks = {
  /** Position in each order, by game position. */
  rank: Record<GameSort, Int32Array>;
  /** Game positions in each order. */
  order: Record<GameSort, Int32Array>;
  /** When the orders were read (a catch-up's keep the time of those they were made from). */
  loadedAt: number;
  /**
   * False for the orders a catch-up made without reading them (search-delta.ts): the games kept
   * where they were, new ones last (first by newest). The index reads them again with the others,
   * once they are a minute old.
   */
  exact: boolean;
};

export type Snapshot = WordParts & {
  version: string;
  /** Where this snapshot stands in catalog_changes: the next catch-up reads what changed since. */
  changes: ChangesCursor;
  /** Game ids by position (ascending after a full build; a catch-up adds the games it read after the others). */
  ids: Int32Array;
  /** Each game's position, by id (-1: not in the snapshot). */
  positionOf: Int32Array;
  /** Misspelt words read so far and the vocabulary's words each is read as (search-matching.ts fills it). */
  corrections: Map<string, number[]>;
  /** The games in each category, for each device, and carrying each tag, by slug, control and name. */
  categories: Map<string, Bitset>;
  devices: Map<string, Bitset>;
  tags: Map<string, Bitset>;
  /** Titles as written, as folded for search (games.search_title), and slugs, by position: suggestions. */
  titles: string[];
  foldedTitles: string[];
  slugs: string[];
  /** Category names in menu order, and the tags published games carry, by name: suggestions. */
  categoryNames: { slug: string; name: string }[];
  tagNames: string[];
  ranks: Ranks;
  checkedAt: number;
};

export async function catalogVersion(em: EntityManager): Promise<string> {
  const [row] = await em.getConnection('read').execute<{ version: string }[]>('select version::text as version from catalog_version');
  return row?.version ?? '0';
}

/** Each order's positions and ranks, sorted by PostgreSQL (one id list per order, as one text value). */
export async function loadRanks(em: EntityManager, positionOf: Int32Array, size: number): Promise<Ranks> {
  // Each order read from its own index (the list orders' indexes hold the id): an index-only scan
  // of a few megabytes, where sorting in the aggregate would read the whole, wide table.
  const [row] = await em.getConnection('read').execute<Record<GameSort, string | null>[]>(
    `select ${SORTS.map(
      (sort) => `(select string_agg(id::text, ',') from (select id from games where status = 'APPROVED' order by ${SORT_SQL[sort]}) o) as ${sort}`,
    ).join(', ')}`,
  );
  const rank = {} as Record<GameSort, Int32Array>;
  const order = {} as Record<GameSort, Int32Array>;
  const slice = new TimeSlice();
  for (const sort of SORTS) {
    // Games not in the snapshot (published since it was built) are left out until it catches up;
    // the snapshot's games missing here (no longer published) keep the rank `size`: never shown.
    const ranks = new Int32Array(size).fill(size);
    const positions = new Int32Array(size);
    let count = 0;
    const ids = row?.[sort] ?? '';
    // Read digit by digit: 100,000 ids without making 100,000 strings.
    for (let at = 0, id = 0; at <= ids.length; at++) {
      const code = at < ids.length ? ids.charCodeAt(at) : 44;
      if (code !== 44) {
        id = id * 10 + code - 48;
        continue;
      }
      const position = id < positionOf.length ? positionOf[id]! : -1;
      if (position >= 0 && count < size) {
        ranks[position] = count;
        positions[count++] = position;
      }
      id = 0;
      if (slice.due()) await slice.pause();
    }
    rank[sort] = ranks;
    order[sort] = positions.subarray(0, count);
  }
  return { rank, order, loadedAt: Date.now(), exact: true };
}

export type SnapshotRow = { id: number; title: string; search_title: string; slug: string; terms: string; title_terms: string; categories: string; controls: string; tags: string };

/** Between tag names in a row's `tags` (names may hold spaces). */
const TAG_SEPARATOR = '\x1f';

const ROW_COLUMNS = `id, title, search_title, slug,
       array_to_string(tsvector_to_array(search_vector), ' ') as terms,
       array_to_string(tsvector_to_array(title_vector), ' ') as title_terms,
       coalesce((select string_agg(c->>'slug', ' ') from json_array_elements(category_list) c), '') as categories,
       array_to_string(controls, ' ') as controls,
       coalesce((select string_agg(t->>'name', chr(31)) from json_array_elements(tag_list) t), '') as tags`;

/**
 * Published games' rows by id: all of them, or those of `ids` (the games a write changed), in
 * pages of ROWS_PER_QUERY, so that no result keeps this process busy for long in one go.
 */
export async function readRows(em: EntityManager, ids?: readonly number[]): Promise<SnapshotRow[]> {
  const rows: SnapshotRow[] = [];
  const connection = em.getConnection('read');
  if (ids) {
    const sorted = [...ids].sort((a, b) => a - b);
    const pageAt = (at: number) =>
      connection.execute<SnapshotRow[]>(`select ${ROW_COLUMNS} from games where status = 'APPROVED' and id = any(?::int[]) order by id`, [`{${sorted.slice(at, at + ROWS_PER_QUERY).join(',')}}`]);
    // The next page is asked for while this one arrives: small pages, without a round trip's wait between them.
    let next = sorted.length > 0 ? pageAt(0) : null;
    for (let at = 0; next; at += ROWS_PER_QUERY) {
      const page = next;
      next = at + ROWS_PER_QUERY < sorted.length ? pageAt(at + ROWS_PER_QUERY) : null;
      // Not left unhandled if this page fails first: the error is the one thrown below.
      next?.catch(() => {});
      rows.push(...(await page));
    }
    return rows;
  }
  for (let after = 0; ; ) {
    const page = await connection.execute<SnapshotRow[]>(`select ${ROW_COLUMNS} from games where status = 'APPROVED' and id > ? order by id limit ${ROWS_PER_QUERY}`, [after]);
    rows.push(...page);
    if (page.length < ROWS_PER_QUERY) return rows;
    after = page.at(-1)!.id;
  }
}

/**
 * The category names suggestions offer (menu order), and the names of the tags some published game
 * of `tags` carries, in the database's order of names (its collation, as the SQL suggestions).
 */
export async function readNames(em: EntityManager, tags: ReadonlyMap<string, Bitset>): Promise<Pick<Snapshot, 'categoryNames' | 'tagNames'>> {
  const connection = em.getConnection('read');
  const categoryNames = await connection.execute<{ slug: string; name: string }[]>('select slug, name from categories order by sort_order, id');
  const tagNames = await connection.execute<{ name: string }[]>('select name from tags order by name');
  const carried = (name: string) => tags.get(name)?.some((bits) => bits !== 0) ?? false;
  return { categoryNames, tagNames: tagNames.map((row) => row.name).filter(carried) };
}

/**
 * The games of a snapshot being built, by position: `take` puts rows at the next positions, and
 * gathers the games of each word they hold in the order taken (so ascending).
 */
export class GamesTaken {
  readonly ids: Int32Array;
  readonly positionOf: Int32Array;
  readonly words = new WordsMet();
  readonly categories = new Map<string, Bitset>();
  readonly devices = new Map<string, Bitset>();
  readonly tags = new Map<string, Bitset>();
  readonly titles: string[] = [];
  readonly foldedTitles: string[] = [];
  readonly slugs: string[] = [];
  /** The next position to fill. */
  count = 0;

  constructor(
    readonly size: number,
    largestId: number,
  ) {
    this.ids = new Int32Array(size);
    // Game ids are serial: an array by id is the quickest way back to a position.
    this.positionOf = new Int32Array(largestId + 1).fill(-1);
  }

  /** Takes a game already indexed elsewhere, without its words (search-delta.ts carries them over). */
  takeKnown(id: number, title: string, foldedTitle: string, slug: string): number {
    const position = this.count++;
    this.ids[position] = id;
    this.positionOf[id] = position;
    this.titles.push(title);
    this.foldedTitles.push(foldedTitle);
    this.slugs.push(slug);
    return position;
  }

  async take(rows: readonly SnapshotRow[], slice: TimeSlice): Promise<void> {
    for (const row of rows) {
      if (slice.due()) await slice.pause();
      const position = this.takeKnown(row.id, row.title, row.search_title, row.slug);
      this.words.add('inTexts', row.terms, position);
      this.words.add('inTitles', row.title_terms, position);
      if (row.categories) for (const slug of row.categories.split(' ')) this.addTo(this.categories, slug, position);
      if (row.controls) for (const control of row.controls.split(' ')) this.addTo(this.devices, control, position);
      if (row.tags) for (const tag of row.tags.split(TAG_SEPARATOR)) this.addTo(this.tags, tag, position);
    }
  }

  addTo(sets: Map<string, Bitset>, name: string, position: number): void {
    let bits = sets.get(name);
    if (!bits) sets.set(name, (bits = emptyBitset(this.size)));
    bits[position >>> 5]! |= 1 << (position & 31);
  }
}

/** The snapshot of the games `taken` and their vocabulary (a full build's, or a catch-up's), with the names suggestions offer read now. */
export async function snapshotOf(
  em: EntityManager,
  taken: GamesTaken,
  parts: WordParts,
  { version, changes, ranks }: Pick<Snapshot, 'version' | 'changes' | 'ranks'>,
): Promise<Snapshot> {
  return {
    version,
    changes,
    ids: taken.ids,
    positionOf: taken.positionOf,
    ...parts,
    corrections: new Map(),
    categories: taken.categories,
    devices: taken.devices,
    tags: taken.tags,
    titles: taken.titles,
    foldedTitles: taken.foldedTitles,
    slugs: taken.slugs,
    ...(await readNames(em, taken.tags)),
    ranks,
    checkedAt: Date.now(),
  };
}

export async function loadSnapshot(em: EntityManager): Promise<Snapshot> {
  // The version and the changes' cursor first: a write landing while this loads (between two
  // pages, say) makes the next check take it in.
  const version = await catalogVersion(em);
  const changes = await changesCursor(em);
  const rows = await readRows(em);
  const slice = new TimeSlice();
  const taken = new GamesTaken(rows.length, rows.at(-1)?.id ?? 0);
  await taken.take(rows, slice);
  const parts = await wordPartsOf(taken.words, taken.size, slice);
  return snapshotOf(em, taken, parts, { version, changes, ranks: await loadRanks(em, taken.positionOf, taken.size) });
}
