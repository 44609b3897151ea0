/**
 * How the games origin serves engines' exports (issue #47): files stored pre-compressed (Unity's
 * `Build/game.wasm.br`, `.data.gz`, `.framework.js.br`) go out as stored with their encoding and
 * the type of the file inside, decoded only for a client that does not take that encoding; Unity's
 * `.unityweb` as it is; a build that needs threads is cross-origin isolated on its host, and only
 * there. Builds are recorded straight in the database, as in build-origins.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesOrigin } from '../../server/games-origin';
import { BuildServer, type OfflineList } from '../../server/http/build-files';
import type { BuildChecks } from '../../shared/schemas/builds';
import { gameOriginOf, previewOriginOf } from '../../shared/urls';
import { ADMIN_EMAIL, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { seedLiveBuild, sha256 } from '../support/live-build';

const GAMES_PUBLIC_URL = 'https://games.example.org';
const gameHost = (slug: string) => new URL(gameOriginOf(GAMES_PUBLIC_URL, slug)).host;
const previewHost = (token: string) => new URL(previewOriginOf(GAMES_PUBLIC_URL, token)).host;

// A wasm module's first bytes, then filler: what matters is that the bytes come back as stored.
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), randomBytes(20_000), Buffer.from('wasm body '.repeat(5_000))]);
const FRAMEWORK = Buffer.from(`var unityFramework = function () { return 1; };\n${'// framework\n'.repeat(3_000)}`);
const DATA = randomBytes(40_000);
const UNITY_BR = {
  'index.html': Buffer.from('<!doctype html><title>Unity</title><script>createUnityInstance(canvas, config)</script>'),
  'Build/game.wasm.br': brotliCompressSync(WASM),
  'Build/game.framework.js.br': brotliCompressSync(FRAMEWORK),
  'Build/game.data.gz': gzipSync(DATA),
  'Build/game.loader.js': Buffer.from('function createUnityInstance() {}'),
  'Build/legacy.unityweb': gzipSync(DATA),
  // A game's own archive, which it unpacks itself: not an encoding.
  'levels.tar.gz': gzipSync(Buffer.from('levels')),
};
const CHECKS: BuildChecks = { verdict: 'pass', seconds: 2, browser: true, offline: true, loaded: ['/', 'Build/game.wasm.br', 'Build/game.framework.js.br', 'Build/game.data.gz', 'Build/game.loader.js'], items: [] };

describe(`engines' exports on the games origin (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let origin: FastifyInstance;
  let unity: { id: number; slug: string };
  let threaded: { id: number; slug: string };
  let threadedToken: string;

  async function seedBuild(gameId: number, files: Record<string, Buffer>, threads: 'DEVELOPER' | 'DETECTED' | null): Promise<{ id: number; token: string }> {
    return seedLiveBuild(t, dataDir, gameId, files, { checks: JSON.stringify(CHECKS), threads });
  }


  const get = (host: string, url: string, headers: Record<string, string> = {}) => origin.inject({ method: 'GET', url, headers: { host, ...headers } });
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-engine-serving-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder', GAMES_PUBLIC_URL });
    const developer = await signIn(t.app, 'engines@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    unity = await publishGame(t.app, developer, admin, 'Unity Export');
    threaded = await publishGame(t.app, developer, admin, 'Godot Threads');
    await seedBuild(unity.id, UNITY_BR, null);
    threadedToken = (await seedBuild(threaded.id, { 'index.html': Buffer.from('<!doctype html><script>new SharedArrayBuffer(8)</script>'), 'game.worker.js': Buffer.from('onmessage = () => {};'), 'game.wasm.br': brotliCompressSync(WASM) }, 'DETECTED')).token;
    origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
  });
  afterAll(async () => {
    await origin?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('pre-compressed files', () => {
    it('go out as stored, with their encoding and the type of the file inside', async () => {
      const cases = [
        { path: '/Build/game.wasm.br', type: 'application/wasm', encoding: 'br' },
        { path: '/Build/game.framework.js.br', type: 'text/javascript; charset=utf-8', encoding: 'br' },
        { path: '/Build/game.data.gz', type: 'application/octet-stream', encoding: 'gzip' },
      ] as const;
      for (const { path, type, encoding } of cases) {
        const answer = await get(gameHost(unity.slug), path, BROWSER);
        const stored = UNITY_BR[path.slice(1) as keyof typeof UNITY_BR];
        expect(answer.statusCode, path).toBe(200);
        expect(answer.headers['content-type'], path).toBe(type);
        expect(answer.headers['content-encoding'], path).toBe(encoding);
        expect(answer.headers['vary'], path).toBe('Accept-Encoding');
        // Never compressed again: the very bytes stored, and their length.
        expect(answer.rawPayload.equals(stored), path).toBe(true);
        expect(Number(answer.headers['content-length']), path).toBe(stored.length);
        expect(answer.headers.etag, path).toBe(`"${sha256(stored)}"`);
      }
    });

    it('are decoded, streamed, for a client that does not take their encoding, under another ETag', async () => {
      const gzipOnly = await get(gameHost(unity.slug), '/Build/game.wasm.br', { 'accept-encoding': 'gzip' });
      expect(gzipOnly.statusCode).toBe(200);
      expect(gzipOnly.headers['content-type']).toBe('application/wasm');
      expect(gzipOnly.headers['content-encoding']).toBeUndefined();
      expect(gzipOnly.rawPayload.equals(WASM)).toBe(true);
      const stored = UNITY_BR['Build/game.wasm.br'];
      expect(gzipOnly.headers.etag).not.toBe(`"${sha256(stored)}"`);
      expect(gzipOnly.headers.etag).toBe(`"${sha256(stored)}.decoded"`);
      const none = await get(gameHost(unity.slug), '/Build/game.data.gz');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.rawPayload.equals(DATA)).toBe(true);
      // Each representation revalidates under its own tag.
      expect((await get(gameHost(unity.slug), '/Build/game.wasm.br', { 'accept-encoding': 'gzip', 'if-none-match': gzipOnly.headers.etag as string })).statusCode).toBe(304);
      expect((await get(gameHost(unity.slug), '/Build/game.wasm.br', { ...BROWSER, 'if-none-match': gzipOnly.headers.etag as string })).statusCode).toBe(200);
    });

    it('answer ranges of the stored bytes, and HEAD with their length', async () => {
      const stored = UNITY_BR['Build/game.wasm.br'];
      const part = await get(gameHost(unity.slug), '/Build/game.wasm.br', { ...BROWSER, range: 'bytes=10-99' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-99/${stored.length}`);
      expect(part.headers['content-encoding']).toBe('br');
      expect(part.rawPayload.equals(stored.subarray(10, 100))).toBe(true);
      expect((await get(gameHost(unity.slug), '/Build/game.wasm.br', { ...BROWSER, range: `bytes=${stored.length}-` })).statusCode).toBe(416);
      const head = await origin.inject({ method: 'HEAD', url: '/Build/game.wasm.br', headers: { host: gameHost(unity.slug), ...BROWSER } });
      expect(head.headers['content-length']).toBe(String(stored.length));
      expect(head.headers['content-encoding']).toBe('br');
    });

    it('leave Unity’s .unityweb and a game’s own .tar.gz as they are', async () => {
      const unityweb = await get(gameHost(unity.slug), '/Build/legacy.unityweb', BROWSER);
      expect(unityweb.headers['content-encoding']).toBeUndefined();
      expect(unityweb.headers['content-type']).toBe('application/vnd.unity');
      expect(unityweb.rawPayload.equals(UNITY_BR['Build/legacy.unityweb'])).toBe(true);
      const archive = await get(gameHost(unity.slug), '/levels.tar.gz', BROWSER);
      expect(archive.headers['content-encoding']).toBeUndefined();
      expect(archive.headers['content-type']).toBe('application/gzip');
      expect(archive.rawPayload.equals(UNITY_BR['levels.tar.gz'])).toBe(true);
    });

    it('are kept for offline play under the hash the worker checks', async () => {
      const list = JSON.parse((await get(gameHost(unity.slug), '/__playfree/offline.json')).body) as OfflineList;
      const wasm = list.files.find((file) => file.path === 'Build/game.wasm.br');
      expect(wasm).toEqual({ path: 'Build/game.wasm.br', hash: sha256(UNITY_BR['Build/game.wasm.br']), size: UNITY_BR['Build/game.wasm.br'].length });
      // The worker fetches it like the game, and keeps it when the ETag is the listed hash (games/offline/builds/sw.js).
      expect((await get(gameHost(unity.slug), `/${wasm!.path}`, BROWSER)).headers.etag).toBe(`"${wasm!.hash}"`);
    });
  });

  describe('a build that needs threads', () => {
    it('is cross-origin isolated on its host: its pages, its workers’ scripts and its other answers', async () => {
      for (const path of ['/', '/game.worker.js', '/game.wasm.br', '/missing.js']) {
        const answer = await get(gameHost(threaded.slug), path, BROWSER);
        expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
        expect(answer.headers['cross-origin-embedder-policy'], path).toBe('require-corp');
        // Framed by an isolated portal page: its answers must allow being embedded from there.
        expect(answer.headers['cross-origin-resource-policy'], path).toBe('cross-origin');
      }
      expect((await get(gameHost(threaded.slug), '/game.wasm.br', BROWSER)).headers['content-type']).toBe('application/wasm');
      expect((await get(previewHost(threadedToken), '/')).headers['cross-origin-embedder-policy']).toBe('require-corp');
    });

    it('is the only one: other games, the SDK and thumbnails are not isolated', async () => {
      for (const [host, path] of [
        [gameHost(unity.slug), '/'],
        [gameHost(unity.slug), '/Build/game.wasm.br'],
        [gameHost(threaded.slug), '/__playfree/sdk.js'],
        [new URL(GAMES_PUBLIC_URL).host, `/thumbs/${threaded.slug}`],
      ] as const) {
        const answer = await get(host, path, BROWSER);
        expect(answer.headers['cross-origin-embedder-policy'], `${host}${path}`).toBeUndefined();
        expect(answer.headers['cross-origin-opener-policy'], `${host}${path}`).toBeUndefined();
      }
    });
  });
});
