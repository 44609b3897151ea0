/**
 * Request bodies that are a file (a game build's zip): streamed to a temporary file, never held
 * in memory, and refused (413) as soon as they pass their limit. The file is the body itself
 * (Content-Type application/zip or application/octet-stream: `curl --data-binary @game.zip`) or
 * the first file of a multipart/form-data form (what a browser form sends).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadedFile } from '../domains/uploaded-file';
import { HttpError } from './errors';
import { text } from '../i18n/translate';

/** Content types of a body that is the file itself. */
export const FILE_BODY_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/**
 * Lets `scope` take file bodies, left unread: a zip body (for `receiveUpload`) and a multipart
 * form. Routes of this scope that take no file answer either 415 (rest/adapter.ts, rawInput).
 */
export function acceptFileBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser([...FILE_BODY_TYPES, 'multipart/form-data'], (_request, _payload, done) => done(null, undefined));
}

/**
 * Lets `scope`'s upload routes read a multipart form as it streams (@fastify/multipart). Only
 * there: the plugin puts two hooks on every request of its scope (a promise each, and a listener
 * on the answer), which cost the API's hot reads a good part of their time.
 */
export async function readMultipartForms(scope: FastifyInstance): Promise<void> {
  scope.removeContentTypeParser('multipart/form-data');
  await scope.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 1024, parts: 21 } });
}

/** 413 naming the limit, in the words the build rules use (server/domains/builds/archive.ts). */
function tooLarge(maxBytes: number): HttpError {
  const limit = `${Math.floor(maxBytes / (1024 * 1024))} MB`;
  return new HttpError(413, text('upload.tooLarge', { limit }), 'file');
}

/** Passes bytes through, failing with 413 once more than `maxBytes` have gone by. */
function byteLimit(maxBytes: number): Transform & { bytes: number } {
  const limit = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        limit.bytes += chunk.length;
        callback(limit.bytes > maxBytes ? tooLarge(maxBytes) : null, chunk);
      },
    }),
    { bytes: 0 },
  );
  return limit;
}

/**
 * The request's body as a stream of its own: a failed `pipeline` destroys its source, and
 * destroying the request itself would reset the connection before the 413 could be sent.
 */
function detachedBody(raw: IncomingMessage): Readable {
  const body = new PassThrough();
  raw.pipe(body);
  raw.once('error', (error) => body.destroy(error));
  raw.once('close', () => {
    if (!raw.complete) body.destroy(new Error('the request ended before its body did'));
  });
  return body;
}

/**
 * Streams the request's file into a new temporary folder and returns it with `discard()`, which
 * the caller runs once done with it (also on failure). 400 when the request carries no file,
 * 413 past `maxBytes`.
 */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<{ file: UploadedFile; discard(): Promise<void> }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  let source: Readable;
  let name: string | null = null;
  if (request.isMultipart()) {
    // The form's file limit is the upload's own, not @fastify/multipart's fallback (the app's
    // 128 KiB body limit), which would silently cut the file short. One byte past it reaches
    // `byteLimit` below, which answers 413 as for a raw body.
    const part = await request.file({ limits: { fileSize: maxBytes + 1 } }).catch((error: unknown) => {
      // A body that says it is a form and is not one (no boundary, no parts): the client's fault.
      throw new HttpError(400, text('upload.formUnreadable', { reason: error instanceof Error ? error.message : 'malformed' }), 'file');
    });
    if (!part) throw new HttpError(400, text('upload.noFile'), 'file');
    source = part.file;
    name = part.filename || null;
  } else if (FILE_BODY_TYPES.includes((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase())) {
    source = detachedBody(request.raw);
  } else {
    throw new HttpError(400, text('upload.wrongBody'), 'file');
  }
  const folder = await mkdtemp(join(tmpdir(), 'playfree-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, 'upload');
  const limit = byteLimit(maxBytes);
  try {
    await pipeline(source, limit, createWriteStream(path));
  } catch (error) {
    await discard();
    // The client went away or sent too much: nothing is kept.
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, text('upload.interrupted'), 'file');
  }
  if (limit.bytes === 0) {
    await discard();
    throw new HttpError(400, text('upload.empty'), 'file');
  }
  return { file: new UploadedFile(path, limit.bytes, name), discard };
}
