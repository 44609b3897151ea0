/** The one mapping from domain errors (server/domains/errors.ts) and database outages to tRPC error codes. */
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { BadGateway, Conflict, DomainError, Forbidden, InvalidOutput, NotFound, TooManyRequests, Unauthorized, Unavailable, Validation } from '../domains/errors';
import { DATABASE_UNAVAILABLE_MESSAGE, describeValidationError, isDatabaseUnavailable } from '../http/errors';
import type { Locale } from '../../src/i18n/locales';
import type { MessageId } from '../i18n/messages';
import { translate } from '../i18n/translate';

function codeOf(error: DomainError): TRPC_ERROR_CODE_KEY {
  if (error instanceof Validation) return 'BAD_REQUEST';
  if (error instanceof Unauthorized) return 'UNAUTHORIZED';
  if (error instanceof Forbidden) return 'FORBIDDEN';
  if (error instanceof NotFound) return 'NOT_FOUND';
  if (error instanceof Conflict) return 'CONFLICT';
  if (error instanceof TooManyRequests) return 'TOO_MANY_REQUESTS';
  if (error instanceof Unavailable) return 'SERVICE_UNAVAILABLE';
  if (error instanceof BadGateway) return 'BAD_GATEWAY';
  return 'INTERNAL_SERVER_ERROR';
}

/**
 * The TRPCError a failure is answered with. Anything else (a bug) is left for tRPC, which answers
 * INTERNAL_SERVER_ERROR; an outage anywhere in the cause chain is SERVICE_UNAVAILABLE (503).
 */
export function toTRPCError(error: unknown): unknown {
  if (error instanceof TRPCError) return error;
  if (error instanceof InvalidOutput) return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: error.message, cause: error.cause });
  if (error instanceof DomainError) return new TRPCError({ code: codeOf(error), message: error.message, cause: error });
  if (isDatabaseUnavailable(error)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause: error });
  return error;
}

/**
 * What a failed call's caller reads, in their language: an input error names its fields, a domain
 * error or an outage is said from the catalog (server/i18n); anything else keeps tRPC's message.
 */
export function localizedMessage(error: TRPCError, message: string, locale: Locale): string {
  const cause = error.cause;
  if (error.code === 'BAD_REQUEST' && cause) {
    const validation = describeValidationError(cause, locale);
    if (validation) return validation;
  }
  if (cause instanceof DomainError && !(cause instanceof InvalidOutput)) return cause.messageIn(locale);
  if (error.code === 'SERVICE_UNAVAILABLE' && isDatabaseUnavailable(cause)) return translate(locale, 'error.databaseUnavailable');
  return message;
}

/**
 * The catalog id of a domain error's text, null for any other failure: the web app tells refusals
 * apart by it (time's up, bedtime), as their message is in the caller's language.
 */
export function messageIdOf(error: TRPCError): MessageId | null {
  return error.cause instanceof DomainError ? (error.cause.text?.id ?? null) : null;
}
