/**
 * A build's own pre-compressed files (issue #56): the upload's scan says whether its loader
 * inflates them (AS_IS) or needs the browser to (WITH_ENCODING); the checks, told both preview
 * addresses, record the way the game started with; the developer sets it through /api/v1 and
 * /api/dev; the games origin sends the files so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckBuild } from '../../server/domains/builds/check-worker';
import { buildGamesOrigin } from '../../server/games-origin';
import { BuildServer } from '../../server/http/build-files';
import type { BuildChecks } from '../../shared/schemas/builds';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { zipOf } from '../support/zips';

const PCK = gzipSync(Buffer.from('GDPC'.repeat(1_000)));
// Godot 3's page with pako, as authors change it so that the build runs on any static host.
const INFLATING = { 'index.html': '<!doctype html><canvas></canvas><script src="pako.min.js"></script><script>fetch("index.pck.gz").then((r) => r.arrayBuffer()).then((b) => pako.inflate(new Uint8Array(b)))</script>', 'pako.min.js': '/* pako */', 'index.pck.gz': PCK };
const SERVER_DECODED = { 'index.html': '<!doctype html><canvas></canvas><script src="Build/game.loader.js"></script>', 'Build/game.loader.js': 'createUnityInstance()', 'Build/game.wasm.gz': PCK };
const PLAIN = { 'index.html': '<!doctype html><canvas></canvas><script src="game.js"></script>', 'game.js': 'requestAnimationFrame(() => {});' };

type Answer = { id: number; status: string; compressed_files: string; compressed_files_served: string | null; checks: BuildChecks | null };

