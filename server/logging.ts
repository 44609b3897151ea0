/**
 * The server's logger as shipped: pino at LOG_LEVEL, writing asynchronously and a few
 * kilobytes at a time (a synchronous write per line cost a hot route about a third of its
 * throughput; docs/DECISIONS.md), with tokens and cookies redacted. Each request is
 * logged once, when answered, in one short line (Fastify logs it twice by
 * default, serialising the whole request and reply).
 *
 * LOG_FORMAT: one JSON object per line for log collectors, or lines a person reads
 * (`08:15:02 INFO: GET /api/health 200 0.4 ms`, pino-pretty in this process);
 * `auto` picks readable lines when stdout is a terminal.
 */
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Env } from './env';

export type LogFormat = 'json' | 'pretty';

export function logFormatOf(env: Pick<Env, 'LOG_FORMAT'>, stdoutIsTerminal = process.stdout.isTTY === true): LogFormat {
  if (env.LOG_FORMAT !== 'auto') return env.LOG_FORMAT;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** The fields of a request line (OneLineRequestLog), printed as one phrase when readable. */
const REQUEST_FIELDS = ['method', 'path', 'status', 'ms'] as const;

function readableStream(colorize: boolean): pino.DestinationStream {
  return pretty({
    colorize,
    translateTime: 'HH:MM:ss',
    // Every line carries them; on a terminal they are noise.
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
    messageFormat: (log, messageKey) => {
      if (log[messageKey] !== 'request' || typeof log.method !== 'string') return String(log[messageKey] ?? '');
      return `${log.method} ${String(log.path)} ${String(log.status)} ${String(log.ms)} ms`;
    },
    destination: 1,
    sync: false,
  });
}

export function loggerOptions(
  env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  format: LogFormat = logFormatOf(env),
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: env.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    stream: format === 'json' ? bufferedStdout() : readableStream(process.stdout.isTTY === true),
  };
}

/** Bytes of log lines gathered before they are written; whatever is fewer goes out within LOG_FLUSH_MS. */
export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_MS = 500;

/**
 * stdout for JSON lines, written asynchronously a few kilobytes at a time: a write per line (or
 * per turn of the event loop) cost a busy portal more than making the lines. Lines wait at most
 * LOG_FLUSH_MS (sonic-boom's periodic flush); pino writes what is left when the process exits, a
 * crash included.
 */
export function bufferedStdout(dest: number | string = 1): ReturnType<typeof pino.destination> {
  const stream = pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
  plainJsonStreams.add(stream);
  return stream;
}

/** Streams that take pino's JSON lines as they are (no pretty-printing, no transport): request lines may be written to them directly (request-log.ts). */
export const plainJsonStreams = new WeakSet<object>();
