/**
 * The failures a domain service reports, whatever transport called it. Each transport maps them
 * once: to HTTP statuses in server/http/errors.ts (`toHttpError`), to tRPC codes in
 * server/trpc/errors.ts (`toTRPCError`). The message is what the caller reads.
 */
export abstract class DomainError extends Error {}

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
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
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

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; please try again in a few seconds';

/** A dependency (the database) cannot be reached right now: the caller should retry shortly. */
export class Unavailable extends DomainError {
  override readonly name = 'Unavailable';
  constructor(message = DATABASE_UNAVAILABLE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The caller used up one of the operation's rate limits. */
export class TooManyRequests extends DomainError {
  override readonly name = 'TooManyRequests';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests: try again in ${retryAfterSeconds} seconds`);
  }
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
export type ServiceErrorClass = typeof NotFound | typeof Conflict | typeof Validation | typeof Unauthorized | typeof Forbidden;
