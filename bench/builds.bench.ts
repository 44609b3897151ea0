/**
 * `npm run bench`, part two: uploaded builds (issue #24). The portal runs as `npm start` serves
 * it (server/index.ts, default settings, its log to a file), on a fresh data folder. A developer
 * signs in through the dev outbox, makes an API key, submits each of the 16 built-in games as a
 * hosted game and uploads it as a zip through POST /api/v1/games/{id}/builds, like any developer;
 * then one large build of incompressible files, for the upload throughput a big game sees. Each
 * build's automatic checks run in headless Chromium in the portal's checker (its child, as
 * `npm start` runs it): the bench reports their own time (`checks.seconds`), the wait from upload
 * to verdict, and checks per minute. Then an admin makes a checker token, a second checker starts
 * as `npm run checker` would on another terminal, every game is uploaded again, and the bench
 * reports checks per minute with the two.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInBuildFiles } from '../server/domains/builds/built-in';
import { median, printTable, signInThroughOutbox, startNode, stop, waitFor, type Row } from './support';
import { zipOf } from '../tests/support/zips';

const PORT = 3830;
const portal = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-builds-bench-'));
const logFile = join(tmpdir(), `playfree-builds-bench-${process.pid}.log`);
/** The large build: this many MB of files that do not compress (images, audio), in 4 MB files. */
const LARGE_BUILD_MB = Number(process.env.BENCH_LARGE_BUILD_MB ?? (process.argv.includes('--quick') ? 20 : 100));

