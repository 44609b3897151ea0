/**
 * Sends JSON answers (and the server-rendered pages, web/pages.ts). The catalog's shared answers (one object handed to every
 * anonymous caller until the cache refreshes it) are serialised once, compressed
 * at most once per encoding, and carry a weak ETag for revalidation. The hottest of them
 * (home, the first page of a list on a busy portal) are then recompressed at brotli's best
 * quality off the event loop.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hash } from 'node:crypto';
import { isSharedAnswer } from '../domains/games/shared-answer';
import { keepOn, sharedJsonOf } from '../domains/games/shared-json';
import { acceptedEncodings, compress, compressBest, MIN_COMPRESSED_BYTES, type ContentEncoding } from './compression';

/** One shared answer, serialised once and compressed at most once per encoding. */
interface EncodedAnswer {
  /**
   * The JSON itself, as text, until a compressed body is made; then it goes (`textOf` writes it
   * again from the answer in the rare case it is wanted once more: another encoding, an
   * uncompressed send, the best brotli). A remembered answer kept 16 KB of text beside a
   * compressed body a tenth that size, for as long as it was kept.
   */
  identity?: string;
  /** Its length in characters. */
  length: number;
  /** Its bytes, made at its first uncompressed send of a compressible size (then sent as they are). */
  identityBytes?: Buffer;
  /** Weak: the same JSON whatever the content encoding. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Compressed answers sent so far. */
  sends: number;
  /** Brotli answers sent so far. */
  brSends: number;
  /** `br` holds brotli's best quality (or is being replaced by it). */
  brBest: boolean;
}

/**
 * Sends of one answer after which its brotli body is recompressed at the best quality. Answers
 * live 5 to 15 s, so only a URL asked for dozens of times a second gets there, and the
 * background work stays under (requests a second / 1000) × 15 ms however many answers there are.
 */
export const BEST_BROTLI_AFTER_SENDS = 1000;
/** One recompression at a time: on a small machine the thread pool shares the cores with the event loop. */
let recompressing = false;

/**
 * Kept on the answer itself (keepOn), not in a WeakMap: V8's young-generation collections treat a
 * WeakMap's entries as alive, so each answer's JSON went to the old space with it.
 */
const ENCODED = Symbol('encoded');

function encodedAnswer(value: object, serialize: (value: object) => string): EncodedAnswer {
  let encoded = (value as { [ENCODED]?: EncodedAnswer })[ENCODED];
  if (!encoded) {
    const identity = serialize(value);
    const etag = `W/"${hash('sha256', identity, 'base64url').slice(0, 27)}"`;
    encoded = { identity, length: identity.length, etag, sends: 0, brSends: 0, brBest: false };
    keepOn(value, ENCODED, encoded);
  }
  return encoded;
}

/** The answer's JSON: the text kept, or written again from the answer (the same, as shared answers never change). */
function textOf(encoded: EncodedAnswer, value: object, serialize: (value: object) => string): string {
  return encoded.identity ?? serialize(value);
}

/** If-None-Match holds `*` or a list of tags; the comparison is weak (W/ prefixes ignored). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/** Sends `value` as JSON with this status. */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  value: unknown,
  headers: Record<string, string>,
): FastifyReply {
  void reply.code(statusCode).headers(headers).type('application/json; charset=utf-8');
  // Answers built for one request (a signed-in caller's lists, errors) are sent as they are.
  if (statusCode !== 200 || !isSharedAnswer(value)) return reply.send(JSON.stringify(value ?? null));
  return sendShared(request, reply, value, serializeShared, { fastFirstSend: true });
}

/**
 * JSON.stringify for a shared answer, writing the objects in its lists from their JSON of earlier
 * answers: the same cached games fill many lists and searches (a search nobody asked before mostly
 * shows games other searches showed), and serialising a page of them was a good part of its cost.
 * Plain objects around the lists (home's four lists, tRPC's envelope) are walked; anything else is
 * left to JSON.stringify.
 */
export function serializeShared(value: unknown): string {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const element of value as unknown[]) {
      if (isPlainObject(element)) parts.push(sharedJsonOf(element));
      else parts.push(element === undefined || typeof element === 'function' || typeof element === 'symbol' ? 'null' : serializeShared(element));
    }
    return `[${parts.join(',')}]`;
  }
  if (isPlainObject(value) && typeof value.toJSON !== 'function') {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const member = value[key];
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      parts.push(`${JSON.stringify(key)}:${serializeShared(member)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The encoding to send an answer in: brotli when the client takes it, except, with `fastFirstSend`,
 * for its first send when gzip will do too. Most JSON answers (a search nobody asked before) are
 * sent once, and compressing them is the largest part of their cost: gzip at its fastest level
 * takes a third of brotli's time for a body about 15% larger (some 400 bytes for a search page).
 */
function chooseEncoding(encoded: EncodedAnswer, accepted: ReadonlySet<ContentEncoding>, fastFirstSend: boolean): ContentEncoding | undefined {
  if (!accepted.has('br')) return accepted.has('gzip') ? 'gzip' : undefined;
  return fastFirstSend && !encoded.br && encoded.sends === 0 && accepted.has('gzip') ? 'gzip' : 'br';
}

/**
 * Sends a shared answer (the reply's status and type already set) as `serialize` writes it:
 * serialised once, compressed at most once per encoding, revalidated by ETag.
 */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  value: object,
  serialize: (value: object) => string,
  { fastFirstSend = false } = {},
): FastifyReply {
  const encoded = encodedAnswer(value, serialize);
  void reply.header('etag', encoded.etag);
  if (matchesEtag(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send();
  // Characters, not bytes: a text of fewer characters than the limit but more bytes goes out as it is, at little cost.
  if (encoded.length < MIN_COMPRESSED_BYTES) return reply.send((encoded.identity = textOf(encoded, value, serialize)));
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = chooseEncoding(encoded, acceptedEncodings(request.headers['accept-encoding']), fastFirstSend);
  if (!encoding) return reply.send((encoded.identityBytes ??= Buffer.from(textOf(encoded, value, serialize))));
  encoded.sends++;
  let body = encoded[encoding];
  if (!body) {
    body = encoded[encoding] = compress(textOf(encoded, value, serialize), encoding);
    encoded.identity = undefined;
  }
  if (encoding === 'br' && !encoded.brBest && ++encoded.brSends >= BEST_BROTLI_AFTER_SENDS && !recompressing) recompressBest(encoded, body, textOf(encoded, value, serialize));
  return reply.header('content-encoding', encoding).send(body);
}

/** Replaces a hot answer's fast brotli body by one at the best quality; until it is ready (or if it fails) the fast one is sent. */
function recompressBest(encoded: EncodedAnswer, fast: Buffer, identity: string): void {
  encoded.brBest = true;
  recompressing = true;
  compressBest(identity)
    .then(
      (best) => {
        if (best.length < fast.length) encoded.br = best;
      },
      () => undefined,
    )
    .finally(() => {
      recompressing = false;
    });
}
