/** The one mapping from domain errors (server/domains/errors.ts) and database outages to tRPC error codes. */
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { Conflict, DomainError, Forbidden, InvalidOutput, NotFound, TooManyRequests, Unauthorized, Unavailable, Validation } from '../domains/errors';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../http/errors';

function codeOf(error: DomainError): TRPC_ERROR_CODE_KEY {
  if (error instanceof Validation) return 'BAD_REQUEST';
  if (error instanceof Unauthorized) return 'UNAUTHORIZED';
  if (error instanceof Forbidden) return 'FORBIDDEN';
  if (error instanceof NotFound) return 'NOT_FOUND';
  if (error instanceof Conflict) return 'CONFLICT';
  if (error instanceof TooManyRequests) return 'TOO_MANY_REQUESTS';
  if (error instanceof Unavailable) return 'SERVICE_UNAVAILABLE';
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
