/**
 * No compression per request on the games origin (issue #56): a build's files that gain from it are
 * compressed once when stored, and their brotli and gzip forms go out as stored, with their length
 * and ranges; a blob stored before (recorded straight in the database here, as an older portal
 * left it) is sent uncompressed, with its length, and compressed once in the background. And how a
 * build's own .br/.gz files go: with their encoding, or as the bytes they are.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesOrigin } from '../../server/games-origin';
import { BuildServer } from '../../server/http/build-files';
import { queryOf } from '../../server/db/kysely';
import { blobCompressions } from '../../server/domains/builds/storage/compression';
import { gameOriginOf } from '../../shared/urls';
import { ADMIN_EMAIL, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { seedLiveBuild, sha256 } from '../support/live-build';

const GAMES_PUBLIC_URL = 'https://games.example.org';
const gameHost = (slug: string) => new URL(gameOriginOf(GAMES_PUBLIC_URL, slug)).host;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

// An engine's script and wasm: text that compresses well, beside bytes that do not.
const SCRIPT = Buffer.from(`var Module = {};\n${'function step(t) { return t * 2 + Module.offset; }\n'.repeat(8_000)}`);
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.from(Array.from({ length: 20_000 }, (_, i) => `(i32.const ${(i * 7919) % 100_003})`).join(''))]);
const NOISE = randomBytes(50_000);
const OLD_BUILD = {
  'index.html': Buffer.from('<!doctype html><title>Old build</title><script src="game.js"></script>'),
  'game.js': SCRIPT,
  'game.wasm': WASM,
  // Random bytes named as a script: compressing does not gain, so it is never sent compressed.
  'noise.js': NOISE,
  'music.ogg': randomBytes(5_000),
};
const PCK = Buffer.from('GDPC pack '.repeat(4_000));
const INFLATING_BUILD = {
  'index.html': Buffer.from('<!doctype html><script src="pako.min.js"></script><script>pako.inflate(new Uint8Array(0))</script>'),
  'index.pck.gz': gzipSync(PCK),
  'index.wasm.br': brotliCompressSync(WASM),
};

describe(`compressed files on the games origin (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let origin: FastifyInstance;
  let builds: BuildServer;
  let old: { id: number; slug: string };
  let inflating: { id: number; slug: string; build: number };

  async function seedBuild(gameId: number, files: Record<string, Buffer>): Promise<number> {
    return (await seedLiveBuild(t, dataDir, gameId, files)).id;
  }


  const get = (host: string, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    origin.inject({ method, url, headers: { host, ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-build-compression-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder', GAMES_PUBLIC_URL });
    const developer = await signIn(t.app, 'compression@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    old = await publishGame(t.app, developer, admin, 'Stored Before');
    await seedBuild(old.id, OLD_BUILD);
    const game = await publishGame(t.app, developer, admin, 'Inflates Itself');
    inflating = { ...game, build: await seedBuild(game.id, INFLATING_BUILD) };
    builds = new BuildServer(t.db.orm, t.services.buildStorage);
    origin = await buildGamesOrigin({ env: t.env, builds });
  });
  afterAll(async () => {
    await origin?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('a file stored before its compressed forms existed', () => {
    it('goes uncompressed with its length at first, and is compressed once, in the background', async () => {
      const first = await get(gameHost(old.slug), '/game.js', BROWSER);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBeUndefined();
      expect(first.headers['content-length']).toBe(String(SCRIPT.length));
      expect(first.headers.vary).toBe('Accept-Encoding');
      expect(first.rawPayload.equals(SCRIPT)).toBe(true);
      // Every player asking at once queues it once.
      await Promise.all(Array.from({ length: 5 }, () => get(gameHost(old.slug), '/game.wasm', BROWSER)));
      await get(gameHost(old.slug), '/noise.js', BROWSER);
      await builds.compressedAll();
      const forms = await blobCompressions(t.db.orm.em.fork(), [sha256(SCRIPT), sha256(WASM), sha256(NOISE), sha256(OLD_BUILD['music.ogg'])]);
      expect(forms.get(sha256(SCRIPT))?.br?.size).toBeLessThan(SCRIPT.length / 10);
      expect(forms.get(sha256(WASM))?.gzip?.size).toBeLessThan(WASM.length / 2);
      // Tried once and recorded as not worth it; a type that never gains is never tried.
      expect(forms.get(sha256(NOISE))).toEqual({ br: null, gzip: null });
      expect(forms.has(sha256(OLD_BUILD['music.ogg']))).toBe(false);
    });
  });

  describe('a compressed form', () => {
    it('goes as stored, brotli first, gzip to a client without brotli, each with its length and its own ETag', async () => {
      const forms = (await blobCompressions(t.db.orm.em.fork(), [sha256(SCRIPT)])).get(sha256(SCRIPT))!;
      // The origin keeps what it found for a few seconds: a new server reads the recorded forms at once.
      const fresh = new BuildServer(t.db.orm, t.services.buildStorage);
      const freshOrigin = await buildGamesOrigin({ env: t.env, builds: fresh });
      try {
        const br = await freshOrigin.inject({ url: '/game.js', headers: { host: gameHost(old.slug), ...BROWSER } });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['content-length']).toBe(String(forms.br!.size));
        expect(br.headers.etag).toBe(`"${sha256(SCRIPT)}.br"`);
        expect(sha256(br.rawPayload)).toBe(forms.br!.hash);
        expect(brotliDecompressSync(br.rawPayload).equals(SCRIPT)).toBe(true);
        const gzip = await freshOrigin.inject({ url: '/game.js', headers: { host: gameHost(old.slug), 'accept-encoding': 'gzip' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gzip.headers['content-length']).toBe(String(forms.gzip!.size));
        expect(gunzipSync(gzip.rawPayload).equals(SCRIPT)).toBe(true);
        const plain = await freshOrigin.inject({ url: '/game.js', headers: { host: gameHost(old.slug) } });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.etag).toBe(`"${sha256(SCRIPT)}"`);
        expect(plain.rawPayload.equals(SCRIPT)).toBe(true);
        const again = await freshOrigin.inject({ url: '/game.js', headers: { host: gameHost(old.slug), ...BROWSER, 'if-none-match': br.headers.etag as string } });
        expect(again.statusCode).toBe(304);
        // Not compressible: no form, no Vary.
        const noise = await freshOrigin.inject({ url: '/noise.js', headers: { host: gameHost(old.slug), ...BROWSER } });
        expect(noise.headers['content-encoding']).toBeUndefined();
        expect(noise.headers['content-length']).toBe(String(NOISE.length));
      } finally {
        await freshOrigin.close();
      }
    });

    it('answers ranges of the bytes it sends, If-Range only while they are the ones the client holds, HEAD with the length', async () => {
      const forms = (await blobCompressions(t.db.orm.em.fork(), [sha256(WASM)])).get(sha256(WASM))!;
      const whole = await get(gameHost(old.slug), '/game.wasm', BROWSER);
      expect(whole.headers['content-encoding']).toBe('br');
      const part = await get(gameHost(old.slug), '/game.wasm', { ...BROWSER, range: 'bytes=10-99' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-99/${forms.br!.size}`);
      expect(part.headers['content-length']).toBe('90');
      expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 100))).toBe(true);
      const tail = await get(gameHost(old.slug), '/game.wasm', { ...BROWSER, range: 'bytes=-5', 'if-range': whole.headers.etag as string });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(whole.rawPayload.subarray(-5))).toBe(true);
      // The client's part is of another representation: it gets the whole body.
      const changed = await get(gameHost(old.slug), '/game.wasm', { ...BROWSER, range: 'bytes=0-9', 'if-range': `"${sha256(WASM)}"` });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers['content-length']).toBe(String(forms.br!.size));
      expect((await get(gameHost(old.slug), '/game.wasm', { ...BROWSER, range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
      const past = await get(gameHost(old.slug), '/game.wasm', { ...BROWSER, range: `bytes=${forms.br!.size}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${forms.br!.size}`);
      const head = await get(gameHost(old.slug), '/game.wasm', BROWSER, 'HEAD');
      expect(head.headers['content-length']).toBe(String(forms.br!.size));
      expect(head.rawPayload.length).toBe(0);
      // Media players ask for identity ranges.
      const media = await get(gameHost(old.slug), '/music.ogg', { 'accept-encoding': 'identity;q=1, *;q=0', range: 'bytes=100-' });
      expect(media.statusCode).toBe(206);
      expect(media.headers['content-length']).toBe(String(5_000 - 100));
    });
  });

  describe("a build's own .br/.gz files", () => {
    const setServing = async (setting: 'AUTO' | 'WITH_ENCODING' | 'AS_IS', found: 'WITH_ENCODING' | 'AS_IS' | null) => {
      await queryOf(t.db.orm.em.fork())
        .updateTable('game_builds')
        .set({ compressed_files: setting, compressed_files_found: found } as never)
        .where('id', '=', inflating.build)
        .execute();
    };
    // A server of its own per setting: the origin keeps a live build's row for a few seconds.
    const fetchWith = async (path: string) => {
      const fresh = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
      try {
        return await fresh.inject({ url: path, headers: { host: gameHost(inflating.slug), ...BROWSER } });
      } finally {
        await fresh.close();
      }
    };

    it('go with their encoding unless found or set otherwise', async () => {
      await setServing('AUTO', null);
      const pck = await fetchWith('/index.pck.gz');
      expect(pck.headers['content-encoding']).toBe('gzip');
      expect(pck.headers['content-type']).toBe('application/octet-stream');
      expect(pck.rawPayload.equals(INFLATING_BUILD['index.pck.gz'])).toBe(true);
    });

    it('go as the bytes they are for a loader that inflates them, found so or set so', async () => {
      for (const [setting, found] of [
        ['AUTO', 'AS_IS'],
        ['AS_IS', 'WITH_ENCODING'],
      ] as const) {
        await setServing(setting, found);
        const pck = await fetchWith('/index.pck.gz');
        expect(pck.headers['content-encoding'], setting).toBeUndefined();
        expect(pck.headers['content-type'], setting).toBe('application/gzip');
        expect(pck.headers['content-length'], setting).toBe(String(INFLATING_BUILD['index.pck.gz'].length));
        expect(pck.rawPayload.equals(INFLATING_BUILD['index.pck.gz']), setting).toBe(true);
        const wasm = await fetchWith('/index.wasm.br');
        expect(wasm.headers['content-encoding'], setting).toBeUndefined();
        expect(wasm.rawPayload.equals(INFLATING_BUILD['index.wasm.br']), setting).toBe(true);
      }
      await setServing('WITH_ENCODING', 'AS_IS');
      expect((await fetchWith('/index.pck.gz')).headers['content-encoding']).toBe('gzip');
    });
  });
});
