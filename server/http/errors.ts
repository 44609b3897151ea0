/**
 * One mapping from failures to HTTP answers, for both the /api routes and
 * Fastify's own errors: always JSON `{ message }`, never a stack trace.
 */
import { ZodError } from 'zod';
import {
  Conflict,
  DATABASE_UNAVAILABLE_MESSAGE,
  DomainError,
  Forbidden,
  NotFound,
  TooManyRequests,
  Unauthorized,
  Unavailable,
  Validation,
} from '../domains/errors';

export { DATABASE_UNAVAILABLE_MESSAGE };

/** "score: Too big: expected number to be <=5" — the first problems, each naming its field (type errors: shared/schemas/fields.ts). */
export function describeValidationError(error: unknown): string | undefined {
  if (!(error instanceof ZodError)) return undefined;
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // A key that is not a plain name (an empty one, one with spaces) is quoted, so the field is still named.
      const field = issue.path.map((key) => (typeof key === 'string' && !/^[\w$-]+$/.test(key) ? JSON.stringify(key) : String(key))).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** What a body the API does not read is told (docs/API.md: 415). */
export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported content type: send application/json';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long a client is asked to wait after a 503 (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** Node socket errors and PostgreSQL SQLSTATEs meaning "cannot reach the database right now". */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// Connection exceptions, shutdown, too many connections, statement timeout, a lock wait past
// lock_timeout, a session ended for idling in a transaction.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014|55P03|25P03)$/;
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|Client has encountered a connection error|PGlite is closed|the database system is (starting up|shutting down)/i;

/** True when a failure (or anything in its cause chain) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof Unavailable) return true;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string' && (UNAVAILABLE_CODES.has(candidate.code) || UNAVAILABLE_SQLSTATE.test(candidate.code))) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    // A connection refused on every address of a host name arrives as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}

let outageReportedAt = 0;
let unreportedOutageAnswers = 0;

/**
 * Logs what a 5xx answer hides: a real failure every time, a database outage once a minute at most
 * (with the count of 503s since), so an outage under load does not flood the log.
 */
export function logServerError(log: { error(object: object, message: string): void }, error: unknown, statusCode: number, what: string): void {
  if (statusCode === 503) {
    unreportedOutageAnswers++;
    if (Date.now() - outageReportedAt < 60_000) return;
    log.error({ err: error, answeredUnavailable: unreportedOutageAnswers }, 'database unavailable: answering 503 until it returns');
    outageReportedAt = Date.now();
    unreportedOutageAnswers = 0;
  } else if (statusCode >= 500) {
    log.error({ err: error }, what);
  }
}

/** The HTTP status of each domain error; any other DomainError (a failed output check) is a 500. */
function domainStatus(error: DomainError): number {
  if (error instanceof Validation) return 400;
  if (error instanceof Unauthorized) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof TooManyRequests) return 429;
  return 500;
}

/** 65536 → "64 KiB", 314572800 → "300 MB" (as docs/API.md writes the limits). */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round((bytes / 1024) * 10) / 10} KiB`;
}

/**
 * The one mapping from a failure to an HTTP answer: domain errors, input errors, outages, Fastify's
 * own errors. `request` lets a body over its route's limit name the limit.
 */
export function toHttpError(error: unknown, request?: { routeOptions?: { bodyLimit?: number } }): { statusCode: number; message: string; retryAfterSeconds?: number } {
  const validation = describeValidationError(error);
  if (validation) return { statusCode: 400, message: validation };
  if (error instanceof Unavailable) return { statusCode: 503, message: error.message, retryAfterSeconds: RETRY_AFTER_SECONDS };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS };
  if (error instanceof DomainError) {
    const statusCode = domainStatus(error);
    if (statusCode >= 500) return { statusCode: 500, message: 'Internal server error' };
    if (error instanceof TooManyRequests) return { statusCode, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    return { statusCode, message: error.message };
  }
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, message: friendlyFastifyMessage(fastifyError, request?.routeOptions?.bodyLimit) };
  }
  return { statusCode: 500, message: 'Internal server error' };
}

function friendlyFastifyMessage(error: { code?: string; message?: string }, bodyLimit: number | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyLimit ? `Request body is too large: at most ${formatBytes(bodyLimit)}` : 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return UNSUPPORTED_TYPE_MESSAGE;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: Expected a JSON object';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body: Invalid JSON';
    case 'FST_ERR_BAD_URL':
      return 'path: Invalid URL encoding';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'path: A path parameter is too long';
    default:
      return error.message ?? 'Bad request';
  }
}
