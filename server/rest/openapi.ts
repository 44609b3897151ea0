/**
 * The OpenAPI 3.1 document of every /api operation, generated from the operation registry and its
 * zod schemas with zod-openapi. It keeps the layout trpc-to-openapi gave it before (operation ids,
 * query and path parameters, bodies without the path parameters, the error responses).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { PORTAL_NAME, PUBLIC_API } from '../../shared/constants';
import type { AnyOperation } from '../domains/operation';
import { operations, v1Operations } from '../domains/registry';
import type { DomainError, ServiceErrorClass } from '../domains/errors';
import { toHttpError } from '../http/errors';

type AnySchema = z.ZodType;
type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** Statuses an operation answers besides its usual one. */
const EXTRA_SUCCESS: Record<string, { status: `${2 | 4}${string}`; description: string }[]> = {
  'POST /auth/login': [{ status: '202', description: 'A sign-in code was mailed: {"status": "code_sent"}' }],
  // A refused write still answers the operation's output: the account's current save.
  'PUT /games/{id}/save': [
    { status: '409', description: 'The write named another version than the stored one: {"status": "conflict", "message", "save"} with the current save' },
  ],
};

const SECURITY_SCHEME = 'Authorization';
/** The public API /api/v1 is made with an API key (POST /dev/keys), sent the same way. */
const API_KEY_SCHEME = 'ApiKey';

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Calls the key may make in the current hour', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Calls the key has left in the current hour', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Seconds until the hour starts again', schema: { type: 'integer' as const } },
};

function kindOf(schema: unknown): string | undefined {
  return (schema as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type;
}

/** The schema under optional, nullable, default and pipe wrappers, as a parameter or body is documented. */
function unwrap(schema: AnySchema): AnySchema {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: AnySchema; in?: AnySchema; out?: AnySchema; element?: AnySchema } } })._zod.def;
  switch (def.type) {
    case 'array':
      return unwrap(def.element!);
    case 'enum':
      return z.string();
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
      return unwrap(def.innerType!);
    case 'pipe':
      return unwrap(kindOf(def.out) === 'transform' ? def.in! : def.out!);
    default:
      return schema;
  }
}

function isVoidLike(schema: AnySchema): boolean {
  const kind = kindOf(schema);
  return kind === 'void' || kind === 'undefined' || kind === 'never';
}

/** A copy carrying only the documentation of `from` (its title, description and examples). */
function withDocsOf<T extends AnySchema>(schema: T, from: AnySchema): T {
  const meta = from.meta();
  return schema.meta({
    ...(meta?.title ? { title: meta.title } : {}),
    ...(meta?.description ? { description: meta.description } : {}),
    ...(meta?.examples ? { examples: meta.examples } : {}),
  }) as T;
}

/**
 * A parameter read from its text into a number (idParamSchema: a preprocess, then the number) is
 * documented as the number it becomes, with its own documentation; anything else as it is.
 */
function asDocumented(field: AnySchema): AnySchema {
  const def = (field as unknown as { _zod: { def: { type: string; in?: AnySchema; out?: AnySchema; innerType?: AnySchema } } })._zod.def;
  if (def.type === 'optional') return asDocumented(def.innerType!).optional();
  if (def.type === 'pipe' && kindOf(def.in) === 'transform') return withDocsOf(def.out!, field);
  return field;
}

function parameters(schema: ObjectSchema, required: boolean, pathParameters: string[], where: 'path' | 'all') {
  const path: Record<string, AnySchema> = {};
  const query: Record<string, AnySchema> = {};
  for (const [name, given] of Object.entries(schema.shape) as [string, AnySchema][]) {
    const field = asDocumented(given);
    const inPath = pathParameters.includes(name);
    if (where === 'path' && !inPath) continue;
    const isRequired = inPath || (required && !field.safeParse(undefined).success);
    const documented = kindOf(field) === 'optional' ? (field as z.ZodOptional<AnySchema>).unwrap() : field;
    (inPath ? path : query)[name] = isRequired ? documented : documented.optional();
  }
  return { path: z.object(path), query: z.object(query) };
}

