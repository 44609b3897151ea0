/**
 * What the search index (search-index.ts) holds, loaded from the database: every published game's
 * words and titles, the category and tag names suggestions offer, and the three list orders as ranks.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GameSort } from '../../../shared/constants';

/**
 * The longest the build works before letting waiting requests in. A rebuild of 200,000 games takes
 * about two seconds of this process's time; in pieces of this size a search arriving meanwhile
 * waits a few milliseconds for it, not the 100–300 ms that sorting a vocabulary of 100,000 new
 * words in one go took. Under a full load the requests between two pieces take most of the loop,
 * so smaller pieces make the rebuild itself slower: at 4 ms, 100,000 games written at once were
 * found 10 s after the commit in the scale bench, at 8 ms 7.5 s, with the searches' p99 about the same (108 and 117 ms, within the runs' spread).
 */
const SLICE_MS = 8;
/** Published games read per query while building (by id, in order). */
const ROWS_PER_QUERY = 5_000;

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
  loadedAt: number;
};

export type Snapshot = {
  version: string;
  /** Game ids by position (ascending). */
  ids: Int32Array;
  /** Each game's position, by id (-1: not in the snapshot). */
  positionOf: Int32Array;
  /** The vocabulary in code point order (search_terms' collation "C"), and each word's place in it. */
  words: string[];
  wordIndex: Map<string, number>;
  /** Positions of the games holding each word, and holding it in their title. */
  postings: Int32Array[];
  titlePostings: (Int32Array | undefined)[];
  /**
   * The same games as bitsets, for the words more than one game in 32 holds (a common word's
   * bitset is smaller than its positions, and OR-ing it in is several times quicker than setting
   * each of thousands of bits: a prefix like "co" starts words in most descriptions).
   */
  denseBits: (Bitset | undefined)[];
  titleDenseBits: (Bitset | undefined)[];
  /** Misspelt words read so far and the vocabulary's words each is read as (search-matching.ts fills it). */
  corrections: Map<string, number[]>;
  categories: Map<string, Uint32Array>;
  devices: Map<string, Uint32Array>;
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

export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

export function setAll(bits: Bitset, positions: Int32Array): void {
  for (const position of positions) bits[position >>> 5]! |= 1 << (position & 31);
}

/** Adds a word's games to `bits`: from its bitset when it has one, else from its positions. */
export function addGames(bits: Bitset, positions: Int32Array, dense: Bitset | undefined): void {
  if (!dense) return setAll(bits, positions);
  for (let index = 0; index < bits.length; index++) bits[index]! |= dense[index]!;
}

/** How many games `bits` holds. */
export function countOf(bits: Bitset): number {
  let count = 0;
  for (let index = 0; index < bits.length; index++) {
    let word = bits[index]!;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }
  return count;
}

export function has(bits: Bitset, position: number): boolean {
  return ((bits[position >>> 5]! >>> (position & 31)) & 1) === 1;
}

export function and(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= other[index]!;
}

export function andNot(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= ~other[index]!;
}

/** Tells a long loop when it has worked for SLICE_MS: `if (slice.due()) await slice.pause()`. */
class TimeSlice {
  private since = performance.now();
  /** Checked often and cheaply; the clock is read on every 64th call. */
  private calls = 0;

  due(): boolean {
    return (++this.calls & 63) === 0 && performance.now() - this.since >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `words` sorted by byCodeUnit, in slices: sorted runs of a few thousand, then merged pairwise. */
async function sortInSlices(words: string[], slice: TimeSlice): Promise<string[]> {
  const RUN = 4_096;
  let runs: string[][] = [];
  for (let at = 0; at < words.length; at += RUN) {
    runs.push(words.slice(at, at + RUN).sort(byCodeUnit));
    if (slice.due()) await slice.pause();
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const [left, right] = [runs[index]!, runs[index + 1]];
      if (!right) {
        merged.push(left);
        continue;
      }
      const both: string[] = [];
      for (let [l, r] = [0, 0]; l < left.length || r < right.length; ) {
        both.push(r >= right.length || (l < left.length && left[l]! <= right[r]!) ? left[l++]! : right[r++]!);
        if (slice.due()) await slice.pause();
      }
      merged.push(both);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}

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
    // Games not in the snapshot (published since it was built) are left out until the next build;
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
  return { rank, order, loadedAt: Date.now() };
}

type SnapshotRow = { id: number; title: string; search_title: string; slug: string; terms: string; title_terms: string; categories: string; controls: string };

export async function loadSnapshot(em: EntityManager): Promise<Snapshot> {
  // The version first: a write landing while this loads (between two pages, say) makes the next
  // check rebuild again.
  const version = await catalogVersion(em);
  // In pages of a few thousand: the driver reads a whole result before handing it over, and
  // 200,000 rows at once kept this process busy for 100 ms and more in one go.
  const rows: SnapshotRow[] = [];
  for (let after = 0; ; ) {
    const page = await em.getConnection('read').execute<SnapshotRow[]>(
      `select id, title, search_title, slug,
              array_to_string(tsvector_to_array(search_vector), ' ') as terms,
              array_to_string(tsvector_to_array(title_vector), ' ') as title_terms,
              coalesce((select string_agg(c->>'slug', ' ') from json_array_elements(category_list) c), '') as categories,
              array_to_string(controls, ' ') as controls
         from games where status = 'APPROVED' and id > ? order by id limit ${ROWS_PER_QUERY}`,
      [after],
    );
    rows.push(...page);
    if (page.length < ROWS_PER_QUERY) break;
    after = page.at(-1)!.id;
  }
  const categoryNames = await em
    .getConnection('read')
    .execute<{ slug: string; name: string }[]>('select slug, name from categories order by sort_order, id');
  const tagNames = await em.getConnection('read').execute<{ name: string }[]>(
    `select t.name from tags t
      where exists (select 1 from game_tags gt join games g on g.id = gt.game_id where gt.tag_id = t.id and g.status = 'APPROVED')
      order by t.name`,
  );
  const size = rows.length;
  const ids = new Int32Array(size);
  // Game ids are serial: an array by id is the quickest way back to a position.
  const positionOf = new Int32Array((rows.at(-1)?.id ?? 0) + 1).fill(-1);
  const gamesOfWord = new Map<string, number[]>();
  const titleGamesOfWord = new Map<string, number[]>();
  const categories = new Map<string, Uint32Array>();
  const devices = new Map<string, Uint32Array>();
  const addTo = (sets: Map<string, Bitset>, name: string, position: number) => {
    let bits = sets.get(name);
    if (!bits) sets.set(name, (bits = emptyBitset(size)));
    bits[position >>> 5]! |= 1 << (position & 31);
  };
  const slice = new TimeSlice();
  for (let position = 0; position < size; position++) {
    if (slice.due()) await slice.pause();
    const row = rows[position]!;
    ids[position] = row.id;
    positionOf[row.id] = position;
    for (const [text, into] of [
      [row.terms, gamesOfWord],
      [row.title_terms, titleGamesOfWord],
    ] as const) {
      if (!text) continue;
      for (const word of text.split(' ')) {
        const games = into.get(word);
        if (games) games.push(position);
        else into.set(word, [position]);
      }
    }
    if (row.categories) for (const slug of row.categories.split(' ')) addTo(categories, slug, position);
    if (row.controls) for (const control of row.controls.split(' ')) addTo(devices, control, position);
  }
  const words = await sortInSlices([...gamesOfWord.keys()], slice);
  const denseOf = (positions: Int32Array | undefined) => {
    if (!positions || positions.length <= size >>> 5) return undefined;
    const bits = emptyBitset(size);
    setAll(bits, positions);
    return bits;
  };
  const wordIndex = new Map<string, number>();
  const postings: Int32Array[] = [];
  const titlePostings: (Int32Array | undefined)[] = [];
  const denseBits: (Bitset | undefined)[] = [];
  const titleDenseBits: (Bitset | undefined)[] = [];
  for (const [index, word] of words.entries()) {
    if (slice.due()) await slice.pause();
    wordIndex.set(word, index);
    const games = Int32Array.from(gamesOfWord.get(word)!);
    const titleGames = titleGamesOfWord.get(word);
    const inTitles = titleGames && Int32Array.from(titleGames);
    postings.push(games);
    titlePostings.push(inTitles);
    denseBits.push(denseOf(games));
    titleDenseBits.push(denseOf(inTitles));
  }
  return {
    version,
    ids,
    positionOf,
    words,
    wordIndex,
    postings,
    titlePostings,
    denseBits,
    titleDenseBits,
    corrections: new Map(),
    categories,
    devices,
    titles: rows.map((row) => row.title),
    foldedTitles: rows.map((row) => row.search_title),
    slugs: rows.map((row) => row.slug),
    categoryNames,
    tagNames: tagNames.map((row) => row.name),
    ranks: await loadRanks(em, positionOf, size),
    checkedAt: Date.now(),
  };
}
