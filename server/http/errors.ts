/**
 * One mapping from failures to HTTP answers, for both the /api routes and
 * Fastify's own errors: always JSON `{ message }`, never a stack trace.
 */
import { ZodError } from 'zod';
import {
  BadGateway,
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
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n/locales';
import { requestLocale } from '../i18n/locale';
import { text, translate, type Text } from '../i18n/translate';
import { issueMessage } from '../i18n/validation';

export { DATABASE_UNAVAILABLE_MESSAGE };

/** "score: Too big: expected number to be <=5" — the first problems, each naming its field (type errors: shared/schemas/fields.ts). */
export function describeValidationError(error: unknown, locale: Locale = DEFAULT_LOCALE): string | undefined {
  if (!(error instanceof ZodError)) return undefined;
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // A key that is not a plain name (an empty one, one with spaces) is quoted, so the field is still named.
      const field = issue.path.map((key) => (typeof key === 'string' && !/^[\w$-]+$/.test(key) ? JSON.stringify(key) : String(key))).join('.');
      const message = issueMessage(issue, locale);
      return field ? `${field}: ${message}` : message;
    })
    .join('; ');
}

/** What a body the API does not read is told (docs/API.md: 415). */
export const UNSUPPORTED_TYPE_MESSAGE = text('error.unsupportedContentType');
/** Fastify's code for a JSON body that does not parse; the REST API's own parser gives it too. */
export const INVALID_JSON_CODE = 'FST_ERR_CTP_INVALID_JSON_BODY';

/** A refusal outside the domain services (an upload's body): `field: text`, the text said in the caller's language when it is a catalog text. */
export class HttpError extends Error {
  declare readonly text?: Text;

  constructor(
    readonly statusCode: number,
    message: string | Text,
    readonly field?: string,
  ) {
    const english = typeof message === 'string' ? message : message.in('en');
    super(field ? `${field}: ${english}` : english);
    if (typeof message !== 'string') Object.defineProperty(this, 'text', { value: message, enumerable: false });
  }

  messageIn(locale: Locale): string {
    if (!this.text) return this.message;
    return this.field ? `${this.field}: ${this.text.in(locale)}` : this.text.in(locale);
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
  if (error instanceof BadGateway) return 502;
  return 500;
}

/** 65536 → "64 KiB", 314572800 → "300 MB" (as docs/API.md writes the limits). */
function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round((bytes / 1024) * 10) / 10} KiB`;
}

/**
 * The one mapping from a failure to an HTTP answer: domain errors, input errors, outages, Fastify's
 * own errors. With the `request`, a body over its route's limit names the limit and the message is
 * in the request's language (server/i18n/locale.ts); without it, English.
 */
export function toHttpError(
  error: unknown,
  request?: { routeOptions?: { bodyLimit?: number }; headers?: Record<string, string | string[] | undefined> },
): { statusCode: number; message: string; retryAfterSeconds?: number } {
  const locale = request?.headers ? requestLocale(request.headers) : DEFAULT_LOCALE;
  const validation = describeValidationError(error, locale);
  if (validation) return { statusCode: 400, message: validation };
  if (error instanceof Unavailable) return { statusCode: 503, message: error.messageIn(locale), retryAfterSeconds: RETRY_AFTER_SECONDS };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: translate(locale, 'error.databaseUnavailable'), retryAfterSeconds: RETRY_AFTER_SECONDS };
  if (error instanceof DomainError) {
    const statusCode = domainStatus(error);
    if (statusCode >= 500 && statusCode !== 502) return { statusCode: 500, message: 'Internal server error' };
    if (error instanceof TooManyRequests) return { statusCode, message: error.messageIn(locale), retryAfterSeconds: error.retryAfterSeconds };
    return { statusCode, message: error.messageIn(locale) };
  }
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.messageIn(locale) };
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, message: friendlyFastifyMessage(fastifyError, request?.routeOptions?.bodyLimit, locale) };
  }
  return { statusCode: 500, message: 'Internal server error' };
}

function friendlyFastifyMessage(error: { code?: string; message?: string }, bodyLimit: number | undefined, locale: Locale): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyLimit ? translate(locale, 'error.bodyTooLarge', { limit: formatBytes(bodyLimit) }) : translate(locale, 'error.bodyTooLargeNoLimit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return translate(locale, 'error.unsupportedContentType');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `body: ${translate(locale, 'error.emptyJson')}`;
    case INVALID_JSON_CODE:
      return `body: ${translate(locale, 'error.invalidJson')}`;
    case 'FST_ERR_BAD_URL':
      return `path: ${translate(locale, 'error.badUrlEncoding')}`;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `path: ${translate(locale, 'error.pathParameterTooLong')}`;
    default:
      return error.message ?? 'Bad request';
  }
}
