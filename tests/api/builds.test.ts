/**
 * Uploaded builds (issue #24): POST /api/v1/games/{id}/builds stores a zip's files once each by
 * content, in either build storage, and the games origin serves a game's live build from a host
 * name of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServer } from '../../server/http/build-files';
import { gameOriginOf, slugOfHost } from '../../shared/urls';
import { buildGamesOrigin } from '../../server/games-origin';
import { v1BuildOutput } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { multipartOf, zipOf } from '../support/zips';

const GAME_JS = `document.body.dataset.ready = 'yes';\n${'// the game\n'.repeat(200)}`;
const BUILD = {
  'index.html': '<!doctype html><title>Rock Hopper</title><script src="game-3f9a1c2b.js"></script>',
  'game-3f9a1c2b.js': GAME_JS,
  'assets/music.ogg': Buffer.alloc(5000, 7),
};

describe.each(['folder', 'postgres'] as const)(`uploaded builds, %s storage (${engineName})`, (storage) => {
  let t: TestApp;
  let dataDir: string;
  let aliceKey: string;
  let bobKey: string;
  let gameId: number;
  let slug: string;
  let gamesOrigin: FastifyInstance;
  let buildId: number;

  const upload = (id: number, key: string | undefined, zip: Buffer, contentType = 'application/zip') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/games/${id}/builds`,
      headers: { 'content-type': contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload: zip,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-builds-test-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: storage });
    const alice = await signIn(t.app, 'alice@example.com');
    const bob = await signIn(t.app, 'bob@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    aliceKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: alice })).body.key;
    bobKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: bob })).body.key;
    const submitted = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/v1/games', {
      token: aliceKey,
      body: {
        title: `Rock Hopper ${storage}`,
        description: 'Hop from rock to rock across the river without getting wet.',
        game_url: `https://rock-hopper-${storage}.studio.example.com/`,
        thumbnail: `https://rock-hopper-${storage}.studio.example.com/thumb.png`,
        category: 'action',
        age_rating: 'E7',
      },
    });
    if (submitted.status !== 201) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
    ({ id: gameId, slug } = submitted.body);
    const approved = await call(t.app, 'POST', `/api/admin/games/${gameId}/approve`, { token: admin });
    if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
    gamesOrigin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
  });
  afterAll(async () => {
    await gamesOrigin?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a zip sent as the body, and a new version stores only the files that changed', async () => {
    const first = await upload(gameId, aliceKey, await zipOf(BUILD));
    expect(first.statusCode, first.body).toBe(201);
    const build = v1BuildOutput.strict().parse(first.json());
    expect(build).toMatchObject({ game_id: gameId, version: 1, status: 'CHECKING', live: false, checks: null, file_count: 3, new_files: 3 });
    buildId = build.id;
    expect(build.total_bytes).toBe(BUILD['index.html'].length + GAME_JS.length + 5000);

    const same = (await upload(gameId, aliceKey, await zipOf(BUILD))).json();
    expect(same).toMatchObject({ version: 2, file_count: 3, new_files: 0, new_bytes: 0 });

    const changed = (await upload(gameId, aliceKey, await zipOf({ ...BUILD, 'index.html': `${BUILD['index.html']}<!-- v3 -->` }))).json();
    expect(changed).toMatchObject({ version: 3, new_files: 1, new_bytes: BUILD['index.html'].length + 11 });
  });

  it('takes the zip as a multipart/form-data file, as a browser form sends it', async () => {
    const { payload, contentType } = multipartOf('build', 'rock-hopper.zip', await zipOf({ ...BUILD, 'extra.txt': 'hello' }));
    const response = await upload(gameId, aliceKey, payload, contentType);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ file_count: 4, new_files: 1 });
  });

  it('refuses what is not a build with a message naming the field, and other developers’ games as not found', async () => {
    const notZip = await upload(gameId, aliceKey, Buffer.from('this is not a zip file at all'));
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toMatch(/^build: /);
    const noIndex = await upload(gameId, aliceKey, await zipOf({ 'game.js': GAME_JS }));
    expect(noIndex.statusCode).toBe(400);
    expect(noIndex.json().message).toMatch(/index\.html/);
    const empty = await upload(gameId, aliceKey, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^file: /);
    const json = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/builds`, headers: { authorization: `Bearer ${aliceKey}` }, payload: { file: '/etc/passwd' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/^file: /);
    expect((await upload(gameId, bobKey, await zipOf(BUILD))).statusCode).toBe(404);
    expect((await upload(999_999, aliceKey, await zipOf(BUILD))).statusCode).toBe(404);
    expect((await upload(gameId, undefined, await zipOf(BUILD))).statusCode).toBe(401);
  });

  const host = () => new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)).host;

  describe('served on the game’s own origin', () => {
    const get = (path: string, headers: Record<string, string> = {}) => gamesOrigin.inject({ method: 'GET', url: path, headers: { host: host(), ...headers } });

    beforeAll(async () => {
      // The first build, checked, submitted and approved, goes live.
      await t.services.buildChecks.idle();
      const submitted = await call(t.app, 'POST', `/api/v1/games/${gameId}/builds/${buildId}/submit`, { token: aliceKey });
      if (submitted.status !== 200) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
      const admin = await signIn(t.app, ADMIN_EMAIL);
      const approved = await call(t.app, 'POST', `/api/admin/builds/${buildId}/approve`, { token: admin });
      if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
    });

    it('is played from its own origin once approved, which the portal may frame', async () => {
      const game = await call<{ srcUrl: string }>(t.app, 'GET', `/api/games/${slug}`);
      expect(game.body.srcUrl).toBe(`${gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)}/`);
      await t.services.frameOrigins.refresh(t.db.orm.em.fork());
      expect(t.services.frameOrigins.list()).toContain(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug));
    });

    it('names each game by a host of its own under the games origin', () => {
      expect(gameOriginOf('http://localhost:3001', 'rock-hopper')).toBe('http://rock-hopper.localhost:3001');
      expect(gameOriginOf('https://games.example.org', 'rock-hopper')).toBe('https://rock-hopper.games.example.org');
      expect(slugOfHost('rock-hopper.localhost:3001', 'http://localhost:3001')).toBe('rock-hopper');
      expect(slugOfHost('localhost:3001', 'http://localhost:3001')).toBeNull();
      expect(slugOfHost('a.b.localhost:3001', 'http://localhost:3001')).toBeNull();
      expect(slugOfHost('evil.example.com', 'http://localhost:3001')).toBeNull();
    });

    it('serves index.html at / with its type, a strict CSP, no cookies and revalidation by content hash', async () => {
      const page = await get('/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(BUILD['index.html']);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toMatch(/default-src 'none'.*connect-src 'self'/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['set-cookie']).toBeUndefined();
      const again = await get('/index.html', { 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it('compresses scripts, caches hashed names for good, and answers ranges of media', async () => {
      const script = await get('/game-3f9a1c2b.js', { 'accept-encoding': 'br, gzip' });
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(script.rawPayload).toString()).toBe(GAME_JS);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Compressed once and kept: the next request gets the same bytes, with their length.
      const again = await get('/game-3f9a1c2b.js', { 'accept-encoding': 'br' });
      expect(again.rawPayload).toEqual(script.rawPayload);
      expect(Number(again.headers['content-length'])).toBe(script.rawPayload.length);
      const gzipped = await get('/game-3f9a1c2b.js', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(GAME_JS);
      const plain = await get('/game-3f9a1c2b.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(GAME_JS);
      // A name without a content hash may hold other bytes in the next build: asked again on every load (issue #38, point 8).
      expect((await get('/assets/music.ogg')).headers['cache-control']).toBe('no-cache');
      const part = await get('/assets/music.ogg', { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/5000');
      expect(part.rawPayload).toEqual(Buffer.alloc(100, 7));
      expect((await get('/assets/music.ogg', { range: 'bytes=6000-' })).statusCode).toBe(416);
    });

    it('answers 404 for a file the build lacks, a game with no live build and a path out of the build', async () => {
      expect((await get('/missing.js')).statusCode).toBe(404);
      expect((await get('/../../etc/passwd')).statusCode).toBe(404);
      expect((await gamesOrigin.inject({ method: 'GET', url: '/', headers: { host: new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, 'no-such-game')).host } })).statusCode).toBe(404);
      expect((await gamesOrigin.inject({ method: 'POST', url: '/', headers: { host: host() } })).statusCode).toBe(405);
    });
  });
});
