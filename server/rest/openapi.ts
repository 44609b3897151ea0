import type { AnyRouter } from '@trpc/server';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { PORTAL_NAME } from '../../shared/constants';
import { operationsOf } from './adapter';

type Responses = Record<string, { description?: string; content?: unknown }>;
type OpenApiDocument = { paths?: Record<string, Record<string, { responses?: Responses }>> };

/** Statuses an operation answers besides 200 (trpc-to-openapi documents every success as 200). */
const EXTRA_SUCCESS: Record<string, number[]> = { 'POST /auth/login': [202] };

/** The OpenAPI 3 document of every /api operation, generated from the same procedures and zod schemas. */
export function buildOpenApiDocument(appRouter: AnyRouter, publicUrl: string): unknown {
  const document = generateOpenApiDocument(appRouter, {
    title: `${PORTAL_NAME} API`,
    description:
      'The portal\'s public REST API. Sign in with POST /auth/login and POST /auth/verify, then send the token as `Authorization: Bearer <token>` (or the auth_token cookie). Errors are JSON `{ "message" }`.',
    version: '1.0.0',
    baseUrl: `${publicUrl}/api`,
    docsUrl: `${publicUrl}/api-docs`,
  }) as OpenApiDocument;
  for (const operation of operationsOf(appRouter)) {
    const responses = document.paths?.[operation.path]?.[operation.method.toLowerCase()]?.responses;
    const ok = responses?.['200'];
    if (!responses || !ok) continue;
    if (typeof operation.successStatus === 'number' && operation.successStatus !== 200) {
      delete responses['200'];
      responses[String(operation.successStatus)] = ok;
    }
    for (const status of EXTRA_SUCCESS[`${operation.method} ${operation.path}`] ?? []) {
      responses[String(status)] = { ...ok, description: 'A sign-in code was mailed: {"status": "code_sent"}' };
    }
  }
  return document;
}
