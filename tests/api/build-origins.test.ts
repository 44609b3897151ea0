/**
 * The origins of uploaded builds (issue #24): every build's preview host
 * `build--{token}.<games host>`, the portal's own files under /__playfree/ on every game and preview
 * host (the SDK; the offline helper, worker and list of a game whose live build plays offline),
 * the same host names under localhost:GAMES_PORT for the server's own checks, and the game page's
 * `build`. Builds are recorded here straight in the database (files in the build storage, rows in
 * game_builds), whatever the upload and review flow does with them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesOrigin, gameContentSecurityPolicy } from '../../server/games-origin';
import { BuildServer, type OfflineList } from '../../server/http/build-files';
import { queryOf } from '../../server/db/kysely';
import type { BuildChecks, BuildStatus } from '../../shared/schemas/builds';
import { gameDetailOutput } from '../../shared/schemas';
import { gameHostOf, gameOriginOf, localPreviewUrlOf, previewOriginOf } from '../../shared/urls';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const GAMES_PUBLIC_URL = 'https://games.example.org';
const GAMES_PORT = 4901;
const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');
const gameHost = (slug: string) => new URL(gameOriginOf(GAMES_PUBLIC_URL, slug)).host;
const previewHost = (token: string) => new URL(previewOriginOf(GAMES_PUBLIC_URL, token)).host;

const GAME_JS = `window.started = true;\n${'// the game\n'.repeat(200)}`;
const V1 = {
  'index.html': '<!doctype html><title>Sky Hopper</title><script src="/__playfree/sdk.js"></script><script src="game-3f9a1c2b.js"></script>',
  'game-3f9a1c2b.js': GAME_JS,
  'style.css': 'body { margin: 0 }',
  'assets/a.png': Buffer.alloc(300, 1),
  'assets/later.png': Buffer.alloc(300, 2),
  // Never served: /__playfree/ is the portal's (the archive refuses such files; this one was put in the database by hand).
  '__playfree/sdk.js': 'window.PlayFree = "shadowed";',
};
const OFFLINE_CHECKS: BuildChecks = {
  verdict: 'pass',
  seconds: 3,
  browser: true,
  offline: true,
  // As the checks' browser saw them: with queries, whole addresses, the portal's SDK.
  loaded: ['/', 'game-3f9a1c2b.js', '/assets/a.png?v=1', '__playfree/sdk.js', `${'http://build--x.localhost:4901'}/style.css`, 'missing.js'],
  items: [],
};

describe(`uploaded builds' origins (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let origin: FastifyInstance;
  let sdk: Buffer;
  let game: { id: number; slug: string };
  let other: { id: number; slug: string };
  const builds: Record<string, { id: number; token: string }> = {};

  /** Stores `files` in the build storage and records a build of `gameId` with them; `live` puts it live. */
  async function seedBuild(
    gameId: number,
    version: number,
    files: Record<string, string | Buffer>,
    options: { status: BuildStatus; checks: BuildChecks | null; live?: boolean },
  ): Promise<{ id: number; token: string }> {
    for (const content of Object.values(files)) {
      const path = join(dataDir, `upload-${randomBytes(6).toString('hex')}`);
      await writeFile(path, content);
      await t.services.buildStorage.put(sha256(content), path, Buffer.byteLength(content));
    }
    const token = randomBytes(10).toString('hex');
    const db = queryOf(t.db.orm.em.fork());
    const total = Object.values(files).reduce((sum, content) => sum + Buffer.byteLength(content), 0);
    const { id } = await db
      .insertInto('game_builds')
      .values({
        game_id: gameId,
        version,
        status: options.status,
        file_count: Object.keys(files).length,
        total_bytes: total,
        checks: options.checks === null ? null : JSON.stringify(options.checks),
        preview_token: token,
        created_at: new Date('2026-11-20T10:00:00Z'),
        reviewed_at: options.status === 'APPROVED' ? new Date(`2026-11-2${version}T09:30:00Z`) : null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('game_build_files')
      .values(Object.entries(files).map(([path, content]) => ({ build_id: id, path, hash: sha256(content), size: Buffer.byteLength(content) })) as never)
      .execute();
    if (options.live) await setLive(gameId, id);
    return { id, token };
  }

  async function setLive(gameId: number, buildId: number): Promise<void> {
    const slug = gameId === game.id ? game.slug : other.slug;
    await queryOf(t.db.orm.em.fork())
      .updateTable('games')
      .set({ live_build_id: buildId, src_url: `${gameOriginOf(GAMES_PUBLIC_URL, slug)}/` } as never)
      .where('id', '=', gameId)
      .execute();
    t.services.catalogCache.invalidate();
  }

  /** A games origin that has read nothing yet (the build server keeps a game's live build 5 s). */
  async function freshOrigin(): Promise<FastifyInstance> {
    await origin?.close();
    origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    return origin;
  }

  const get = (host: string, url: string, headers: Record<string, string> = {}) => origin.inject({ method: 'GET', url, headers: { host, ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-build-origins-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder', GAMES_PUBLIC_URL, GAMES_PORT: String(GAMES_PORT) });
    sdk = await readFile(new URL('../../games/sdk/playfree-sdk.js', import.meta.url));
    const developer = await signIn(t.app, 'maker@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    game = await publishGame(t.app, developer, admin, 'Sky Hopper');
    other = await publishGame(t.app, developer, admin, 'Online Only');
    builds.v1 = await seedBuild(game.id, 1, V1, { status: 'APPROVED', checks: OFFLINE_CHECKS, live: true });
    builds.v2 = await seedBuild(game.id, 2, { ...V1, 'index.html': '<!doctype html><title>Sky Hopper 2</title>' }, { status: 'READY', checks: null });
    builds.rejected = await seedBuild(game.id, 3, { 'index.html': 'rejected' }, { status: 'REJECTED', checks: null });
    builds.online = await seedBuild(other.id, 1, { 'index.html': 'online only' }, { status: 'APPROVED', checks: { ...OFFLINE_CHECKS, offline: false }, live: true });
    await freshOrigin();
  });
  afterAll(async () => {
    await origin?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names preview hosts apart from game hosts, here and under localhost:GAMES_PORT', () => {
    expect(previewOriginOf(GAMES_PUBLIC_URL, 'abc123')).toBe('https://build--abc123.games.example.org');
    expect(previewOriginOf('http://localhost:3001', 'abc123')).toBe('http://build--abc123.localhost:3001');
    expect(localPreviewUrlOf(GAMES_PORT, 'abc123')).toBe('http://build--abc123.localhost:4901/');
    expect(gameHostOf('build--abc123.games.example.org', GAMES_PUBLIC_URL)).toEqual({ kind: 'preview', token: 'abc123' });
    expect(gameHostOf('BUILD--ABC123.Games.Example.org:443', GAMES_PUBLIC_URL)).toEqual({ kind: 'preview', token: 'abc123' });
    expect(gameHostOf('sky-hopper.games.example.org', GAMES_PUBLIC_URL)).toEqual({ kind: 'game', slug: 'sky-hopper' });
    // Slugs never hold "--": such a host is neither.
    expect(gameHostOf('sky--hopper.games.example.org', GAMES_PUBLIC_URL)).toBeNull();
    expect(gameHostOf('build--.games.example.org', GAMES_PUBLIC_URL)).toBeNull();
    expect(gameHostOf('games.example.org', GAMES_PUBLIC_URL)).toBeNull();
    expect(gameHostOf('a.b.games.example.org', GAMES_PUBLIC_URL)).toBeNull();
    // The local names count only on the games port, and only when asked.
    expect(gameHostOf('build--abc123.localhost:4901', GAMES_PUBLIC_URL, GAMES_PORT)).toEqual({ kind: 'preview', token: 'abc123' });
    expect(gameHostOf('sky-hopper.localhost:4901', GAMES_PUBLIC_URL, GAMES_PORT)).toEqual({ kind: 'game', slug: 'sky-hopper' });
    expect(gameHostOf('build--abc123.localhost:4902', GAMES_PUBLIC_URL, GAMES_PORT)).toBeNull();
    expect(gameHostOf('build--abc123.localhost:4901', GAMES_PUBLIC_URL)).toBeNull();
  });

  describe('preview hosts', () => {
    it('serve the build their token names, live or not, uncached and unindexed', async () => {
      const preview = await get(previewHost(builds.v2!.token), '/');
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toBe('<!doctype html><title>Sky Hopper 2</title>');
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(preview.headers['content-security-policy']).toBe(gameContentSecurityPolicy(t.env));
      const script = await get(previewHost(builds.v2!.token), '/game-3f9a1c2b.js');
      expect(script.body).toBe(GAME_JS);
      expect(script.headers['cache-control']).toBe('private, no-store');
      // The live build has its preview too; the game's own host still serves the live build.
      expect((await get(previewHost(builds.v1!.token), '/')).body).toBe(V1['index.html']);
      expect((await get(gameHost(game.slug), '/')).body).toBe(V1['index.html']);
      expect((await get(gameHost(game.slug), '/')).headers['x-robots-tag']).toBeUndefined();
    });

    it('answer 404 for an unknown token and a rejected build, still unindexed', async () => {
      const unknown = await get(previewHost('0123456789abcdef0123'), '/');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect((await get(previewHost(builds.rejected!.token), '/')).statusCode).toBe(404);
      expect((await get(previewHost(builds.rejected!.token), '/__playfree/offline.json')).statusCode).toBe(404);
    });

    it('are answered under localhost:GAMES_PORT too, for the server’s own checks, with the games’ hosts', async () => {
      const local = new URL(localPreviewUrlOf(GAMES_PORT, builds.v2!.token)).host;
      const preview = await get(local, '/');
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toBe('<!doctype html><title>Sky Hopper 2</title>');
      expect((await get(`${game.slug}.localhost:${GAMES_PORT}`, '/')).body).toBe(V1['index.html']);
      // Another port is not the games origin's name: no build there.
      expect((await get(`build--${builds.v2!.token}.localhost:${GAMES_PORT + 1}`, '/')).body).not.toContain('Sky Hopper');
    });
  });

  describe('the portal’s files under /__playfree/', () => {
    it('serve the SDK on every game and preview host, never the build’s own file of that path', async () => {
      for (const host of [gameHost(game.slug), previewHost(builds.v2!.token), `build--${builds.v2!.token}.localhost:${GAMES_PORT}`]) {
        const answer = await get(host, '/__playfree/sdk.js');
        expect(answer.statusCode, host).toBe(200);
        expect(answer.rawPayload.equals(sdk), host).toBe(true);
        expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
        expect(answer.headers.etag).toBe(`"${sha256(sdk)}"`);
      }
      const live = await get(gameHost(game.slug), '/__playfree/sdk.js');
      expect(live.headers['cache-control']).toBe('public, max-age=300');
      expect((await get(gameHost(game.slug), '/__playfree/sdk.js', { 'if-none-match': String(live.headers.etag) })).statusCode).toBe(304);
      const compressed = await get(gameHost(game.slug), '/__playfree/sdk.js', { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect((await get(previewHost(builds.v2!.token), '/__playfree/sdk.js')).headers['x-robots-tag']).toBe('noindex, nofollow');
      // Escaped or in capitals, the path is still the portal's; anything else under it is not found, never the build's.
      expect((await get(gameHost(game.slug), '/%5F%5Fplayfree/sdk.js')).rawPayload.equals(sdk)).toBe(true);
      expect((await get(gameHost(game.slug), '/__PlayFree/sdk.js')).rawPayload.equals(sdk)).toBe(true);
      expect((await get(gameHost(game.slug), '/__playfree/other.js')).statusCode).toBe(404);
      // A game without a live build still gets its SDK answered (it costs no lookup), a game's file not.
      expect((await get(gameHost('no-such-game'), '/__playfree/sdk.js')).statusCode).toBe(200);
      expect((await get(gameHost('no-such-game'), '/')).statusCode).toBe(404);
    });

    it('serve the offline helper and its worker, allowed to control the whole origin under the game’s CSP', async () => {
      const helper = await get(gameHost(game.slug), '/__playfree/offline.html');
      expect(helper.statusCode).toBe(200);
      expect(helper.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(helper.body).toContain('<script src="/__playfree/offline.js"></script>');
      expect((await get(gameHost(game.slug), '/__playfree/offline.js')).body).toContain("register('/__playfree/offline-sw.js', { scope: '/' })");
      const worker = await get(gameHost(game.slug), '/__playfree/offline-sw.js');
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(worker.headers['service-worker-allowed']).toBe('/');
      expect(worker.headers['cache-control']).toBe('no-cache');
      const csp = String(worker.headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toMatch(/connect-src 'self' data: blob:(;|$)/);
      // Only on a game's host: not on previews, nor as files of the built-in games' host.
      expect((await get(previewHost(builds.v2!.token), '/__playfree/offline-sw.js')).statusCode).toBe(404);
      expect((await origin.inject({ method: 'GET', url: '/offline/builds/sw.js' })).statusCode).toBe(404);
    });

    it('list the live build’s files loaded at start with their hashes, when it passed the offline check', async () => {
      const answer = await get(gameHost(game.slug), '/__playfree/offline.json');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const list = answer.json<OfflineList>();
      const entry = (path: keyof typeof V1) => ({ path, hash: sha256(V1[path]), size: Buffer.byteLength(V1[path]) });
      expect(list).toEqual({
        build: builds.v1!.id,
        version: 1,
        key: expect.stringMatching(/^[0-9a-f]{24}$/),
        // The page, the loaded files found in the build (not the one it lacks, nor the portal's path), and the SDK apart.
        files: [entry('index.html'), entry('game-3f9a1c2b.js'), entry('assets/a.png'), entry('style.css')],
        sdk: { path: '__playfree/sdk.js', hash: sha256(sdk), size: sdk.length },
      });
      // Each file's hash is its ETag on the game's host: what the worker checks what it keeps against.
      expect((await get(gameHost(game.slug), '/assets/a.png')).headers.etag).toBe(`"${list.files[2]!.hash}"`);
    });

    it('answer 404 for offline.json when the live build did not pass the offline check, or there is none', async () => {
      expect((await get(gameHost(other.slug), '/__playfree/offline.json')).statusCode).toBe(404);
      expect((await get(gameHost('no-such-game'), '/__playfree/offline.json')).statusCode).toBe(404);
      expect((await get(previewHost(builds.v1!.token), '/__playfree/offline.json')).statusCode).toBe(404);
    });

    it('list another key when another build goes live, and nothing once the live build does not play offline', async () => {
      const before = (await get(gameHost(game.slug), '/__playfree/offline.json')).json<OfflineList>();
      const v4 = await seedBuild(game.id, 4, { ...V1, 'game-3f9a1c2b.js': `${GAME_JS}// v4\n` }, { status: 'APPROVED', checks: OFFLINE_CHECKS, live: true });
      await freshOrigin();
      const after = (await get(gameHost(game.slug), '/__playfree/offline.json')).json<OfflineList>();
      expect(after).toMatchObject({ build: v4.id, version: 4 });
      expect(after.key).not.toBe(before.key);
      // Unchanged files keep their hashes: the worker copies them instead of downloading them again.
      expect(after.files.find((file) => file.path === 'style.css')).toEqual(before.files.find((file) => file.path === 'style.css'));

      await setLive(game.id, builds.v2!.id);
      await freshOrigin();
      expect((await get(gameHost(game.slug), '/__playfree/offline.json')).statusCode).toBe(404);
      await setLive(game.id, builds.v1!.id);
      await freshOrigin();
    });
  });

  describe('the game page', () => {
    it('names the live build: its version, when it went live and whether it plays offline', async () => {
      const detail = await call(t.app, 'GET', `/api/games/${game.slug}`);
      expect(detail.status).toBe(200);
      expect(gameDetailOutput.strict().parse(detail.body)).toEqual(detail.body);
      expect(detail.body.build).toEqual({ version: 1, publishedAt: '2026-11-21T09:30:00.000Z', playsOffline: true, threads: false });
      const online = await call(t.app, 'GET', `/api/games/${other.slug}`);
      expect(online.body.build).toEqual({ version: 1, publishedAt: '2026-11-21T09:30:00.000Z', playsOffline: false, threads: false });
      const trpc = await t.app.inject({ method: 'GET', url: `/trpc/games.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: game.slug }))}` });
      expect(trpc.json().result.data.build).toMatchObject({ version: 1, playsOffline: true });
    });

    it('has no build for a game linked by its address', async () => {
      const developer = await signIn(t.app, 'linker@example.com');
      const { slug } = await publishGame(t.app, developer, await signIn(t.app, ADMIN_EMAIL), 'Linked Elsewhere');
      const linked = await call(t.app, 'GET', `/api/games/${slug}`);
      expect(linked.status).toBe(200);
      expect(linked.body.build).toBeNull();
    });
  });
});
