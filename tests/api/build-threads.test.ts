/**
 * Builds that need threads (issue #47): the upload's scan marks a threaded export DETECTED, the
 * developer ticks or unticks it (/api/dev and /api/v1), and once such a build is live its game's
 * host and its game page are cross-origin isolated (the game page's headers: web/isolated-pages.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesOrigin } from '../../server/games-origin';
import { BuildServer } from '../../server/http/build-files';
import { IsolatedPages } from '../../server/web/isolated-pages';
import { gameOriginOf } from '../../shared/urls';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { zipOf } from '../support/zips';

// The runtime Debian's emcc writes for -pthread (excerpt): a threaded export.
const PTHREAD_JS =
  'var ENVIRONMENT_IS_PTHREAD=Module["ENVIRONMENT_IS_PTHREAD"]||false;var PThread={unusedWorkers:[],init:function(){}};' +
  'if(!(wasmMemory.buffer instanceof SharedArrayBuffer))abort("requested a shared WebAssembly.Memory");';
const THREADED = { 'index.html': '<!doctype html><canvas></canvas><script src="index.js"></script>', 'index.js': PTHREAD_JS, 'thumb.png': Buffer.alloc(100, 1) };
const SINGLE = { 'index.html': '<!doctype html><canvas></canvas><script src="game.js"></script>', 'game.js': 'requestAnimationFrame(() => {});', 'thumb.png': Buffer.alloc(100, 2) };

describe(`builds that need threads (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let key: string;
  let developer: string;
  let gameId: number;
  let slug: string;

  const upload = async (files: Record<string, string | Buffer>) => {
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/builds`, headers: { 'content-type': 'application/zip', authorization: `Bearer ${key}` }, payload: await zipOf(files) });
    if (answer.statusCode !== 201) throw new Error(`upload failed: ${answer.body}`);
    return answer.json<{ id: number; threads: string | null }>();
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-build-threads-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder' });
    developer = await signIn(t.app, 'threads@example.com');
    key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: developer })).body.key;
    const submitted = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/v1/games', {
      token: key,
      body: { title: 'Thread Runner', description: 'Runs on many threads at once, as a Godot export would.', game_url: 'https://thread-runner.example.com/', thumbnail: 'https://thread-runner.example.com/thumb.png', category: 'action', age_rating: 'E7' },
    });
    if (submitted.status !== 201) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
    ({ id: gameId, slug } = submitted.body);
    const admin = await signIn(t.app, ADMIN_EMAIL);
    const approved = await call(t.app, 'POST', `/api/admin/games/${gameId}/approve`, { token: admin });
    if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are found at upload: a threaded export is DETECTED, another is not', async () => {
    expect((await upload(THREADED)).threads).toBe('DETECTED');
    expect((await upload(SINGLE)).threads).toBeNull();
  });

  it('are ticked and unticked by the developer, through /api/v1 and /api/dev', async () => {
    const { id } = await upload(SINGLE);
    const ticked = await call<{ threads: string | null }>(t.app, 'POST', `/api/v1/games/${gameId}/builds/${id}/threads`, { token: key, body: { threads: true } });
    expect(ticked.status).toBe(200);
    expect(ticked.body.threads).toBe('DEVELOPER');
    const unticked = await call<{ threads: string | null }>(t.app, 'POST', `/api/dev/games/${gameId}/builds/${id}/threads`, { token: developer, body: { threads: false } });
    expect(unticked.status).toBe(200);
    expect(unticked.body.threads).toBeNull();
    expect((await call<{ threads: string | null }>(t.app, 'GET', `/api/v1/games/${gameId}/builds/${id}`, { token: key })).body.threads).toBeNull();
    // Not a boolean: 400 naming the field; another's game: 404.
    const bad = await call<{ message: string }>(t.app, 'POST', `/api/v1/games/${gameId}/builds/${id}/threads`, { token: key, body: { threads: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/threads/);
    const stranger = await signIn(t.app, 'stranger@example.com');
    expect((await call(t.app, 'POST', `/api/dev/games/${gameId}/builds/${id}/threads`, { token: stranger, body: { threads: true } })).status).toBe(404);
  });

  it('once live, isolate the game’s host and its game page, and no other', async () => {
    const { id } = await upload(THREADED);
    await t.services.buildChecks.idle();
    const admin = await signIn(t.app, ADMIN_EMAIL);
    expect((await call(t.app, 'POST', `/api/v1/games/${gameId}/builds/${id}/submit`, { token: key })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/admin/builds/${id}/approve`, { token: admin })).status).toBe(200);
    const origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    try {
      const page = await origin.inject({ method: 'GET', url: '/', headers: { host: new URL(gameOriginOf(t.env.GAMES_PUBLIC_URL, slug)).host } });
      expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await origin.close();
    }
    const detail = await call<{ build: { threads: boolean } }>(t.app, 'GET', `/api/games/${slug}`);
    expect(detail.body.build.threads).toBe(true);
    const pages = new IsolatedPages(t.db.orm);
    expect(await pages.isIsolated(`/games/${slug}`)).toBe(true);
    expect(await pages.isIsolated(`/games/${slug}?isolated=1`)).toBe(true);
    expect(await pages.isIsolated(`/kids/play/${slug}`)).toBe(true);
    expect(await pages.isIsolated('/games/another-game')).toBe(false);
    expect(await pages.isIsolated('/')).toBe(false);
    expect(await pages.isIsolated(`/games/${slug}/reviews`)).toBe(false);
  });
});
