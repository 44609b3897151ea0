/**
 * `npm run bench -- --scale [--regenerate] [--quick]`: the portal on a catalog of real
 * size (bench/scale/catalog.ts), started as `npm run serve` starts it (its own process,
 * default settings, request logging on, written to a file), measured against a bare
 * Fastify route in a process of its own on the same Node (bench/bare.ts), in the same
 * rounds. Loopback only; every load is bounded. `--quick` runs it all on a catalog a
 * tenth the size, one round of 3 s each, to try the bench out (its figures are not the
 * portal's; they go to a file in the temporary folder, not bench/results.json).
 *
 * The portal sits behind a simulated proxy (TRUST_PROXY=127.0.0.1, each play
 * with its own X-Forwarded-For and visitor cookie), as a deployment behind nginx
 * receives plays from many visitors rather than from one address.
 */
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { foldForSearch } from '../../shared/text';
import { BROWSER_HEADERS, itemsOf, loadFromOwnProcess, median, percentile, printTable, root, signInThroughOutbox, startNode, stop, waitFor, waitUntilIdle, type LoadFigures, type Row } from '../support';
import { benchDatabaseUrl, catalogSize, prepareCatalog } from './catalog';
import { answered2xx, byStatus, play, startPlaySender, type PlayRecord } from './plays';
import { measureFreshness } from './freshness';
import { rebuildWhilePlaysArrive } from './rebuild-while-playing';
import { SEARCH_KINDS, searchRequests, soloSearches, suggestPrefixes, type Search } from './searches';

const quick = process.argv.includes('--quick');
const regenerate = process.argv.includes('--regenerate');
/** Only the freshness part (8): for working on it; its figures go to the temporary folder. */
const freshnessOnly = process.argv.includes('--freshness-only');
const PORTAL = 'http://127.0.0.1:3820';
const BARE = 'http://127.0.0.1:3822/bare';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const DURATION_S = Number(process.env.BENCH_DURATION ?? (quick ? 3 : 10));
/** Searches timed one at a time, of each kind (about two dozen at most: the catalog's 120 title words dealt out among the five kinds). */
const SOLO_PER_KIND = quick ? 10 : 25;
const CONNECTIONS = 32;
const PLAYS_PER_SECOND = 100;
const SIZE = catalogSize(quick);

const rows: Row[] = [];
const log = (line: string) => console.info(line);

async function timed(url: string): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: counted by its status
  }
  return { ms, status: response.status, body };
}

const gamesOf = (body: unknown) => itemsOf(body) as { id: number; title: string }[];

/** A load at CONNECTIONS from the load generator's own process: `paths` in turn (the next request takes the next path), or `url` alone. */
function load(options: { url: string; paths?: readonly string[]; durationS?: number }): Promise<LoadFigures> {
  return loadFromOwnProcess({ connections: CONNECTIONS, durationS: DURATION_S, headers: BROWSER_HEADERS, ...options });
}

/**
 * The portal's requests a second against the bare route's, both ways: against the bare route
 * measured alone just before (nothing else running, as an outside measure takes it: the figure
 * the goal is about), and against it measured under the same background load as the portal (the
 * plays of `during`), which the load slows too. Without a background load the two are one figure.
 */
async function ratioToBare(name: string, goal: number | null, options: Parameters<typeof load>[0], during?: () => { stop(): Promise<unknown> }) {
  const alone: number[] = [];
  const loaded: number[] = [];
  const none: LoadFigures = { rps: 0, p50: 0, p99: 0, errors: 0, sent: 0 };
  let last = none;
  let bareAlone = none;
  let bareLoaded = bareAlone;
  let errors = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    bareAlone = await load({ url: BARE });
    const background = during?.();
    bareLoaded = background ? await load({ url: BARE }) : bareAlone;
    last = await load(options);
    await background?.stop();
    errors += last.errors;
    alone.push(last.rps / bareAlone.rps);
    loaded.push(last.rps / bareLoaded.rps);
  }
  const ratio = median(alone);
  const rounds = (ratios: number[]) => `[${ratios.map((r) => r.toFixed(2)).join(', ')}]`;
  const both = during
    ? `${ratio.toFixed(2)}× bare measured alone ${rounds(alone)} (the goal's); ${median(loaded).toFixed(2)}× bare measured under the same load ${rounds(loaded)}`
    : `${ratio.toFixed(2)}× bare ${rounds(alone)} (no background load: alone and under the same load are one figure)`;
  rows.push({
    metric: name,
    figure:
      `${both}, medians of ${ROUNDS} ` +
      `(last round ${last.rps.toFixed(0)} req/s vs bare ${bareAlone.rps.toFixed(0)} alone${during ? `, ${bareLoaded.rps.toFixed(0)} under load` : ''}; p99 ${last.p99} ms, ${errors} errors)`,
    goal: goal === null ? '0 errors' : `≥ ${goal}× bare alone, 0 errors`,
    pass: (goal === null || ratio >= goal) && errors === 0,
    detail: { ratios: alone, ratiosUnderLoad: loaded, rps: last.rps, bareRps: bareAlone.rps, bareRpsUnderLoad: bareLoaded.rps, p99: last.p99, errors },
  });
}