type BuildAnswer = { id: number; status: string; checks: { verdict: string; seconds: number; browser: boolean; offline: boolean } | null };

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const post = (path: string, body: unknown, token: string) =>
  fetch(`${portal}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Uploads a zip as a developer's script would (the zip as the body); answers the build and the seconds the call took. */
async function upload(key: string, gameId: number, zip: Buffer): Promise<{ build: BuildAnswer; seconds: number }> {
  const started = performance.now();
  const response = await fetch(`${portal}/api/v1/games/${gameId}/builds`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
  const build = await json<BuildAnswer>(response);
  return { build, seconds: (performance.now() - started) / 1000 };
}

/** Polls a build until its checks are done; answers it and the seconds from `since`. */
async function checked(key: string, gameId: number, buildId: number, since: number): Promise<{ build: BuildAnswer; waited: number }> {
  for (;;) {
    const build = await json<BuildAnswer>(await fetch(`${portal}/api/v1/games/${gameId}/builds/${buildId}`, { headers: { authorization: `Bearer ${key}` } }));
    if (build.status !== 'CHECKING') return { build, waited: (performance.now() - since) / 1000 };
    if (performance.now() - since > 15 * 60_000) throw new Error(`build ${buildId} was still CHECKING after 15 minutes`);
    // As the developer portal polls (every 1.5 s) and well within the key's 1,000 calls an hour.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const ADMIN = 'bench-admin@example.com';
const server = startNode('server/index.ts', { PORT: String(PORT), GAMES_PORT: String(PORT + 1), DATA_DIR: dataDir, HOST: '127.0.0.1', ADMIN_EMAILS: ADMIN }, ['ignore', openSync(logFile, 'w'), 'inherit']);
let secondChecker: ReturnType<typeof startNode> | undefined;
console.info(`Portal log: ${logFile}`);
const rows: Row[] = [];
try {
  await waitFor(`${portal}/api/categories`, server);
  // Two studios: one account may submit 10 games an hour, and the bench submits 17.
  const studios = [];
  for (const email of ['bench-studio-1@example.com', 'bench-studio-2@example.com']) {
    const token = await signInThroughOutbox(portal, dataDir, email);
    studios.push({ token, key: (await json<{ key: string }>(await post('/api/dev/keys', {}, token))).key });
  }
  const catalog = JSON.parse(readFileSync(new URL('../games/catalog.json', import.meta.url), 'utf8')) as { slug: string; title: string; description: string }[];

  const games: { slug: string; gameId: number; key: string; build: BuildAnswer; uploaded: number; zipBytes: number; seconds: number }[] = [];
  for (const [index, game] of catalog.entries()) {
    const { token, key } = studios[index % studios.length]!;
    const created = await json<{ id: number }>(await post('/api/dev/games', { title: `${game.title} (bench)`, description: game.description, hosted: true, categories: ['arcade'] }, token));
    const zip = await zipOf(Object.fromEntries(builtInBuildFiles(game.slug).map(({ path, file }) => [path, readFileSync(file)])));
    const uploaded = performance.now();
    const { build, seconds } = await upload(key, created.id, zip);
    games.push({ slug: game.slug, gameId: created.id, key, build, uploaded, zipBytes: zip.length, seconds });
  }
  const small = { bytes: games.reduce((sum, game) => sum + game.zipBytes, 0), seconds: games.reduce((sum, game) => sum + game.seconds, 0) };
  rows.push({
    metric: `Upload of the ${games.length} built-in games (zips of ${(small.bytes / games.length / 1024).toFixed(0)} KB on average), one after another`,
    figure: `${(small.bytes / 1024 / 1024 / small.seconds).toFixed(2)} MB/s; median ${(median(games.map((game) => game.seconds)) * 1000).toFixed(0)} ms per upload`,
    goal: 'measured',
    pass: null,
  });

  const results: ((typeof games)[number] & { waited: number })[] = [];
  for (const game of games) results.push({ ...game, ...(await checked(game.key, game.gameId, game.build.id, game.uploaded)) });
  const perMinute = (done: { waited: number }[]) => (done.length / Math.max(...done.map((result) => result.waited))) * 60;
  const checkSeconds = results.map((result) => result.build.checks?.seconds ?? Number.NaN);
  const verdicts = results.map((result) => `${result.slug} ${result.build.checks?.verdict ?? result.build.status}${result.build.checks?.offline ? '' : ' (not offline)'}`);
  const ran = results.every((result) => result.build.checks?.browser);
  rows.push({
    metric: `Automatic checks of the ${results.length} built-in games in headless Chromium (one at a time)`,
    figure:
      `median ${median(checkSeconds).toFixed(1)} s, slowest ${Math.max(...checkSeconds).toFixed(1)} s per game; all ${results.length} checked ` +
      `${(Math.max(...results.map((result) => result.waited))).toFixed(0)} s after the first upload began${ran ? '' : ' (Chromium was NOT found: only the files were checked)'}`,
    goal: 'every game checked in Chromium, none failing',
    pass: ran && results.every((result) => result.build.checks?.verdict !== 'fail'),
    detail: { verdicts },
  });
  console.info(`verdicts: ${verdicts.join(', ')}`);

  // A second checker, as on another terminal or machine: only the portal's address and a token.
  const admin = await signInThroughOutbox(portal, dataDir, ADMIN);
  const { token: checkerToken } = await json<{ token: string }>(await post('/api/admin/checkers', { name: 'bench second checker' }, admin));
  secondChecker = startNode('server/checker/main.ts', { PORTAL_URL: portal, CHECKER_TOKEN: checkerToken }, ['ignore', 'ignore', 'inherit']);
  const again = [];
  for (const game of games) {
    const zip = await zipOf(Object.fromEntries(builtInBuildFiles(game.slug).map(({ path, file }) => [path, readFileSync(file)])));
    const uploaded = performance.now();
    again.push({ ...game, uploaded, build: (await upload(game.key, game.gameId, zip)).build });
  }
  const twice = [];
  for (const game of again) twice.push(await checked(game.key, game.gameId, game.build.id, again[0]!.uploaded));
  rows.push({
    metric: `Checks per minute of the ${games.length} built-in games uploaded at once: one checker (npm start's), then two (npm run checker beside it)`,
    figure: `${perMinute(results.map((result) => ({ waited: result.waited + (result.uploaded - results[0]!.uploaded) / 1000 }))).toFixed(1)} with one; ${perMinute(twice).toFixed(1)} with two`,
    goal: 'measured',
    pass: null,
  });

  // A large game: 4 MB files of random bytes (as images and audio are, they do not compress),
  // new bytes each round so every upload stores all of them.
  const largeZip = () =>
    zipOf({
      'index.html': '<!doctype html><title>Large</title><canvas></canvas>',
      ...Object.fromEntries(Array.from({ length: Math.ceil(LARGE_BUILD_MB / 4) }, (_, index) => [`assets/track-${index}.ogg`, randomBytes(4 * 1024 * 1024)])),
    });
  const { token, key } = studios[catalog.length % studios.length]!;
  const largeGame = await json<{ id: number }>(await post('/api/dev/games', { title: 'Large Build (bench)', description: 'Only there to be uploaded.', hosted: true, categories: ['arcade'] }, token));
  const speeds: number[] = [];
  let largeMb = 0;
  for (let round = 0; round < 3; round += 1) {
    const zip = await largeZip();
    largeMb = zip.length / 1024 / 1024;
    speeds.push(largeMb / (await upload(key, largeGame.id, zip)).seconds);
  }
  rows.push({
    metric: `Upload of a ${largeMb.toFixed(0)} MB build of incompressible files (zip body over loopback, read, hashed and stored; 3 rounds)`,
    figure: `${median(speeds).toFixed(1)} MB/s median [${speeds.map((speed) => speed.toFixed(1)).join(', ')}]`,
    goal: 'measured',
    pass: null,
  });
} finally {
  if (secondChecker) await stop(secondChecker);
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
printTable(rows);
if (rows.some((row) => row.pass === false)) process.exitCode = 1;
