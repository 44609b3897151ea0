/**
 * How soon search sees a catalog change, and what players get meanwhile (issue 38), on the scale
 * bench's portal (run.ts):
 * - one game approved by an admin on this portal (its REST route), and one approved by another
 *   server (its row updated in the database, as a second portal process would): seconds until a
 *   search for a word of its title, a misspelling of that word and suggestions for its first
 *   letters each find it;
 * - 100,000 games written at once (one statement, as an import would): seconds from the write's
 *   commit until searches, typos and suggestions find them, with the varied search mix at 32
 *   connections running from before the write until the portal has caught up; then the same
 *   100,000 deleted at once under varied suggestions at 32 connections.
 * Every game it writes is deleted again, so the generated catalog is left as it was.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { BROWSER_HEADERS, itemsOf, percentile, type Row } from '../support';

type Options = {
  portal: string;
  databaseUrl: string;
  adminToken: string;
  /** The search mix's and suggestions' request paths (run.ts makes them), none asked twice. */
  searchPaths: readonly string[];
  suggestPaths: readonly string[];
  connections: number;
  /** The bare route's req/s just before (bench/bare.ts): how fast the machine is right now. */
  bareRps: number;
  log: (line: string) => void;
};

/** The goal for one approved game. */
const ONE_GAME_GOAL_S = 10;
const POLL_MS = 100;
/** Longest wait for a change to show before the figure is "not within N s". */
const GIVE_UP_S = 300;
const BATCH = 100_000;

type Probe = { word: string; typo: string; prefix: string };
type Found = { search: number | null; typo: number | null; suggest: number | null };

/** A made-up word no catalog game holds (letters only), and one misspelling of it (two letters swapped). */
function probeWords(seed: string): Probe {
  const letters = 'bcdfghjklmnprstvz';
  let word = seed;
  while (word.length < 10) word += letters[Math.floor(Math.random() * letters.length)]! + 'aeiou'[Math.floor(Math.random() * 5)]!;
  return { word, typo: word.slice(0, 4) + word[5] + word[4] + word.slice(6), prefix: word.slice(0, 6) };
}

const titleOf = (word: string) => word[0]!.toUpperCase() + word.slice(1);

async function itemsAt(url: string): Promise<{ slug?: string }[]> {
  const response = await fetch(url);
  return response.ok ? (itemsOf(await response.json()) as { slug?: string }[]) : [];
}

