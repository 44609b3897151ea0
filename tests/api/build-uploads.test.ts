/**
 * Builds of any size the limits allow (issue #47): a zip of several megabytes uploads through
 * /api and /api/v1 both as the raw body and as a multipart/form-data file (the form's file limit is
 * the build's, not the app's 128 KiB body limit), and one past 300 MB is refused with a 413 naming
 * the limit, whether its length was declared or it was streamed, never "not a zip".
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_LIMITS } from '../../server/domains/builds/archive';
import { call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { multipartOf, zipOf } from '../support/zips';

const MB = 1024 * 1024;
const INDEX = '<!doctype html><title>Big World</title><script src="Build/loader.js"></script>';
/** Random bytes do not compress: the zip is as large as its data. */
const DATA = randomBytes(6 * MB);
const LIMIT_MESSAGE = "file: the zip is larger than 300 MB; a build's zip may be at most 300 MB";
const BOUNDARY = '----playfree-test-boundary';

/** `bytes` zeros, streamed in 1 MB chunks with no length declared (chunked, as a pipe to curl sends). */
function zeros(bytes: number): Readable {
  const chunk = Buffer.alloc(MB);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const next = left >= MB ? chunk : chunk.subarray(0, left);
      left -= next.length;
      this.push(next);
    },
  });
}

/** A form whose one file is `body`, streamed. */
function streamedForm(body: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.zip"\r\nContent-Type: application/zip\r\n\r\n`);
      yield* body;
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    })(),
    { objectMode: false },
  );
}

type StoredBuild = { status: string; fileCount?: number; file_count?: number; totalBytes?: number; total_bytes?: number };
/** What a build answer says was stored: /api names its fields in camelCase, /api/v1 in snake_case. */
const stored = (build: StoredBuild) => ({ status: build.status, files: build.fileCount ?? build.file_count, bytes: build.totalBytes ?? build.total_bytes });

describe(`build uploads of any size the limits allow (${engineName})`, () => {
  let t: TestApp;
  let dataDir: string;
  let session: string;
  let key: string;
  let gameId: number;
  let zip: Buffer;
  const routes = [
    { name: '/api (session)', url: () => `/api/dev/games/${gameId}/builds`, token: () => session },
    { name: '/api/v1 (key)', url: () => `/api/v1/games/${gameId}/builds`, token: () => key },
  ];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-build-uploads-test-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    session = await signIn(t.app, 'big-world@example.com');
    key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: session })).body.key;
    const game = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
      token: session,
      body: { title: 'Big World', description: 'A world too big for a small upload.', categories: ['adventure'], hosted: true },
    });
    if (game.status !== 201) throw new Error(`submit failed: ${JSON.stringify(game.body)}`);
    gameId = game.body.id;
    zip = await zipOf({ 'index.html': INDEX, 'Build/world.data': DATA });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe.each(routes)('$name', (route) => {
    const post = (headers: Record<string, string>, payload: Buffer | Readable) =>
      t.app.inject({ method: 'POST', url: route.url(), headers: { authorization: `Bearer ${route.token()}`, ...headers }, payload });

    it('stores a build of several megabytes sent as the raw body', async () => {
      const response = await post({ 'content-type': 'application/zip' }, zip);
      expect(response.statusCode, response.body).toBe(201);
      expect(stored(response.json())).toEqual({ status: 'CHECKING', files: 2, bytes: INDEX.length + DATA.length });
    });

    it('stores the same build sent as a multipart/form-data file (curl -F)', async () => {
      const { payload, contentType } = multipartOf('file', 'big-world.zip', zip);
      const response = await post({ 'content-type': contentType }, payload);
      expect(response.statusCode, response.body).toBe(201);
      expect(stored(response.json())).toEqual({ status: 'CHECKING', files: 2, bytes: INDEX.length + DATA.length });
    });

    it('answers 413 naming the limit when the declared length is past it, each way, before reading the body', async () => {
      const declared = String(BUILD_LIMITS.maxZipBytes + MB);
      const raw = await post({ 'content-type': 'application/zip', 'content-length': declared }, zeros(MB));
      expect(raw.statusCode, raw.body).toBe(413);
      expect(raw.json()).toEqual({ message: LIMIT_MESSAGE });
      const form = await post({ 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': declared }, streamedForm(zeros(MB)));
      expect(form.statusCode, form.body).toBe(413);
      expect(form.json()).toEqual({ message: LIMIT_MESSAGE });
    });

    it('answers 400 naming the file, never a 500, when a body called a form is not one (no boundary, or JSON inside)', async () => {
      for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`]) {
        const response = await post({ 'content-type': contentType }, Buffer.from('{"id":1}'));
        expect(response.statusCode, `${contentType}: ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/^file: /);
      }
    });
  });

  // Past the limit with no length declared, the body is read up to it (300 MB each: one way per route).
  const postAs = (route: (typeof routes)[number], headers: Record<string, string>, payload: Readable) =>
    t.app.inject({ method: 'POST', url: route.url(), headers: { authorization: `Bearer ${route.token()}`, ...headers }, payload });

  it('answers 413 naming the limit when a raw body streamed with no length passes it (/api, as the web app sends it)', async () => {
    const response = await postAs(routes[0]!, { 'content-type': 'application/zip' }, zeros(BUILD_LIMITS.maxZipBytes + MB));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ message: LIMIT_MESSAGE });
  }, 120_000);

  it('answers 413 naming the limit when a form’s file streamed with no length passes it, not a cut file and "not a zip" (/api/v1, as curl -F sends it)', async () => {
    const response = await postAs(routes[1]!, { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, streamedForm(zeros(BUILD_LIMITS.maxZipBytes + MB)));
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ message: LIMIT_MESSAGE });
  }, 120_000);
});