describe(`a build's compressed files (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let key: string;
  let developer: string;
  let gameId: number;
  /** What the checks were told of each build, by its preview address; `starts` says which ways the game starts. */
  const told: Parameters<CheckBuild>[0][] = [];
  let starts: (url: string) => boolean = () => true;

  const checkBuild: CheckBuild = async (build) => {
    told.push(build);
    const started = starts(build.url);
    const trial = build.compressedFiles;
    const other = trial && !started && starts(trial.otherWayUrl);
    const base: BuildChecks = { verdict: started || other ? 'pass' : 'fail', seconds: 1, browser: true, offline: false, loaded: ['index.html'], items: [] };
    if (!trial) return base;
    const otherWay = trial.served === 'AS_IS' ? 'WITH_ENCODING' : 'AS_IS';
    return { ...base, compressedFiles: started ? { tried: [trial.served], works: trial.served } : { tried: [trial.served, otherWay], works: other ? otherWay : null } };
  };

  const upload = async (files: Record<string, string | Buffer>) => {
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/games/${gameId}/builds`, headers: { 'content-type': 'application/zip', authorization: `Bearer ${key}` }, payload: await zipOf(files) });
    if (answer.statusCode !== 201) throw new Error(`upload failed: ${answer.body}`);
    await t.services.buildChecks.idle();
    return (await call<Answer>(t.app, 'GET', `/api/v1/games/${gameId}/builds/${answer.json<Answer>().id}`, { token: key })).body;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-compressed-files-'));
    t = await createTestApp({ DATA_DIR: dataDir, BUILD_STORAGE: 'folder' }, { checkBuild });
    developer = await signIn(t.app, 'compressed@example.com');
    key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: developer })).body.key;
    const submitted = await call<{ id: number }>(t.app, 'POST', '/api/v1/games', {
      token: key,
      body: { title: 'Pako Quest', description: 'A Godot 3 export whose page inflates its own pack, as on GitHub Pages.', game_url: 'https://pako-quest.example.com/', thumbnail: 'https://pako-quest.example.com/thumb.png', category: 'action', age_rating: 'E7' },
    });
    if (submitted.status !== 201) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
    gameId = submitted.body.id;
    const admin = await signIn(t.app, ADMIN_EMAIL);
    await call(t.app, 'POST', `/api/admin/games/${gameId}/approve`, { token: admin });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("are found at upload from the build's loader, and the checks try them that way first", async () => {
    const inflating = await upload(INFLATING);
    expect(inflating).toMatchObject({ compressed_files: 'AUTO', compressed_files_served: 'AS_IS', checks: { compressedFiles: { tried: ['AS_IS'], works: 'AS_IS' } } });
    expect(told.at(-1)?.compressedFiles?.served).toBe('AS_IS');
    expect(told.at(-1)?.compressedFiles?.otherWayUrl).toMatch(/^http:\/\/build--[0-9a-f]+--with-encoding\.localhost:\d+\/$/);
    expect((await upload(SERVER_DECODED)).compressed_files_served).toBe('WITH_ENCODING');
    const plain = await upload(PLAIN);
    expect(plain.compressed_files_served).toBeNull();
    expect(told.at(-1)?.compressedFiles).toBeNull();
    expect(plain.checks?.compressedFiles).toBeUndefined();
  });

  it('are recorded the other way when only that way starts the game', async () => {
    // The scan missed the loader's inflate (it is in a file it does not read): only as-is works.
    starts = (url) => url.includes('--as-is.');
    const build = await upload({ ...SERVER_DECODED, 'index.html': '<!doctype html><script src="Build/game.loader.js"></script>' });
    expect(build).toMatchObject({ status: 'READY', compressed_files_served: 'AS_IS', checks: { compressedFiles: { tried: ['WITH_ENCODING', 'AS_IS'], works: 'AS_IS' } } });
    starts = () => false;
    const neither = await upload(SERVER_DECODED);
    expect(neither).toMatchObject({ status: 'FAILED', compressed_files_served: 'WITH_ENCODING', checks: { compressedFiles: { works: null } } });
    starts = () => true;
  });

  it('are set by the developer through /api/v1 and /api/dev, and the games origin follows', async () => {
    const { id } = await upload(INFLATING);
    const set = await call<Answer>(t.app, 'POST', `/api/v1/games/${gameId}/builds/${id}/compressed-files`, { token: key, body: { compressed_files: 'WITH_ENCODING' } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ compressed_files: 'WITH_ENCODING', compressed_files_served: 'WITH_ENCODING' });
    const preview = new URL((await call<{ preview_url: string }>(t.app, 'GET', `/api/v1/games/${gameId}/builds/${id}`, { token: key })).body.preview_url).host;
    const origin = await buildGamesOrigin({ env: t.env, builds: new BuildServer(t.db.orm, t.services.buildStorage) });
    try {
      const encoded = await origin.inject({ url: '/index.pck.gz', headers: { host: preview, 'accept-encoding': 'gzip, br' } });
      expect(encoded.headers['content-encoding']).toBe('gzip');
      // The checks' other-way host sends them as they are, whatever the setting.
      const asIs = await origin.inject({ url: '/index.pck.gz', headers: { host: preview.replace(/^(build--[0-9a-f]+)/, '$1--as-is'), 'accept-encoding': 'gzip, br' } });
      expect(asIs.headers['content-encoding']).toBeUndefined();
      expect(asIs.rawPayload.equals(PCK)).toBe(true);
    } finally {
      await origin.close();
    }
    const back = await call<{ compressedFiles: string; compressedFilesServed: string }>(t.app, 'POST', `/api/dev/games/${gameId}/builds/${id}/compressed-files`, { token: developer, body: { compressedFiles: 'AUTO' } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ compressedFiles: 'AUTO', compressedFilesServed: 'AS_IS' });
    const bad = await call<{ message: string }>(t.app, 'POST', `/api/v1/games/${gameId}/builds/${id}/compressed-files`, { token: key, body: { compressed_files: 'gzip' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/compressed_files/);
    const stranger = await signIn(t.app, 'stranger@example.com');
    expect((await call(t.app, 'POST', `/api/dev/games/${gameId}/builds/${id}/compressed-files`, { token: stranger, body: { compressedFiles: 'AS_IS' } })).status).toBe(404);
  });
});
