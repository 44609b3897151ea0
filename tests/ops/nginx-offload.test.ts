/**
 * BUILD_FILES_OFFLOAD=x-accel-redirect (issue #56): nginx in front of the games origin sends the
 * folder store's files itself. The portal's offloaded answers (their headers, where the file is,
 * no body, and which requests it still answers itself), then Debian's nginx running the block of
 * docs/OPERATIONS.md in front of an offloading games origin: every answer through it equals the
 * portal's own without nginx, headers, bytes and ranges.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGamesOrigin } from '../../server/games-origin';
import { BuildServer } from '../../server/http/build-files';
import { fileOffloadOf } from '../../server/http/build-file-answers';
import { loadEnv } from '../../server/env';
import { queryOf } from '../../server/db/kysely';
import { blobCompressions, compressBuildFiles } from '../../server/domains/builds/storage/compression';
import { gameOriginOf, previewOriginOf } from '../../shared/urls';
import { ADMIN_EMAIL, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { NGINX, startNginx, type RunningNginx } from '../support/nginx';

const GAMES_PUBLIC_URL = 'https://games.example.org';
const LOCATION = '/__playfree/blobs/';
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const VIA_NGINX = { 'x-sendfile-type': 'X-Accel-Redirect' };

// A threaded engine's files: a wasm the portal compresses when stored, a pre-compressed data file, a page.
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.from(Array.from({ length: 30_000 }, (_, i) => `(i32.const ${(i * 7919) % 100_003})`).join(''))]);
const DATA = randomBytes(100_000);
const FILES = {
  'index.html': Buffer.from('<!doctype html><title>Offloaded</title><script src="game.js"></script>'),
  'game.wasm': WASM,
  'Build/game.data.br': brotliCompressSync(DATA),
  'music.ogg': randomBytes(20_000),
};

/** Headers that are each hop's own (and nginx's name), not the answer's. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'server', 'transfer-encoding']);

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function fetchRaw(port: number, host: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

/** An answer's own headers; a 206 without Accept-Ranges (nginx names it only on whole answers: the client that asked a range knows). */
const answerHeaders = (answer: Answer) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name) && !(answer.status === 206 && name === 'accept-ranges')));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the BUILD_FILES_OFFLOAD setting', () => {
  it('is off unless set, names its location, and is refused where builds are not files', () => {
    expect(fileOffloadOf(loadEnv({}))).toBeNull();
    expect(fileOffloadOf(loadEnv({ BUILD_FILES_OFFLOAD: 'x-accel-redirect' }))).toEqual({ location: '/__playfree/blobs/' });
    expect(fileOffloadOf(loadEnv({ BUILD_FILES_OFFLOAD: 'x-accel-redirect', BUILD_FILES_OFFLOAD_LOCATION: '/__playfree/files/' }))).toEqual({ location: '/__playfree/files/' });
    expect(() => loadEnv({ BUILD_FILES_OFFLOAD: 'x-accel-redirect', BUILD_STORAGE: 'postgres' })).toThrow(/BUILD_FILES_OFFLOAD needs BUILD_STORAGE=folder/);
    expect(() => loadEnv({ BUILD_FILES_OFFLOAD: 'sendfile' })).toThrow(/BUILD_FILES_OFFLOAD/);
    expect(() => loadEnv({ BUILD_FILES_OFFLOAD_LOCATION: '/__playfree/blobs' })).toThrow(/BUILD_FILES_OFFLOAD_LOCATION: expected a path that starts and ends with \//);
  });
});