/** Seconds from `since` until each of the three finds `wanted` (a slug, or a title for suggestions), polling every 100 ms. */
async function untilFound(portal: string, probe: Probe, wanted: { slug: string; title: string; alongWith?: string }, since: number): Promise<Found> {
  // Among 100,000 games holding the word, the one wanted is found with another word of its title.
  const along = wanted.alongWith ? `%20${wanted.alongWith}` : '';
  const found: Found = { search: null, typo: null, suggest: null };
  const seconds = () => (performance.now() - since) / 1000;
  while (seconds() < GIVE_UP_S && (found.search === null || found.typo === null || found.suggest === null)) {
    const [search, typo, suggest] = await Promise.all([
      found.search === null ? itemsAt(`${portal}/api/games?search=${probe.word}${along}`) : null,
      found.typo === null ? itemsAt(`${portal}/api/games?search=${probe.typo}${along}`) : null,
      found.suggest === null ? itemsAt(`${portal}/api/search/suggest?q=${probe.prefix}`) : null,
    ]);
    const at = seconds();
    if (search?.some((game) => game.slug === wanted.slug)) found.search = at;
    if (typo?.some((game) => game.slug === wanted.slug)) found.typo = at;
    if (suggest?.some((item) => JSON.stringify(item).includes(wanted.title))) found.suggest = at;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return found;
}

type Timed = { at: number; ms: number };

/** The p99 of the answers that arrived between `from` and `to` (performance.now() times). */
function p99Between(answers: readonly Timed[], from: number, to: number): string {
  const within = answers.filter((answer) => answer.at >= from && answer.at < to).map((answer) => answer.ms);
  return within.length === 0 ? 'none' : `${percentile(within, 99).toFixed(0)} ms (${within.length})`;
}

/** A load at `connections` going round `paths` until stopped (at most GIVE_UP_S + 2 minutes); `answers` gets each answer's time and latency. */
function loadUntilStopped(portal: string, connections: number, paths: readonly string[], answers: Timed[]): { stop(): Promise<autocannon.Result> } {
  let next = 0;
  let settled!: { resolve(result: autocannon.Result): void; reject(error: unknown): void };
  const done = new Promise<autocannon.Result>((resolve, reject) => (settled = { resolve, reject }));
  const instance = autocannon(
    {
      url: portal,
      connections,
      duration: GIVE_UP_S + 120,
      headers: BROWSER_HEADERS,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    },
    (error, result) => (error ? settled.reject(error) : settled.resolve(result)),
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => answers.push({ at: performance.now(), ms }));
  return {
    stop: () => {
      instance.stop();
      return done;
    },
  };
}

const secondsText = (value: number | null) => (value === null ? `not within ${GIVE_UP_S} s` : `${value.toFixed(1)} s`);
const foundText = (found: Found) => `search ${secondsText(found.search)}, typo ${secondsText(found.typo)}, suggestions ${secondsText(found.suggest)}`;
const slowest = (found: Found) => Math.max(...Object.values(found).map((value) => value ?? Infinity));

/** Waits until the portal's index has taken in an earlier write (it checks the catalog every 5 s, then rebuilds). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30_000));

async function insertPending(db: pg.Client, probe: Probe, slug: string): Promise<number> {
  const title = `${titleOf(probe.word)} Lantern`;
  const { rows } = await db.query<{ id: number }>(
    `insert into games (slug, title, description, status, multiplayer, age_rating, studio, plays, search_text, search_title, src_url, thumb_url, created_at, updated_at)
     values ($1::text, $2::text, 'A freshness probe of the scale bench.', 'PENDING', false, 'E7', 'Bench studio', 0, lower($2::text || ' a freshness probe of the scale bench.'), lower($2::text),
             'https://' || $1::text || '.games.bench.invalid/', 'https://' || $1::text || '.games.bench.invalid/thumb.png', now(), now())
     returning id`,
    [slug, title],
  );
  await db.query(`insert into game_origins (game_id, allowed_origin) values ($1, 'https://' || $2::text || '.games.bench.invalid')`, [rows[0]!.id, slug]);
  return rows[0]!.id;
}

/** Deletes the games whose slug is `like` the pattern, in one statement (their origins go with them: on delete cascade). */
async function deleteGames(db: pg.Client, slugs: string): Promise<void> {
  await db.query('delete from games where slug like $1', [slugs]);
}

export async function measureFreshness(options: Options): Promise<Row[]> {
  const { portal, log } = options;
  const rows: Row[] = [];
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const stamp = Date.now().toString(36);
  try {
    // 1. One game approved by an admin of this portal.
    const local = probeWords('fresh');
    const localId = await insertPending(db, local, `bench-fresh-local-${stamp}`);
    await settle();
    const approvedAt = performance.now();
    const approval = await fetch(`${portal}/api/admin/games/${localId}/approve`, { method: 'POST', headers: { authorization: `Bearer ${options.adminToken}` } });
    if (!approval.ok) throw new Error(`approving game ${localId} answered ${approval.status}: ${await approval.text()}`);
    const localFound = await untilFound(portal, local, { slug: `bench-fresh-local-${stamp}`, title: titleOf(local.word) }, approvedAt);
    log(`One game approved on this portal: ${foundText(localFound)}`);

    // 2. One game approved by another server: only the database tells this one.
    const remote = probeWords('other');
    const remoteId = await insertPending(db, remote, `bench-fresh-remote-${stamp}`);
    await settle();
    const committed = performance.now();
    await db.query(`update games set status = 'APPROVED', published_at = now(), updated_at = now() where id = $1`, [remoteId]);
    const remoteFound = await untilFound(portal, remote, { slug: `bench-fresh-remote-${stamp}`, title: titleOf(remote.word) }, committed);
    log(`One game approved by another server: ${foundText(remoteFound)}`);
    rows.push({
      metric: 'One approved game findable on the 100,000-game catalog: by a search for a word of its title, a misspelling of it, and suggestions for its first 6 letters (seconds from the approval)',
      figure: `approved here: ${foundText(localFound)}; approved by another server: ${foundText(remoteFound)}`,
      goal: `≤ ${ONE_GAME_GOAL_S} s each`,
      pass: slowest(localFound) <= ONE_GAME_GOAL_S && slowest(remoteFound) <= ONE_GAME_GOAL_S,
    });
    await settle();

    // 3. 100,000 games written at once while varied searches arrive.
    const batch = probeWords('batch');
    const searchAnswers: Timed[] = [];
    const searching = loadUntilStopped(portal, options.connections, options.searchPaths, searchAnswers);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const writeStarted = performance.now();
    // Titles as the generated catalog's: the probe word, then numbers, so every one holds the word.
    await db.query(
      `insert into games (slug, title, description, status, multiplayer, age_rating, studio, plays, search_text, search_title, src_url, thumb_url, created_at, updated_at, published_at)
       select 'bench-fresh-batch-${stamp}-' || i, $1::text || ' ' || i, 'Written at once by the scale bench.', 'APPROVED', false, 'E7', 'Bench studio', 0,
              lower($1::text || ' ' || i || ' written at once by the scale bench.'), lower($1::text || ' ' || i),
              'https://b' || i || '-${stamp}.games.bench.invalid/', 'https://b' || i || '-${stamp}.games.bench.invalid/thumb.png', now(), now(), now()
         from generate_series(1, ${BATCH}) as i`,
      [titleOf(batch.word)],
    );
    const writeSeconds = (performance.now() - writeStarted) / 1000;
    const written = performance.now();
    const batchFound = await untilFound(portal, batch, { slug: `bench-fresh-batch-${stamp}-${BATCH}`, title: titleOf(batch.word), alongWith: String(BATCH) }, written);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const searched = await searching.stop();
    const caughtUp = written + slowest(batchFound) * 1000;
    const searchPhases = `before the write ${p99Between(searchAnswers, 0, writeStarted)}, during it ${p99Between(searchAnswers, writeStarted, written)}, from its commit until found ${p99Between(searchAnswers, written, caughtUp)}, after ${p99Between(searchAnswers, caughtUp, Infinity)}`;
    log(`search p99 by phase: ${searchPhases}`);
    log(`${BATCH.toLocaleString('en-US')} games written in ${writeSeconds.toFixed(1)} s; then ${foundText(batchFound)}; searches meanwhile p99 ${searched.latency.p99} ms`);
    const searchErrors = searched.errors + searched.non2xx;
    rows.push({
      metric: `${BATCH.toLocaleString('en-US')} games written at once (one statement) on the 100,000-game catalog: seconds from the write's commit until a search, a typo and suggestions find the last of them; the search mix at ${options.connections} connections from before the write until then`,
      figure:
        `written in ${writeSeconds.toFixed(1)} s; then ${foundText(batchFound)}; searches meanwhile (${searched.requests.total} requests over ${(searched.duration).toFixed(0)} s): ` +
        `p50 ${searched.latency.p50} ms, p99 ${searched.latency.p99} ms, ${searchErrors} errors; p99 ${searchPhases}; the bare route ${options.bareRps.toFixed(0)} req/s just before`,
      goal: 'searches p99 ≤ 50 ms, 0 errors',
      pass: slowest(batchFound) <= GIVE_UP_S && searched.latency.p99 <= 50 && searchErrors === 0,
    });
    await settle();

    // 4. The same 100,000 deleted at once while varied suggestions arrive.
    const suggestAnswers: Timed[] = [];
    const suggesting = loadUntilStopped(portal, options.connections, options.suggestPaths, suggestAnswers);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const deleteStarted = performance.now();
    await deleteGames(db, `bench-fresh-batch-${stamp}-%`);
    const deleteSeconds = (performance.now() - deleteStarted) / 1000;
    const deleted = performance.now();
    let goneAfter: number | null = null;
    while ((performance.now() - deleted) / 1000 < GIVE_UP_S) {
      const [search, suggest] = await Promise.all([itemsAt(`${portal}/api/games?search=${batch.word}`), itemsAt(`${portal}/api/search/suggest?q=${batch.prefix}`)]);
      if (search.length === 0 && !suggest.some((item) => JSON.stringify(item).includes(titleOf(batch.word)))) {
        goneAfter = (performance.now() - deleted) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const suggested = await suggesting.stop();
    const gone = deleted + (goneAfter ?? GIVE_UP_S) * 1000;
    const suggestPhases = `before the delete ${p99Between(suggestAnswers, 0, deleteStarted)}, during it ${p99Between(suggestAnswers, deleteStarted, deleted)}, from its commit until gone ${p99Between(suggestAnswers, deleted, gone)}, after ${p99Between(suggestAnswers, gone, Infinity)}`;
    const suggestErrors = suggested.errors + suggested.non2xx;
    log(`${BATCH.toLocaleString('en-US')} games deleted in ${deleteSeconds.toFixed(1)} s; gone from search and suggestions after ${secondsText(goneAfter)}; suggestions meanwhile p99 ${suggested.latency.p99} ms`);
    rows.push({
      metric: `The same ${BATCH.toLocaleString('en-US')} games deleted at once: seconds from the commit until neither search nor suggestions show them; varied suggestions at ${options.connections} connections from before until then`,
      figure:
        `deleted in ${deleteSeconds.toFixed(1)} s; gone after ${secondsText(goneAfter)}; suggestions meanwhile (${suggested.requests.total} requests over ${suggested.duration.toFixed(0)} s): ` +
        `p50 ${suggested.latency.p50} ms, p99 ${suggested.latency.p99} ms, ${suggestErrors} errors; p99 ${suggestPhases}`,
      goal: 'suggestions p99 ≤ 20 ms, 0 errors',
      pass: goneAfter !== null && suggested.latency.p99 <= 20 && suggestErrors === 0,
    });
  } finally {
    await deleteGames(db, `bench-fresh-%-${stamp}%`);
    await db.end();
  }
  return rows;
}
