/**
 * The checks' verdicts on real published builds (tests/fixtures/real-builds, issue #56): each
 * build's engine is named from its own files, no single-threaded build is taken for a threaded
 * one, and in Chromium, served as GitHub Pages serves them (every file as the bytes it is), a
 * start is judged by what a player sees: a Godot 3 build that inflates its own .gz files starts,
 * a game that leaves a rejection unhandled before it draws starts too, a "click to play" page
 * is tapped and Unity 2019's phone notice pressed OK as a player does, a game whose engine is
 * bundled into its own script starts and is named by the globals its page defines, and a game
 * whose first frame is a loading screen waiting for files its build lacks is warned about, those
 * files named.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildCheckId, BuildChecks } from '../../../../shared/schemas/builds';
import { REAL_BUILDS, realBuildFiles, realBuildFolder } from '../../../../tests/support/real-builds';
import { threadsEvidenceOf } from '../threads';
import { recogniseEngine } from './engines';
import { checkBuild, findChromium } from './index';

const chromium = findChromium(process.env.CHROMIUM_PATH);

/** Construct 2's start, as it runs on a phone: it asks to lock the orientation, leaves the refusal unhandled, and draws later. */
const ORIENTATION_LOCK: Record<string, Buffer> = {
  'index.html': Buffer.from(
    '<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">' +
      '<canvas id="c2canvas" width="300" height="300"></canvas><script src="c2runtime.js"></script>',
  ),
  'c2runtime.js': Buffer.from(
    "screen.orientation.lock('landscape');\n" +
      "setTimeout(function () { var c = document.getElementById('c2canvas').getContext('2d'); c.fillStyle = '#36c'; c.fillRect(0, 0, 300, 300); c.fillStyle = '#fc0'; c.fillRect(100, 100, 100, 100); }, 1500);\n",
  ),
};

/** The same refusal in a game that then never draws: it stopped the game, and is named as the cause. */
const ORIENTATION_LOCK_STOPS: Record<string, Buffer> = {
  'index.html': ORIENTATION_LOCK['index.html']!,
  'c2runtime.js': Buffer.from("screen.orientation.lock('landscape').then(function () { document.title = 'locked'; });\n"),
};

/** A game whose first frame is its loading screen, waiting for pictures its build lacks (a .gitignore left data/ out): a player never gets further. */
const LOADER_MISSING: Record<string, Buffer> = {
  'index.html': Buffer.from(
    '<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">' +
      '<canvas id="screen" width="300" height="300"></canvas><script src="loader.js"></script>',
  ),
  'loader.js': Buffer.from(
    "var c = document.getElementById('screen').getContext('2d'); c.fillStyle = '#222'; c.fillRect(0, 0, 300, 300); c.fillStyle = '#fc0'; c.fillRect(20, 140, 60, 20);\n" +
      "['data/img/bg.png', 'data/img/player.png'].forEach(function (src) { var image = new Image(); image.onerror = function () { console.error('could not load ' + src); }; image.src = src; });\n",
  ),
};

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript',
  wasm: 'application/wasm',
  css: 'text/css',
  png: 'image/png',
  gz: 'application/gzip',
  json: 'application/json',
};

const LOOK_ALIKES: Record<string, Record<string, Buffer>> = { 'orientation-lock': ORIENTATION_LOCK, 'orientation-lock-stops': ORIENTATION_LOCK_STOPS, 'loader-missing': LOADER_MISSING };
const filesOf = (name: string) => LOOK_ALIKES[name] ?? realBuildFiles(name);

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const name = (request.headers.host ?? '').split('.')[0]!;
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(1) || 'index.html';
    const body = filesOf(name)[path];
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.split('.').pop()!] ?? 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function check(name: string): Promise<BuildChecks> {
  const files = Object.entries(filesOf(name)).map(([path, bytes]) => ({ path, size: bytes.length }));
  return checkBuild({ url: `http://${name}.localhost:${port}/`, files, chromiumPath: chromium ?? undefined });
}

function item(result: BuildChecks, id: BuildCheckId) {
  return result.items.find((found) => found.id === id)!;
}

describe('the corpus of real builds', () => {
  it.each(REAL_BUILDS.map((build) => [build.name, build] as const))('%s: its engine is named from its files', (name, build) => {
    const files = Object.entries(realBuildFiles(name)).map(([path, bytes]) => ({ path, size: bytes.length }));
    const html = realBuildFiles(name)['index.html']!.toString('utf8');
    const engine = recogniseEngine({ files, html, globals: {} });
    // A bundled engine is named only by the page's globals once it runs (below, in Chromium).
    if (build.engine === null || build.engineFromGlobals) expect(engine).toBeNull();
    else expect(typeof engine?.name === 'object' ? engine.name.in('en') : engine?.name).toBe(build.engine);
  });

  it.each(REAL_BUILDS.map((build) => [build.name] as const))('%s: is not taken for a threaded export', async (name) => {
    const files = Object.keys(realBuildFiles(name)).map((path) => ({ path, tempPath: join(realBuildFolder(name), path) }));
    expect(await threadsEvidenceOf(files)).toBeNull();
  });
});

/**
 * Started, with nothing against it but the time it took: these builds start within the 10 s of a
 * pass on a quiet machine, but they are checked side by side, and on a loaded one (a CI run, 14.9 s)
 * the same start is a warning for its time alone. Any other cause of a warning is named in `measured`.
 */
