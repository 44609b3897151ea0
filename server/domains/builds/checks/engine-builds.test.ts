/**
 * The checks on engine exports in real Chromium (issue #47): the fixtures of
 * tests/fixtures/engine-builds served as a host must serve them (a stored .br or .gz with its
 * Content-Encoding and the type of the file inside, cross-origin isolated for threaded builds),
 * each on its own `<host>.localhost`. A host name `<build>--plain` serves the same build as a
 * misconfigured host would: compressed files as opaque bytes and no isolation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildCheckId, BuildChecks } from '../../../../shared/schemas/builds';
import { type EngineBuild, engineBuildFiles, THREADED_ENGINE_BUILDS } from '../../../../tests/support/engine-builds';
import { checkBuild, findChromium } from './index';

const chromium = findChromium(process.env.CHROMIUM_PATH);

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript',
  wasm: 'application/wasm',
  css: 'text/css',
  data: 'application/octet-stream',
  pck: 'application/octet-stream',
};

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [build = '', plain] = (request.headers.host ?? '').split('.')[0]!.split('--');
    let path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(1) || 'index.html';
    let body: Buffer | undefined;
    try {
      body = engineBuildFiles(build as EngineBuild)[path];
    } catch {
      body = undefined;
    }
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = { 'cache-control': 'no-cache' };
    const encoding = /\.(br|gz)$/.exec(path)?.[1];
    if (encoding && !plain) {
      headers['content-encoding'] = encoding === 'br' ? 'br' : 'gzip';
      path = path.slice(0, -3);
    }
    headers['content-type'] = (encoding && plain ? undefined : TYPES[path.split('.').pop()!]) ?? 'application/octet-stream';
    if (!plain && THREADED_ENGINE_BUILDS.includes(build as EngineBuild)) {
      headers['cross-origin-opener-policy'] = 'same-origin';
      headers['cross-origin-embedder-policy'] = 'require-corp';
    }
    response.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function check(build: EngineBuild, plain = false): Promise<BuildChecks> {
  const files = Object.entries(engineBuildFiles(build)).map(([path, bytes]) => ({ path, size: bytes.length }));
  return checkBuild({ url: `http://${build}${plain ? '--plain' : ''}.localhost:${port}/`, files, chromiumPath: chromium ?? undefined });
}

function item(result: BuildChecks, id: BuildCheckId) {
  return result.items.find((found) => found.id === id)!;
}

describe.skipIf(!chromium)('engine exports in Chromium', () => {
  // Started at once, judged later: both wait out the whole start limit (20 s), side by side.
  let blank: Promise<BuildChecks>;
  let godotNotIsolated: Promise<BuildChecks>;
  let throws: Promise<BuildChecks>;
  let unityPlain: Promise<BuildChecks>;
  beforeAll(() => {
    blank = check('broken-blank');
    godotNotIsolated = check('godot-threads', true);
    // An uncaught error fails the start only once nothing was drawn by the limit: these wait it out too.
    throws = check('broken-throws');
    unityPlain = check('unity-br', true);
  });

  it.each([
    ['emscripten', /^Emscripten, recognised by index\.js$/],
    ['emscripten-threads', /^Emscripten, built with -pthread, recognised by index\.js \(threaded export: needs SharedArrayBuffer\)$/],
    ['unity-br', /^Unity 2020\.3 or later, recognised by Build\/Fixture\.loader\.js \(brotli-compressed\)$/],
    ['unity-gz', /^Unity 2020\.3 or later, recognised by Build\/Fixture\.loader\.js \(gzip-compressed\)$/],
    ['godot-threads', /^Godot 4, recognised by index\.html’s GODOT_CONFIG \(threaded export: needs SharedArrayBuffer\)$/],
    ['phaser', /^Phaser 3\.90\.0, recognised by phaser\.min\.js$/],
  ] as const)('%s starts with a drawn frame and its engine is named', async (build, engine) => {
    const result = await check(build);
    expect(item(result, 'starts'), JSON.stringify(result.items, null, 1)).toMatchObject({ verdict: 'pass' });
    expect(item(result, 'starts').measured).toMatch(/^\d+\.\d s to first frame/);
    expect(item(result, 'engine').verdict).toBe('pass');
    expect(item(result, 'engine').measured).toMatch(engine);
    expect(item(result, 'engine').details.at(-1)).toContain('at most 50 MB before the game starts');
    expect(result.checksVersion).toBe(2);
    expect(result.verdict).not.toBe('fail');
  }, 60_000);

  it('fails a Unity build whose wasm is missing, naming the file', async () => {
    const result = await check('unity-missing-wasm');
    expect(result.verdict).toBe('fail');
    expect(item(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'Build/Fixture.wasm.br could not be loaded (404 Not Found)' });
  }, 60_000);

  it('fails a script that throws before anything is drawn, naming the error, file and line', async () => {
    const result = await throws;
    expect(item(result, 'starts').verdict).toBe('fail');
    expect(item(result, 'starts').measured).toMatch(/^an uncaught error before anything was drawn: ReferenceError: LEVELS is not defined \(game\.js, line 2\); nothing was drawn .*within 20 s$/);
  }, 60_000);

  it('fails a Unity build its host serves without Content-Encoding: the framework cannot be parsed', async () => {
    const result = await unityPlain;
    expect(item(result, 'starts').verdict).toBe('fail');
    expect(item(result, 'starts').measured).toMatch(/^an uncaught error before anything was drawn: SyntaxError: .* \(Build\/Fixture\.framework\.js\.br, line 1\); nothing was drawn/);
  }, 60_000);

  it('fails a threaded Godot build that is not cross-origin isolated, and says what it needs', async () => {
    const result = await godotNotIsolated;
    expect(item(result, 'starts').verdict).toBe('fail');
    expect(item(result, 'starts').measured).toMatch(/^nothing was drawn on the canvas #canvas \(300 × 150 px\) within 20 s; the last console error: .*Cross Origin Isolation/);
    expect(item(result, 'starts').advice).toContain('mark the build as needing threads');
    expect(item(result, 'engine')).toMatchObject({ verdict: 'warn' });
    expect(item(result, 'engine').advice).toContain('was not cross-origin isolated');
  }, 60_000);

  it('fails a canvas that stays blank behind a moving loading bar', async () => {
    const result = await blank;
    expect(item(result, 'starts')).toMatchObject({ verdict: 'fail' });
    expect(item(result, 'starts').measured).toMatch(/^nothing was drawn on the canvas #game \(320 × 480 px\) within 20 s; the page shows: Loading…$/);
    expect(result.offline).toBe(false);
  }, 60_000);
});
