/**
 * The server's logger as shipped: pino at LOG_LEVEL, writing asynchronously
 * (a synchronous write per line cost a hot route about a third of its
 * throughput; docs/DECISIONS.md), with tokens and cookies redacted. Each request is
 * logged once, when answered, in one short line (Fastify logs it twice by
 * default, serialising the whole request and reply).
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Env } from './env';

export function loggerOptions(env: Pick<Env, 'LOG_LEVEL'>): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Buffered and flushed by the event loop; pino flushes what is left when the process exits.
    stream: pino.destination({ dest: 1, sync: false }),
  };
}

/** One line per answered request: method, path (not the query: it may hold what someone searched for), status, time. */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const line = {
      method: request.method,
      path: queryStart === -1 ? url : url.slice(0, queryStart),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
