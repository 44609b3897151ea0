/**
 * The API documentation page's JavaScript client sample, run as written against a running portal:
 * only its base URL (the page fills in its own) and the key placeholder are replaced.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PLACEHOLDER, apiBaseUrl, jsClientSample } from '../../src/pages/static/apiDocsContent';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let dir: string;
let baseUrl: string;
let key: string;

async function runSample(apiKey: string): Promise<{ stdout: string; stderr: string }> {
  const sample = jsClientSample(baseUrl);
  expect(sample.split(API_KEY_PLACEHOLDER)).toHaveLength(2);
  const file = join(dir, `playfree-api-${Date.now()}.mjs`);
  writeFileSync(file, sample.replace(API_KEY_PLACEHOLDER, apiKey));
  return promisify(execFile)(process.execPath, [file], { timeout: 30_000 });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = apiBaseUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  dir = mkdtempSync(join(tmpdir(), 'playfree-sample-'));
  const token = await signIn(t.app, 'studio@example.com');
  key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token })).body.key;
  // The sample reads the analytics of game 42: make the studio's published puzzle game number 42.
  await t.db.orm.em.fork().getConnection().execute(`select setval('games_id_seq', 41)`);
  const submitted = await call<{ id: number }>(t.app, 'POST', '/api/v1/games', {
    token: key,
    body: {
      title: 'Pipe Dream',
      description: 'Connect the pipes before the water flows.',
      game_url: 'https://pipe-dream.studio.example.com/',
      thumbnail: 'https://pipe-dream.studio.example.com/thumb.png',
      category: 'puzzle',
    },
  });
  if (submitted.body.id !== 42) throw new Error(`setup: the submitted game is ${submitted.body.id}, not 42`);
  const admin = await signIn(t.app, ADMIN_EMAIL);
  const approved = await call(t.app, 'POST', '/api/admin/games/42/approve', { token: admin });
  if (approved.status !== 200) throw new Error(`setup: approving game 42 answered ${approved.status}`);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe(`the documentation's JavaScript sample (${engineName})`, () => {
  it('lists the puzzle games and reads the analytics of game 42 with a real key', async () => {
    const { stdout, stderr } = await runSample(key);
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe("1 puzzle games [ 'Pipe Dream' ]");
    expect(lines[1]).toBe('Plays in the last 30 days: 0');
  });

  it('reports a refused key as the sample says ("API Error: Unauthorized")', async () => {
    const { stdout, stderr } = await runSample('pf_live_00000000000000000000000000000000');
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe('API Error: Unauthorized');
  });
});