function requestBody(schema: ObjectSchema, required: boolean, pathParameters: string[]) {
  const shape = Object.fromEntries(Object.entries(schema.shape).filter(([name]) => !pathParameters.includes(name)));
  if (pathParameters.length > 0 && Object.keys(shape).length === 0) return undefined;
  return { required, content: { 'application/json': { schema: withDocsOf(z.object(shape), schema) } } };
}

/** A file body (an operation's `upload`): the zip itself, or a multipart form's one file. */
function fileRequestBody(maxBytes: number) {
  const description = `The build: a .zip of at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`;
  const file = z.string().meta({ format: 'binary', description });
  return {
    required: true,
    content: {
      'application/zip': { schema: file },
      'multipart/form-data': { schema: z.object({ build: file }) },
    },
  };
}

const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Invalid input data' },
  UNAUTHORIZED: { status: 401, message: 'Authorization not provided' },
  FORBIDDEN: { status: 403, message: 'Insufficient access' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'Conflict with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal server error' },
  BAD_GATEWAY: { status: 502, message: 'Bad gateway' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable' },
} as const;

type ErrorCode = keyof typeof ERRORS;

const ERROR_CODE_OF_STATUS = new Map(Object.entries(ERRORS).map(([code, { status }]) => [status as number, code as ErrorCode]));

const errorResponses = new Map<ErrorCode, ZodOpenApiResponseObject>();

/** One shared response per error (a named component of the document). */
function errorResponse(code: ErrorCode): ZodOpenApiResponseObject {
  let response = errorResponses.get(code);
  if (!response) {
    const { status, message } = ERRORS[code];
    const schema = z
      .object({
        message: z.string().meta({ description: 'The error message', example: message }),
        code: z.string().meta({ description: 'The error code', example: code }),
        issues: z
          .array(z.object({ message: z.string() }))
          .optional()
          .meta({ description: 'An array of issues that were responsible for the error', example: [] }),
      })
      .meta({ title: `${message} error (${status})`, description: 'The error information', example: { code, message, issues: [] }, id: `error.${code}` });
    response = { description: message, content: { 'application/json': { schema } } };
    errorResponses.set(code, response);
  }
  return response;
}

const retryAfterHeader = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } } };

/** The status /api answers for a domain error of this kind: the transports' own mapping, asked with a bare instance. */
function statusOf(kind: ServiceErrorClass): number {
  return toHttpError(Object.create(kind.prototype) as DomainError).statusCode;
}

/**
 * Every error status the operation can answer, from its definition: the domain errors its service
 * raises (`errors`), and what its other properties bring. Every non-GET route parses a body up to a
 * limit: a broken one is 400, a larger one 413, another content type than JSON 415. Any call may
 * find the database down or the server too busy (503), or fail (500).
 */
function errorStatusesOf(operation: AnyOperation): number[] {
  const takesInput = !isVoidLike(unwrap(operation.input));
  const readsBody = operation.method !== 'GET';
  const statuses = new Set<number>([500, 503]);
  if (takesInput || readsBody) statuses.add(400);
  if (readsBody) statuses.add(413).add(415);
  if (operation.access !== 'public') statuses.add(401).add(403);
  if (operation.rateLimit) statuses.add(429);
  // The layout kept from trpc-to-openapi declared 404 for every GET, PUT and DELETE with an input;
  // kept so that no client generated from an earlier document loses a response it knows.
  if (takesInput && operation.method !== 'POST') statuses.add(404);
  for (const kind of operation.errors ?? []) statuses.add(statusOf(kind));
  return [...statuses].sort((a, b) => a - b);
}

