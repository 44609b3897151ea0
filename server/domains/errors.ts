/**
 * The failures a domain service reports, whatever transport called it. Each transport maps them
 * once: to HTTP statuses in server/http/errors.ts (`toHttpError`), to tRPC codes in
 * server/trpc/errors.ts (`toTRPCError`). The message is what the caller reads: a catalog text
 * (`text('games.notFound')`, server/i18n) is answered in the caller's language.
 */
import type { Locale } from '../../src/i18n/locales';
import { text, translate, type Text } from '../i18n/translate';

export abstract class DomainError extends Error {
  /**
   * The message as a catalog text (server/i18n), which the transport puts in the caller's language;
   * absent for a text not in the catalog. Not enumerable: an error still equals one made with its
   * English message (as tests compare them).
   */
  declare readonly text?: Text;

  constructor(message: string | Text, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : message.in('en'), options);
    if (typeof message !== 'string') Object.defineProperty(this, 'text', { value: message, enumerable: false });
  }

  /** What the caller reads, in their language. */
  messageIn(locale: Locale): string {
    return this.text ? this.text.in(locale) : this.message;
  }
}

/** A kind of domain error: its class, as an operation's `errors` (operation.ts) and the tests name it. */
export type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** The thing asked for does not exist, or is not visible to the caller. */
export class NotFound extends DomainError {
  override readonly name = 'NotFound';
}

/** The request clashes with the current state (a duplicate, a report already closed). */
export class Conflict extends DomainError {
  override readonly name = 'Conflict';
}

/** One input field is not acceptable: the message reads "field: what is wrong". */
export class Validation extends DomainError {
  override readonly name = 'Validation';
  /** The problem in English; `text` holds it as a catalog text when it is one. */
  readonly problem: string;

  constructor(
    readonly field: string,
    problem: string | Text,
  ) {
    const english = typeof problem === 'string' ? problem : problem.in('en');
    super(`${field}: ${english}`);
    this.problem = english;
    if (typeof problem !== 'string') Object.defineProperty(this, 'text', { value: problem, enumerable: false });
  }

  /** The field keeps its name (it is the API's); the problem is said in the caller's language. */
  override messageIn(locale: Locale): string {
    return this.text ? `${this.field}: ${this.text.in(locale)}` : this.message;
  }
}

/** The caller is not signed in, or their credentials (a token, a code) are not valid. */
export class Unauthorized extends DomainError {
  override readonly name = 'Unauthorized';
}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {
  override readonly name = 'Forbidden';
}

export const DATABASE_UNAVAILABLE_MESSAGE = translate('en', 'error.databaseUnavailable');

/** A dependency (the database) cannot be reached right now: the caller should retry shortly. */
export class Unavailable extends DomainError {
  override readonly name = 'Unavailable';
  constructor(message: string | Text = text('error.databaseUnavailable'), options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The caller used up one of the operation's rate limits. */
export class TooManyRequests extends DomainError {
  override readonly name = 'TooManyRequests';
  constructor(readonly retryAfterSeconds: number) {
    super(text('error.tooManyRequests', { seconds: retryAfterSeconds }));
  }
}

/** Something the portal fetched on the caller's word could not be read (a distributor's feed): the message says why. */
export class BadGateway extends DomainError {
  override readonly name = 'BadGateway';
}

/** An operation answered something its output schema refuses: a bug, reported as an internal error. */
export class InvalidOutput extends DomainError {
  override readonly name = 'InvalidOutput';
  constructor(cause: unknown) {
    super('Output validation failed', { cause });
  }
}

/**
 * The errors a service raises on its own, which an operation names in its `errors` (operation.ts)
 * so the OpenAPI document declares their statuses. TooManyRequests comes from the transport's rate
 * limit, Unavailable from any database call and InvalidOutput from a bug: the document declares
 * those from the operation's other properties.
 */
export type ServiceErrorClass = typeof NotFound | typeof Conflict | typeof Validation | typeof Unauthorized | typeof Forbidden | typeof BadGateway;
