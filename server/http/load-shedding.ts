/**
 * Load shedding (@fastify/under-pressure): when the event loop falls behind or the heap nears
 * its limit, requests are answered 503 at once, with Retry-After, instead of queueing until
 * every client times out. `/api` answers `{message}`; `/trpc` answers in tRPC's error format
 * with SERVICE_UNAVAILABLE, which the web app shows as "We'll be right back". The liveness check
 * (`/api/health`) is still answered: the process is alive, only busy; readiness (`/api/ready`)
 * says 503, so a load balancer sends traffic elsewhere meanwhile.
 */
import underPressure from '@fastify/under-pressure';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import type { Env } from '../env';
import { RETRY_AFTER_SECONDS } from './errors';

export const SERVER_BUSY_MESSAGE = 'The server is too busy right now; please try again in a few seconds';

/** One procedure's SERVICE_UNAVAILABLE error, as tRPC's client reads it. */
function trpcBusyError(path: string) {
  return {
    error: {
      message: SERVER_BUSY_MESSAGE,
      code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path },
    },
  };
}

/** The body of a busy /trpc answer: one error, or one per procedure of a batch. */
function trpcBusyBody(url: string): unknown {
  const [pathPart = '', query = ''] = url.slice('/trpc/'.length).split('?');
  const procedures = decodeURIComponent(pathPart).split(',');
  return new URLSearchParams(query).get('batch') === '1' ? procedures.map(trpcBusyError) : trpcBusyError(procedures[0]!);
}

/**
 * Answers the API's calls 503. Let through (under-pressure then serves them as usual): the
 * liveness check, and the web app's files and pages. A file costs next to nothing to send and a
 * page that could not load its scripts would stay dead after the pressure passed; pages are
 * sent unrendered meanwhile (server/web/pages.ts), and their API calls are told to retry.
 */
function answerBusy(request: FastifyRequest, reply: FastifyReply): void {
  if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return;
  if (!request.url.startsWith('/api/') && !request.url.startsWith('/trpc/') && request.url !== '/api' && request.url !== '/trpc') return;
  const body = request.url.startsWith('/trpc/') ? trpcBusyBody(request.url) : { message: SERVER_BUSY_MESSAGE };
  void reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(body);
}

export async function registerLoadShedding(app: FastifyInstance, env: Pick<Env, 'MAX_EVENT_LOOP_DELAY_MS' | 'MAX_HEAP_MB'>): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: env.MAX_EVENT_LOOP_DELAY_MS,
    maxHeapUsedBytes: env.MAX_HEAP_MB ? env.MAX_HEAP_MB * 1024 * 1024 : Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    pressureHandler: answerBusy,
  });
}