/** Searches one at a time, each asked once: the slowest of each kind, and what each kind finds. */
async function searchesOneAtATime(titles: readonly string[]): Promise<void> {
  const timings: { search: Search; ms: number; status: number; games: { id: number; title: string }[] }[] = [];
  for (const search of soloSearches(titles, SOLO_PER_KIND)) {
    const { ms, status, body } = await timed(`${PORTAL}/api/games?search=${encodeURIComponent(search.text)}`);
    timings.push({ search, ms, status, games: gamesOf(body) });
  }
  for (const kind of SEARCH_KINDS) {
    const ofKind = timings.filter((timing) => timing.search.kind === kind);
    const slowest = ofKind.reduce((worst, timing) => (timing.ms > worst.ms ? timing : worst));
    const errors = ofKind.filter((timing) => timing.status !== 200).length;
    rows.push({
      metric: `GET /api/games?search=<${kind}>, one at a time, each asked once (${ofKind.length} texts)`,
      figure: `slowest "${slowest.search.text}" ${slowest.ms.toFixed(1)} ms, median ${median(ofKind.map((timing) => timing.ms)).toFixed(1)} ms, ${errors} errors`,
      goal: '≤ 60 ms each, 0 errors',
      pass: slowest.ms <= 60 && errors === 0,
      detail: { samples: ofKind.map((timing) => ({ text: timing.search.text, ms: timing.ms, status: timing.status, games: timing.games.length })) },
    });
  }
  // What they found (after the timing): words, prefixes and pairs find games; a typo finds games
  // titled with the word meant; an accented spelling finds what the plain one finds.
  const findings: string[] = [];
  let met = true;
  for (const kind of SEARCH_KINDS) {
    const ofKind = timings.filter((timing) => timing.search.kind === kind);
    let good = 0;
    for (const { search, games } of ofKind) {
      if (kind === 'accent') {
        // One fewer than the default page: its own cache entry, so the plain spelling is really searched.
        const plain = gamesOf((await timed(`${PORTAL}/api/games?limit=23&search=${encodeURIComponent(search.intended!)}`)).body);
        if (plain.map((game) => game.id).join() === games.slice(0, 23).map((game) => game.id).join()) good += 1;
      } else if (kind === 'typo') {
        if (games.some((game) => foldForSearch(game.title).includes(search.intended!))) good += 1;
      } else if (games.length > 0) good += 1;
    }
    const enough = kind === 'accent' ? good === ofKind.length : good >= ofKind.length * 0.8;
    met &&= enough;
    const what = { word: 'find games', prefix: 'find games', pair: 'find games', typo: 'find the word meant', accent: 'find what the plain spelling finds' }[kind];
    findings.push(`${kind}: ${good}/${ofKind.length} ${what}`);
  }
  rows.push({
    metric: 'What those searches find',
    figure: findings.join('; '),
    goal: 'accents all, the rest ≥ 80 %',
    pass: met,
  });
}

/** Different search requests made for the mix: more than the portal answers in one load. */
const SEARCH_REQUESTS = quick ? 20_000 : 60_000;

