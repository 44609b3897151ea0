/**
 * The web app's public catalog reads (home, lists, game pages, categories, the
 * Kids Zone) over /trpc, answered in front of tRPC's HTTP pipeline, which costs
 * several times the query itself (about 9x: docs/DECISIONS.md). A GET whose every procedure is a
 * public, unlimited query runs those operations directly — the same operations
 * and shared cached answers as /api — and answers in tRPC's own wire format
 * (`{result: {data}}`, or an array of them for a batch), with the same
 * compression, ETag and remembered-URL shortcut. Anything else, including any
 * call that fails, is left to tRPC, which then answers exactly as it always does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { freshUntilOf, shareAnswer } from '../domains/games/shared-answer';
import type { AnyOperation } from '../domains/operation';
import { publicReads } from '../domains/registry';
import { createRequestContext, tokenFromRequest } from '../http/context';
import { sendJson } from '../http/json-answer';
import { runOperation } from '../http/operations';
import type { Services } from '../services';

type Call = { operation: AnyOperation; input: unknown };

/** The calls of a GET /trpc URL when each is a public read with valid input; null otherwise. */
function callsOf(request: FastifyRequest, prefix: string): { calls: Call[]; batch: boolean } | null {
  const url = request.url;
  const queryStart = url.indexOf('?');
  const query = request.query as Record<string, string | undefined>;
  let path: string;
  let inputs: unknown;
  try {
    path = decodeURIComponent(url.slice(prefix.length + 1, queryStart === -1 ? undefined : queryStart));
    inputs = query.input === undefined ? undefined : JSON.parse(query.input);
  } catch {
    return null;
  }
  const batch = query.batch === '1';
  const names = batch ? path.split(',') : [path];
  const calls: Call[] = [];
  for (const [index, name] of names.entries()) {
    const operation = publicReads.get(name);
    if (!operation) return null;
    const raw = batch ? (inputs as Record<string, unknown> | undefined)?.[index] : inputs;
    const parsed = operation.input.safeParse(raw);
    if (!parsed.success) return null;
    calls.push({ operation, input: parsed.data });
  }
  return { calls, batch };
}

/** Each shared answer's envelope, kept with it so it is serialised and compressed once. */
const envelopeByAnswer = new WeakMap<object, { result: { data: unknown } }>();

function envelopeOf(value: unknown): { result: { data: unknown } } {
  const freshUntil = freshUntilOf(value);
  if (freshUntil === undefined) return { result: { data: value } };
  let envelope = envelopeByAnswer.get(value as object);
  if (!envelope) {
    envelope = shareAnswer({ result: { data: value } }, freshUntil);
    envelopeByAnswer.set(value as object, envelope);
  }
  return envelope;
}

export function registerPublicReadsFastPath(scope: FastifyInstance, services: Services, prefix = '/trpc'): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(`${prefix}/`)) return;
    const anonymous = tokenFromRequest(request) === null;
    const remembered = anonymous ? services.catalogCache.answerFor(request.url) : undefined;
    if (remembered !== undefined) {
      sendJson(request, reply, 200, remembered, {});
      return reply;
    }
    const parsed = callsOf(request, prefix);
    if (!parsed) return;
    const since = services.catalogCache.generation;
    let results: unknown[];
    try {
      const ctx = createRequestContext(services, request, reply);
      results = await Promise.all(
        parsed.calls.map(({ operation, input }) => runOperation(operation, ctx, input)),
      );
    } catch {
      // Not found, bad input, an outage: tRPC answers those in its own error format.
      return;
    }
    const envelopes = results.map(envelopeOf);
    let answer: object = parsed.batch ? envelopes : envelopes[0]!;
    if (parsed.batch) {
      const freshUntil = envelopes.map(freshUntilOf);
      if (freshUntil.every((until) => until !== undefined)) answer = shareAnswer(envelopes, Math.min(...(freshUntil as number[])));
    }
    if (anonymous) services.catalogCache.rememberAnswer(request.url, answer, undefined, { since });
    sendJson(request, reply, 200, answer, {});
    return reply;
  });
}