describe('games files sent by nginx (BUILD_FILES_OFFLOAD)', () => {
  let t: TestApp;
  let dataDir: string;
  let plain: FastifyInstance;
  let offloading: FastifyInstance;
  let host: string;
  let previewHost: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-offload-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder', GAMES_PUBLIC_URL });
    const game = await publishGame(t.app, await signIn(t.app, 'offload@example.com'), await signIn(t.app, ADMIN_EMAIL), 'Offloaded Wasm');
    const onDisk = [];
    for (const [path, content] of Object.entries(FILES)) {
      const file = join(dataDir, `upload-${randomBytes(6).toString('hex')}`);
      await writeFile(file, content);
      await t.services.buildStorage.put(sha256(content), file, content.length);
      onDisk.push({ path, hash: sha256(content), size: content.length, file });
    }
    await compressBuildFiles(t.db.orm, t.services.buildStorage, onDisk);
    const previewToken = randomBytes(10).toString('hex');
    const db = queryOf(t.db.orm.em.fork());
    const { id } = await db
      .insertInto('game_builds')
      .values({ game_id: game.id, version: 1, status: 'APPROVED', threads: 'DEVELOPER', file_count: onDisk.length, total_bytes: 1, preview_token: previewToken, created_at: new Date(), reviewed_at: new Date() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('game_build_files').values(onDisk.map(({ path, hash, size }) => ({ build_id: id, path, hash, size })) as never).execute();
    await db.updateTable('games').set({ live_build_id: id } as never).where('id', '=', game.id).execute();
    host = new URL(gameOriginOf(GAMES_PUBLIC_URL, game.slug)).host;
    previewHost = new URL(previewOriginOf(GAMES_PUBLIC_URL, previewToken)).host;
    plain = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    offloading = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage, { offload: { location: LOCATION } }) });
  });
  afterAll(async () => {
    await plain?.close();
    await offloading?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const inject = (origin: FastifyInstance, path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    origin.inject({ method, url: path, headers: { host, ...headers } });

  it('answers a GET that nginx passes on with the file’s headers, where its stored form lies, and no body', async () => {
    const brotliForm = (await blobCompressions(t.db.orm.em.fork(), [sha256(WASM)])).get(sha256(WASM))!.br!;
    const asked = { ...BROWSER, ...VIA_NGINX };
    const cases: [string, string][] = [
      ['/game.wasm', brotliForm.hash],
      ['/Build/game.data.br', sha256(FILES['Build/game.data.br'])],
      ['/music.ogg', sha256(FILES['music.ogg'])],
      ['/', sha256(FILES['index.html'])],
    ];
    for (const [path, hash] of cases) {
      const offloaded = await inject(offloading, path, asked);
      const streamed = await inject(plain, path, asked);
      expect(offloaded.statusCode, path).toBe(200);
      expect(offloaded.headers['x-accel-redirect'], path).toBe(`${LOCATION}${hash.slice(0, 2)}/${hash.slice(2)}`);
      expect(offloaded.rawPayload.length, path).toBe(0);
      // Type, encoding, ETag, caching, the game policy and isolation: as when the portal sends the bytes (length and ranges are nginx's).
      const { 'content-length': _offloadedLength, 'x-accel-redirect': _location, date: _offloadedAt, ...offloadedHeaders } = offloaded.headers;
      const { 'content-length': _streamedLength, 'accept-ranges': _ranges, date: _streamedAt, ...streamedHeaders } = streamed.headers;
      expect(offloadedHeaders, path).toEqual(streamedHeaders);
      expect(offloaded.headers['cross-origin-embedder-policy'], path).toBe('require-corp');
    }
    expect((await inject(offloading, '/game.wasm', asked)).headers['content-encoding']).toBe('br');
    // The same file asked with a range: nginx answers the range from the whole file it is named.
    expect((await inject(offloading, '/game.wasm', { ...asked, range: 'bytes=0-9' })).headers['x-accel-redirect']).toBe(`${LOCATION}${brotliForm.hash.slice(0, 2)}/${brotliForm.hash.slice(2)}`);
  });

  it('still answers itself what names no file nginx should send', async () => {
    const asked = { ...BROWSER, ...VIA_NGINX };
    // A request that did not come through nginx (the local checker's browser, the games port reached directly).
    const direct = await inject(offloading, '/game.wasm', BROWSER);
    expect(direct.headers['x-accel-redirect']).toBeUndefined();
    expect(Number(direct.headers['content-length'])).toBe(direct.rawPayload.length);
    expect(direct.rawPayload.length).toBeGreaterThan(0);
    // HEAD: the length, from here.
    const head = await inject(offloading, '/game.wasm', asked, 'HEAD');
    expect(head.headers['x-accel-redirect']).toBeUndefined();
    expect(head.headers['content-length']).toBe(direct.headers['content-length']);
    // 304 by its ETag.
    const notModified = await inject(offloading, '/game.wasm', { ...asked, 'if-none-match': String(direct.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-accel-redirect']).toBeUndefined();
    // A pre-compressed file decoded for a client that does not take brotli: no file holds those bytes.
    const decoded = await inject(offloading, '/Build/game.data.br', VIA_NGINX);
    expect(decoded.headers['x-accel-redirect']).toBeUndefined();
    expect(decoded.rawPayload.equals(DATA)).toBe(true);
    // The portal's own files, and a 404.
    const sdk = await inject(offloading, '/__playfree/sdk.js', asked);
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['x-accel-redirect']).toBeUndefined();
    const missing = await inject(offloading, '/nothing.js', asked);
    expect([missing.statusCode, missing.headers['x-accel-redirect']]).toEqual([404, undefined]);
    // A store without files of its own (PostgreSQL's) streams.
    const { pathInFolder: _none, ...storeWithoutFiles } = t.services.buildStorage;
    const noFiles = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, storeWithoutFiles, { offload: { location: LOCATION } }) });
    try {
      const streamed = await inject(noFiles, '/music.ogg', asked);
      expect([streamed.headers['x-accel-redirect'], streamed.rawPayload.equals(FILES['music.ogg'])]).toEqual([undefined, true]);
    } finally {
      await noFiles.close();
    }
  });

  describe.skipIf(!existsSync(NGINX))("Debian's nginx with docs/OPERATIONS.md's block", () => {
    let nginx: RunningNginx | undefined;
    let plainPort: number;

    beforeAll(async () => {
      await plain.listen({ port: 0, host: '127.0.0.1' });
      await offloading.listen({ port: 0, host: '127.0.0.1' });
      plainPort = (plain.server.address() as AddressInfo).port;
      nginx = await startNginx({ listenPort: await freePort(), upstreamPort: (offloading.server.address() as AddressInfo).port, blobsDir: join(dataDir, 'builds', 'blobs') });
    });
    afterAll(() => nginx?.stop());

    it('sends every file as the portal does without it: headers, bytes and ranges', async () => {
      const requests: [string, string, Record<string, string>, string?][] = [
        [host, '/game.wasm', BROWSER],
        [host, '/game.wasm', { 'accept-encoding': 'gzip' }],
        [host, '/game.wasm', {}],
        [host, '/game.wasm', { ...BROWSER, range: 'bytes=100-1099' }],
        [host, '/game.wasm', { ...BROWSER, range: 'bytes=-500' }],
        [host, '/Build/game.data.br', BROWSER],
        [host, '/Build/game.data.br', { ...BROWSER, range: 'bytes=5-' }],
        [host, '/Build/game.data.br', {}],
        [host, '/music.ogg', { range: 'bytes=0-0' }],
        [host, '/', BROWSER],
        [host, '/game.wasm', BROWSER, 'HEAD'],
        [host, '/__playfree/sdk.js', BROWSER],
        [host, '/nothing.js', BROWSER],
        [previewHost, '/game.wasm', BROWSER],
      ];
      for (const [asHost, path, headers, method] of requests) {
        const label = `${method ?? 'GET'} ${asHost}${path} ${JSON.stringify(headers)}`;
        const direct = await fetchRaw(plainPort, asHost, path, headers, method);
        const proxied = await fetchRaw(nginx!.port, asHost, path, headers, method);
        expect(proxied.status, label).toBe(direct.status);
        expect(answerHeaders(proxied), label).toEqual(answerHeaders(direct));
        expect(proxied.body.equals(direct.body), label).toBe(true);
      }
      // A range of the stored brotli form, and a revalidation by its ETag.
      const range = await fetchRaw(nginx!.port, host, '/game.wasm', { ...BROWSER, range: 'bytes=100-1099' });
      expect([range.status, range.body.length]).toEqual([206, 1000]);
      const whole = await fetchRaw(nginx!.port, host, '/game.wasm', BROWSER);
      expect(whole.body.subarray(100, 1100).equals(range.body)).toBe(true);
      expect((await fetchRaw(nginx!.port, host, '/game.wasm', { ...BROWSER, 'if-none-match': String(whole.headers.etag) })).status).toBe(304);
      // If-Range with another tag, or a date (none is ever sent): the whole file.
      for (const ifRange of ['"another"', new Date().toUTCString()]) {
        const stale = await fetchRaw(nginx!.port, host, '/game.wasm', { ...BROWSER, range: 'bytes=0-9', 'if-range': ifRange });
        expect([stale.status, stale.body.length], ifRange).toEqual([200, whole.body.length]);
      }
      // The internal location is not reachable from outside.
      const blob = sha256(FILES['music.ogg']);
      expect((await fetchRaw(nginx!.port, host, `${LOCATION}${blob.slice(0, 2)}/${blob.slice(2)}`)).status).toBe(404);
    });
  });
});