function responsesOf(operation: AnyOperation): ZodOpenApiResponsesObject {
  const withKey = operation.access === 'apiKey';
  const ok: ZodOpenApiResponseObject = {
    description: 'Successful response',
    ...(isVoidLike(operation.output) ? {} : { content: { 'application/json': { schema: operation.output } } }),
    ...(withKey ? { headers: rateLimitHeaders } : {}),
  };
  const successStatus = typeof operation.successStatus === 'number' ? operation.successStatus : 200;
  const responses: ZodOpenApiResponsesObject = { [`${successStatus}`]: ok };
  for (const status of errorStatusesOf(operation)) {
    const response = errorResponse(ERROR_CODE_OF_STATUS.get(status)!);
    const key = `${status}` as `${4 | 5}${string}`;
    if (status === 429 && withKey) responses[key] = { ...response, headers: rateLimitHeaders };
    else if (status === 503) responses[key] = { ...response, headers: retryAfterHeader };
    else responses[key] = response;
  }
  for (const extra of EXTRA_SUCCESS[`${operation.method} ${operation.path}`] ?? []) {
    responses[extra.status] = { ...ok, description: extra.description };
  }
  return responses;
}

function describe(name: string, operation: AnyOperation): ZodOpenApiOperationObject {
  const input = operation.input as AnySchema;
  const pathParameters = [...operation.path.matchAll(/\{(.+?)\}/g)].map(([, key]) => key!);
  const required = !input.safeParse(undefined).success;
  const schema = withDocsOf(unwrap(input), input);
  const request: Pick<ZodOpenApiOperationObject, 'requestBody' | 'requestParams'> = {};
  if (pathParameters.length > 0 || !isVoidLike(schema)) {
    if (kindOf(schema) !== 'object') throw new Error(`${operation.method} ${operation.path}: its input must be a z.object`);
    const object = schema as ObjectSchema;
    const missing = pathParameters.filter((parameter) => !(parameter in object.shape));
    if (missing.length > 0) throw new Error(`${operation.method} ${operation.path}: its input has no ${missing.join(', ')}`);
    // A DELETE's fields other than its path's come in the body, as /api reads them (DELETE /me's confirmation).
    if (operation.method === 'GET') {
      request.requestParams = parameters(object, required, pathParameters, 'all');
    } else if (operation.upload) {
      // The body is the file itself (server/http/uploads.ts), not JSON.
      request.requestBody = fileRequestBody(operation.upload.maxBytes);
      request.requestParams = parameters(object, required, pathParameters, 'path');
    } else {
      const body = requestBody(object, required, pathParameters);
      if (body) request.requestBody = body;
      request.requestParams = parameters(object, required, pathParameters, 'path');
    }
  }
  return {
    operationId: name.replace(/\./g, '-'),
    summary: operation.summary,
    tags: operation.tags,
    // Public operations say so explicitly: an empty list, no credentials.
    security: operation.access === 'public' ? [] : [{ [operation.access === 'apiKey' ? API_KEY_SCHEME : SECURITY_SCHEME]: [] }],
    ...request,
    responses: responsesOf(operation),
  };
}

/** The OpenAPI 3.1 document of every /api operation. */
export function buildOpenApiDocument(publicUrl: string): unknown {
  const paths: ZodOpenApiPathsObject = {};
  for (const { name, operation } of operations) {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    if (paths[operation.path]?.[method]) throw new Error(`Two operations serve ${operation.method} ${operation.path}`);
    paths[operation.path] = { ...paths[operation.path], [method]: describe(name, operation) };
  }
  for (const { name, operation } of v1Operations) {
    const path = `/v1${operation.path}`;
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    paths[path] = { ...paths[path], [method]: describe(name, operation) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: `${PORTAL_NAME} API`,
      description:
        "The portal's public REST API. Sign in with POST /auth/login and POST /auth/verify, then send the token as `Authorization: Bearer <token>` (or the auth_token cookie). " +
        `The public API under /v1 is made with an API key from POST /dev/keys, sent as \`Authorization: Bearer <key>\`, and limited per key (${PUBLIC_API.gamesPerHour} game calls and ${PUBLIC_API.analyticsPerHour} analytics calls an hour). ` +
        'Errors are JSON `{ "message" }`.',
      version: '1.0.0',
    },
    servers: [{ url: `${publicUrl}/api` }],
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'A session token from POST /auth/login or POST /auth/verify' },
        [API_KEY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'An API key (pf_live_…) from POST /dev/keys, for the public API under /v1' },
      },
    },
    externalDocs: { url: `${publicUrl}/api-docs` },
  });
}