/** The varied mix at 32 connections, no request asked twice: p50, p99 and req/s. */
async function searchLoad(titles: readonly string[]): Promise<void> {
  const requests = searchRequests(titles, SEARCH_REQUESTS);
  const search = await load({ url: PORTAL, paths: requests.map((request) => request.path) });
  const sent = search.sent;
  const askedAgain = Math.max(0, sent - requests.length);
  const kinds = new Map<string, number>();
  for (const request of requests.slice(0, sent)) kinds.set(request.search.kind, (kinds.get(request.search.kind) ?? 0) + 1);
  const split = [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ');
  rows.push({
    metric: `GET /api/games?search=<mix of words, prefixes, pairs, typos, accents; some for a later page, another order or a category> at ${CONNECTIONS} connections, none asked twice`,
    figure: `p50 ${search.p50} ms, p99 ${search.p99} ms, ${search.rps.toFixed(0)} req/s, ${search.errors} errors (${sent} requests: ${split}; ${askedAgain} asked again)`,
    goal: 'p99 ≤ 50 ms, 0 errors, none asked again',
    pass: search.p99 <= 50 && search.errors === 0 && askedAgain === 0,
    detail: { ...search, requests: sent, kinds: Object.fromEntries(kinds), askedAgain },
  });
}

/** Suggestions for 1 to 4 typed letters at 32 connections; "not available" when the portal has no such route. */
async function suggestLoad(names: readonly string[]): Promise<void> {
  const metric = `GET /api/search/suggest?q=<varied 1-4 letter prefix> at ${CONNECTIONS} connections`;
  const probe = await timed(`${PORTAL}/api/search/suggest?q=sp`);
  if (probe.status === 404) {
    rows.push({ metric, figure: 'not available (the portal answers 404)', goal: 'p99 ≤ 20 ms', pass: null });
    return;
  }
  const prefixes = suggestPrefixes(names, 20_000);
  const suggest = await load({ url: PORTAL, paths: prefixes.map((prefix) => `/api/search/suggest?q=${encodeURIComponent(prefix)}`) });
  // Plausibility, after the load: most prefixes of two letters or more are answered with suggestions.
  const sampled = [...new Set(prefixes.filter((prefix) => prefix.length >= 2))].slice(0, 50);
  let suggested = 0;
  for (const prefix of sampled) if (itemsOf((await timed(`${PORTAL}/api/search/suggest?q=${encodeURIComponent(prefix)}`)).body).length > 0) suggested += 1;
  rows.push({
    metric,
    figure: `p50 ${suggest.p50} ms, p99 ${suggest.p99} ms, ${suggest.rps.toFixed(0)} req/s, ${suggest.errors} errors; ${suggested}/${sampled.length} sampled prefixes get suggestions`,
    goal: 'p99 ≤ 20 ms, 0 errors',
    pass: suggest.p99 <= 20 && suggest.errors === 0,
    detail: { ...suggest, prefixesWithSuggestions: suggested, sampledPrefixes: sampled.length },
  });
}

// ---------------------------------------------------------------------------------------------

const timings = await prepareCatalog({ regenerate, quick, log });
const url = benchDatabaseUrl(quick);

const db = new pg.Client({ connectionString: url });
await db.connect();
const popular = (await db.query<{ id: number; slug: string }>(`select id, slug from games where status = 'APPROVED' order by plays desc limit 200`)).rows;
const allIds = (await db.query<{ id: number }>(`select id from games where status = 'APPROVED'`)).rows.map((row) => row.id);
// Real two-word searches: word pairs that stand together in titles.
const titles = (await db.query<{ title: string }>(`select title from games where status = 'APPROVED' order by md5(id::text) limit 3000`)).rows.map((row) => row.title);
// What suggestions can name besides titles.
const names = (await db.query<{ name: string }>(`select name from categories union select name from tags`)).rows.map((row) => row.name);
const serverVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
await db.end();

/**
 * Waits until no build is due for the checker's checks (as its claim query picks them), at most
 * ten minutes: answers the seconds waited. CPU quiet alone did not tell: a check that waits on a
 * game for a few seconds looked idle, and the next check then ran under the measurement.
 */
async function waitForBuildChecks(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    while (performance.now() - started < 600_000) {
      const { rows } = await client.query<{ due: number }>(`select count(*)::int as due from game_builds where status = 'CHECKING' or (status = 'APPROVED' and checks is null)`);
      if (rows[0]!.due === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

const logFile = join(tmpdir(), `playfree-scale-bench-${process.pid}.log`);
// Its own data folder: the dev outbox the admin signs in through (the freshness part approves a game).
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-scale-bench-'));
const ADMIN = 'bench-admin@example.com';
const portal = startNode('server/index.ts', { DATABASE_URL: url, DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, PORT: '3820', GAMES_PORT: '3821', METRICS_PORT: '3824', TRUST_PROXY: '127.0.0.1' }, ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')]);
const bareServer = startNode('bench/bare.ts', { BENCH_BARE_PORT: '3822' }, 'inherit');
// The background plays come from a third process, as the load generator's are its own.
const playSender = await startPlaySender();
try {
  await waitFor(`${PORTAL}/api/categories`, portal);
  await waitFor(BARE, bareServer);
  log(`Portal on ${SIZE.games.toLocaleString('en-US')} games (log: ${logFile}), the yardstick in a process of its own; measuring…`);
  // Warm up: JIT, connection pool, PostgreSQL's buffers.
  await load({ url: `${PORTAL}/api/home`, durationS: 3 });
  for (const { slug } of popular.slice(0, 50)) await timed(`${PORTAL}/api/games/${slug}`);
  // Its start-up work done (the search index is built in the background; on a catalog whose
  // built-in builds were never checked, its checker tries each in Chromium, some 11 s apiece with
  // quiet moments between), as a portal that has run a while.
  const checksWaited = await waitForBuildChecks(url);
  const settled = await waitUntilIdle(portal);
  log(settled === null ? 'Could not read the portal’s CPU use; measuring at once' : `The portal was idle ${settled.toFixed(0)} s after the warm-up (${checksWaited.toFixed(0)} s of it for build checks)`);

  if (!freshnessOnly) {
    // 1. The first visitor after a play (a play no longer empties the cache; an expired entry refreshes behind it).
    const afterPlay: number[] = [];
    const afterPlayPlays: PlayRecord[] = [];
    let afterPlayErrors = 0;
    for (let i = 0; i < (quick ? 20 : 50); i += 1) {
      afterPlayPlays.push(await play(PORTAL, allIds[Math.floor(Math.random() * allIds.length)]!));
      const { ms, status } = await timed(`${PORTAL}/api/home`);
      if (status !== 200) afterPlayErrors += 1;
      afterPlay.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    afterPlayErrors += afterPlayPlays.filter((record) => !answered2xx(record)).length;
    rows.push({
      metric: 'GET /api/home right after a play',
      figure: `median ${median(afterPlay).toFixed(1)} ms, p99 ${percentile(afterPlay, 99).toFixed(1)} ms (${afterPlayErrors} errors)`,
      goal: '≤ 50 ms',
      pass: percentile(afterPlay, 99) <= 50 && afterPlayErrors === 0,
      detail: { samplesMs: afterPlay },
    });

    // 2. Trending pages nobody asked for yet (each offset once).
    const trending: number[] = [];
    let trendingErrors = 0;
    const offsets = new Set<number>();
    // Any of the first 400 pages (offsets to 9,576): far deeper than people browse, each asked once.
    while (offsets.size < 50) offsets.add(24 * Math.floor(Math.random() * 400));
    for (const offset of offsets) {
      const { ms, status } = await timed(`${PORTAL}/api/games?sort=trending&limit=24&offset=${offset}`);
      if (status !== 200) trendingErrors += 1;
      trending.push(ms);
    }
    // Plausibility, after the timing (now cached): every sampled page is full.
    let shortPages = 0;
    for (const offset of [...offsets].slice(0, 10)) {
      if (itemsOf((await timed(`${PORTAL}/api/games?sort=trending&limit=24&offset=${offset}`)).body).length !== 24) shortPages += 1;
    }
    rows.push({
      metric: 'GET /api/games?sort=trending&limit=24&offset=N, uncached',
      figure: `median ${median(trending).toFixed(1)} ms, p99 ${percentile(trending, 99).toFixed(1)} ms (offsets to ${Math.max(...offsets)}, ${trendingErrors} errors, ${shortPages}/10 pages short of 24)`,
      goal: '≤ 50 ms',
      pass: percentile(trending, 99) <= 50 && trendingErrors === 0 && shortPages === 0,
      detail: { samplesMs: trending, shortPages },
    });

    // 3. Searches: first one at a time (each text asked once, before anything else searched), then the mix under load.
    await searchesOneAtATime(titles);
    await searchLoad(titles);

    // 4. Suggestions as you type.
    await suggestLoad(names);

    // 5. Game pages of popular games.
    await ratioToBare('GET /api/games/{slug} (200 popular games)', null, {
      url: PORTAL,
      paths: popular.map(({ slug }) => `/api/games/${slug}`),
    });

    // 6. Home while plays arrive at 100/s (the bare route measured alone, then under the same plays).
    const homePlays: PlayRecord[] = [];
    await ratioToBare('GET /api/home while 100 plays/s arrive', 0.5, { url: `${PORTAL}/api/home` }, () => {
      const plays = playSender.playsAt(PORTAL, PLAYS_PER_SECOND, allIds);
      return { stop: async () => homePlays.push(...(await plays.stop())) };
    });
    const notAnswered = homePlays.filter((record) => !answered2xx(record));
    rows.at(-1)!.figure += `; plays: ${homePlays.length} sent, ${notAnswered.length} not 2xx${notAnswered.length ? ` (${byStatus(homePlays)})` : ''}`;
    if (notAnswered.length > 0) rows.at(-1)!.pass = false;

    // 6b. The web app's home (its /trpc batch, as the browser asks for it), under the same plays.
    const trpcPlays: PlayRecord[] = [];
    await ratioToBare('GET /trpc/home.get,categories.list while 100 plays/s arrive', 0.45, { url: `${PORTAL}/trpc/home.get,categories.list?batch=1&input=%7B%7D` }, () => {
      const plays = playSender.playsAt(PORTAL, PLAYS_PER_SECOND, allIds);
      return { stop: async () => trpcPlays.push(...(await plays.stop())) };
    });
    const trpcNotAnswered = trpcPlays.filter((record) => !answered2xx(record));
    rows.at(-1)!.figure += `; plays: ${trpcPlays.length} sent, ${trpcNotAnswered.length} not 2xx`;
    if (trpcNotAnswered.length > 0) rows.at(-1)!.pass = false;

    // 7. Last, as it rewrites every derived count: db:rebuild-stats on the live database while plays arrive.
    const playedGames = [...new Set([...popular.slice(0, 20).map((game) => game.id), ...Array.from({ length: 2000 }, () => allIds[Math.floor(Math.random() * allIds.length)]!)])];
    rows.push(...(await rebuildWhilePlaysArrive({ portal: PORTAL, databaseUrl: url, gameIds: playedGames, perSecond: PLAYS_PER_SECOND, playSender, log })));
  } else {
    // Alone, the search path is warmed as the parts above would have warmed it.
    await load({ url: PORTAL, durationS: 5, paths: searchRequests(titles, SEARCH_REQUESTS).map((request) => request.path) });
  }

  // 8. How soon search sees a catalog change: one approved game, then 100,000 written at once (and deleted again).
  if (!process.argv.includes('--no-freshness')) {
    // The machine's speed at this moment (a shared VM's varies several times over a day), beside the figures.
    const bare = await load({ url: BARE, durationS: 5 });
    log(`The bare route: ${bare.rps.toFixed(0)} req/s`);
    rows.push(
      ...(await measureFreshness({
        bareRps: bare.rps,
        portal: PORTAL,
        databaseUrl: url,
        adminToken: await signInThroughOutbox(PORTAL, dataDir, ADMIN),
        searchPaths: searchRequests(titles, SEARCH_REQUESTS).map((request) => request.path),
        suggestPaths: suggestPrefixes(names, 20_000).map((prefix) => `/api/search/suggest?q=${encodeURIComponent(prefix)}`),
        connections: CONNECTIONS,
        log,
      })),
    );
  }
} finally {
  await Promise.all([stop(portal), stop(bareServer), playSender.close()]);
}

printTable(rows);
const results = {
  date: new Date().toISOString(),
  machine: { cores: cpus().length, node: process.version, postgresql: serverVersion },
  catalog: { ...SIZE, database: new URL(url).pathname.slice(1), generationSeconds: timings },
  rounds: ROUNDS,
  durationSeconds: DURATION_S,
  results: rows,
};
const resultsFile = quick || freshnessOnly ? join(tmpdir(), `playfree-scale-bench-${quick ? 'quick' : 'freshness'}-${process.pid}.json`) : join(root, 'bench/results.json');
// The rooms bench's entry in the same file (npm run bench -- --rooms) is kept.
const rooms = resultsFile.startsWith(root) && existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { rooms?: unknown }).rooms : undefined;
writeFileSync(resultsFile, `${JSON.stringify({ ...results, ...(rooms ? { rooms } : {}) }, null, 2)}\n`);
console.info(`\nWrote ${resultsFile}`);
process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