function expectStartedInTime(starts: ReturnType<typeof item>): void {
  expect(starts.verdict, JSON.stringify(starts)).not.toBe('fail');
  expect(starts.measured, JSON.stringify(starts)).toMatch(/^\d+\.\d s to first frame( \(the game does not call gameplayStart\))?$/);
}

describe.skipIf(!chromium)('starts judged as a player sees them', () => {
  let godot: Promise<BuildChecks>;
  let orientation: Promise<BuildChecks>;
  let stopped: Promise<BuildChecks>;
  let tic80: Promise<BuildChecks>;
  let unityNotice: Promise<BuildChecks>;
  let loaderMissing: Promise<BuildChecks>;
  const bundled = new Map<string, Promise<BuildChecks>>();
  beforeAll(() => {
    // The Godot build inflates 6 MB in JavaScript and compiles it, and Unity 2019 decompresses its
    // .unityweb files in JavaScript: each alone, so its start is its own (beside the others, Unity
    // 2019 drew nothing within the 20 s limit here; alone it starts in 6 s). Then the rest two at a
    // time, each lane a drawing build first and one that waits out the limit last: six Chromiums at
    // once, beside the suite's other files, left a Phaser 2 build undrawn for 20 s in CI.
    godot = check('godot3-pako');
    unityNotice = godot.then(() => check('unity2019-pingpong'));
    const lanes = [unityNotice, unityNotice];
    const inLane = (lane: number, name: string) => {
      const done = lanes[lane]!.then(() => check(name));
      lanes[lane] = done.catch(() => undefined as never);
      return done;
    };
    tic80 = inLane(0, 'tic80-amethyst-waters');
    REAL_BUILDS.filter((found) => found.engineFromGlobals).forEach((build, at) => bundled.set(build.name, inLane(at % 2 === 0 ? 1 : 0, build.name)));
    orientation = inLane(1, 'orientation-lock');
    stopped = inLane(0, 'orientation-lock-stops');
    loaderMissing = inLane(1, 'loader-missing');
  });

  it('starts a Godot 3 build that inflates its own .gz files, served as stored, and names it', async () => {
    const result = await godot;
    // It draws: inflating 6 MB in JavaScript and compiling it takes a loaded machine past the 10 s
    // of a pass (21 s once beside seven other engineers' tests), so the verdict is the machine's.
    expect(item(result, 'starts').measured, JSON.stringify(item(result, 'starts'))).toMatch(/^\d+\.\d s to first frame/);
    // Named by the version it printed as it started.
    expect(item(result, 'engine').measured).toBe('Godot 3.2.3, recognised by index.pck.gz (gzip-compressed, inflated in the page)');
  }, 90_000);

  it('starts a game that leaves a rejection unhandled before it draws, and lists the rejection with its file and line', async () => {
    const result = await orientation;
    expectStartedInTime(item(result, 'starts'));
    expect(item(result, 'console-errors').verdict).toBe('warn');
    expect(item(result, 'console-errors').details).toContain('NotSupportedError: screen.orientation.lock() is not available on this device.');
    expect(item(result, 'engine').measured).toMatch(/^Construct 2/);
  }, 150_000);

  it('fails a game that never draws after such a rejection, naming it as the cause', async () => {
    const result = await stopped;
    expect(item(result, 'starts').verdict).toBe('fail');
    expect(item(result, 'starts').measured).toMatch(
      /^an uncaught error before anything was drawn: Unhandled promise rejection: NotSupportedError: screen\.orientation\.lock\(\) is not available on this device\.[^;]*; nothing was drawn on the canvas #c2canvas \(300 × 300 px\) within 20 s$/,
    );
  }, 150_000);

  it('warns about a game that drew its loading screen but asked for files its build lacks, naming them', async () => {
    const result = await loaderMissing;
    expect(item(result, 'starts'), JSON.stringify(item(result, 'starts'))).toMatchObject({ verdict: 'warn', details: ['data/img/bg.png', 'data/img/player.png'] });
    expect(item(result, 'starts').measured).toMatch(/^\d+\.\d s to first frame \(the game does not call gameplayStart\); 2 files it asked for are not in the build: data\/img\/bg\.png, data\/img\/player\.png$/);
  }, 150_000);

  it.each(REAL_BUILDS.filter((build) => build.engineFromGlobals).map((build) => [build.name, build] as const))(
    '%s: starts, and its bundled engine is named by the globals its page defines',
    async (name, build) => {
      const result = await bundled.get(name)!;
      expectStartedInTime(item(result, 'starts'));
      expect(item(result, 'engine').measured).toMatch(new RegExp(`^${build.engine} [\\d.]+, recognised by its ${build.engine} global$`));
    },
    150_000,
  );

  // A page that waits for the player is tapped as a player does, and the game starts: TIC-80's
  // "click to play", and Unity 2019's "not currently supported on mobiles. Press OK" on a phone,
  // named by the version its engine printed.
  it.each([
    ['TIC-80’s “click to play”', () => tic80, 'TIC-80, recognised by tic80.wasm'],
    ['Unity 2019’s phone notice, pressed OK', () => unityNotice, 'Unity 2019.1.7f1, recognised by Build/UnityLoader.js (compressed, with a decompression fallback)'],
  ] as const)('taps a page that waits for the player (%s) and sees the game start', async (_page, checked, engine) => {
    const result = await checked();
    expect(item(result, 'starts').verdict, JSON.stringify(item(result, 'starts'))).not.toBe('fail');
    expect(item(result, 'starts').measured).toMatch(/^\d+\.\d s to first frame after a tap to play/);
    expect(item(result, 'engine').measured).toBe(engine);
  }, 150_000);
});
