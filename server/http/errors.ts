/**
 * One mapping from failures to HTTP answers, for both the /api routes and
 * Fastify's own errors: always JSON `{ message }`, never a stack trace.
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

/** "score: Too big: expected number to be <=5" — the first problems, each naming its field. */
export function describeValidationError(error: unknown): string | undefined {
  if (!(error instanceof ZodError)) return undefined;
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function toHttpError(error: unknown): { statusCode: number; message: string } {
  const validation = describeValidationError(error);
  if (validation) return { statusCode: 400, message: validation };
  if (error instanceof TRPCError) {
    const statusCode = getHTTPStatusCodeFromError(error);
    const cause = describeValidationError(error.cause);
    if (statusCode >= 500) return { statusCode: 500, message: 'Internal server error' };
    return { statusCode, message: cause ?? error.message };
  }
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { statusCode: fastifyError.statusCode, message: friendlyFastifyMessage(fastifyError) };
  }
  return { statusCode: 500, message: 'Internal server error' };
}

function friendlyFastifyMessage(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
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
