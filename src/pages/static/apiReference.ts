/**
 * The endpoint reference of the API documentation page, read from the portal's OpenAPI document
 * (GET /api/openapi.json, made from the operation registry): every operation under /v1 with its
 * parameters, request and answer examples, and every response the document declares. The page
 * adds only what a document does not carry: the short heading and anchor it gives each operation.
 */
import { API_KEY_PLACEHOLDER } from './apiDocsContent';

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

export interface Param {
  name: string;
  type: string;
  description?: string;
  required: boolean;
  defaultValue?: string;
}

export interface Endpoint {
  /** The card's anchor on the page. */
  id: string;
  method: string;
  /** Path relative to the API's base URL, with `:name` path parameters. */
  path: string;
  heading: string;
  description: string;
  pathParams: Param[];
  query: Param[];
  body: Param[];
  /** The document's example request body, when the operation takes one. */
  request?: unknown;
  /** The body is a file (a build's zip), sent as it is with Content-Type application/zip. */
  fileBody?: boolean;
  /** The example query of the Try it call and its curl command: each parameter's example. */
  exampleQuery: Record<string, string>;
  /** "200 OK": the success status with its reason phrase. */
  successStatus: string;
  response?: unknown;
  /** Every status the document declares, the success first. */
  responses: { status: string; description: string }[];
}

export interface ApiReference {
  games: Endpoint[];
  analytics: Endpoint[];
}

/**
 * The headings this page gives the v1 operations, and their anchors (links elsewhere point at
 * them). An operation not named here is still shown: under its operationId, headed by its summary.
 */
const NAMED_OPERATIONS: Record<string, { anchor: string; heading: string }> = {
  'v1-games-list': { anchor: 'list-games', heading: 'List games' },
  'v1-games-create': { anchor: 'create-game', heading: 'Submit a game' },
  'v1-games-update': { anchor: 'update-game', heading: 'Update a game' },
  'v1-builds-upload': { anchor: 'upload-build', heading: 'Upload a build' },
  'v1-builds-list': { anchor: 'list-builds', heading: 'List builds' },
  'v1-builds-get': { anchor: 'get-build', heading: 'Get a build and its checks' },
  'v1-builds-submit': { anchor: 'submit-build', heading: 'Submit a build for review' },
  'v1-builds-setLive': { anchor: 'build-live', heading: 'Put a build live (roll back)' },
  'v1-builds-setThreads': { anchor: 'build-threads', heading: 'Say whether a build needs threads' },
  'v1-builds-setCompressedFiles': { anchor: 'build-compressed-files', heading: 'Say how a build’s compressed files are sent' },
  'v1-scores-top': { anchor: 'leaderboard', heading: 'Get a leaderboard' },
  'v1-medals-declared': { anchor: 'list-medals', heading: "List your game's medals" },
  'v1-medals-declare': { anchor: 'declare-medals', heading: 'Declare medals' },
  'v1-translations-list': { anchor: 'list-translations', heading: "List your game's languages" },
  'v1-translations-get': { anchor: 'get-translation', heading: "Get your game's listing in a language" },
  'v1-translations-put': { anchor: 'put-translation', heading: "Translate your game's listing" },
  'v1-translations-remove': { anchor: 'remove-translation', heading: 'Remove a translation' },
  'v1-analytics-game': { anchor: 'game-analytics', heading: 'Get game analytics' },
  'v1-analytics-track': { anchor: 'track-event', heading: 'Track an event' },
  'v1-statements-list': { anchor: 'list-statements', heading: 'List your monthly statements' },
};

const REASON_PHRASES: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content' };

/** The parts of an OpenAPI 3.1 document this page reads. */
interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface OpenApiOperation {
  operationId: string;
  summary: string;
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const V1_PREFIX = '/v1';

function typeOf(schema: JsonSchema): string {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  const type = types[0];
  if (type === 'array') return `${typeOf(schema.items ?? {})}[]`;
  if (schema.format === 'date-time') return 'string (ISO 8601)';
  return type ?? 'any';
}

/** A default worth showing: a plain value (not the `{}` of a free-form object). */
function shownDefault(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

function paramOf(name: string, schema: JsonSchema, required: boolean, description?: string): Param {
  const defaultValue = shownDefault(schema.default);
  return {
    name,
    type: typeOf(schema),
    required,
    ...((description ?? schema.description) ? { description: description ?? schema.description } : {}),
    ...(defaultValue === undefined ? {} : { defaultValue }),
  };
}

function endpointOf(method: string, path: string, operation: OpenApiOperation): Endpoint {
  const named = NAMED_OPERATIONS[operation.operationId];
  const parameters = operation.parameters ?? [];
  const paramsIn = (where: string) =>
    parameters.filter((parameter) => parameter.in === where).map((parameter) => paramOf(parameter.name, parameter.schema ?? {}, Boolean(parameter.required), parameter.description));
  const exampleQuery: Record<string, string> = {};
  for (const parameter of parameters) {
    const example = parameter.in === 'query' ? parameter.schema?.examples?.[0] : undefined;
    if (example !== undefined) exampleQuery[parameter.name] = String(example);
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const required = new Set(bodySchema?.required ?? []);
  const body = Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => paramOf(name, schema, required.has(name)));
  const statuses = Object.keys(operation.responses);
  const success = statuses.find((status) => status.startsWith('2')) ?? '200';
  const response = operation.responses[success]?.content?.['application/json']?.schema?.examples?.[0];
  return {
    id: named?.anchor ?? operation.operationId,
    method: method.toUpperCase(),
    path: path.slice(V1_PREFIX.length).replace(/\{(\w+)\}/g, ':$1'),
    heading: named?.heading ?? operation.summary,
    description: operation.summary,
    pathParams: paramsIn('path'),
    query: paramsIn('query'),
    body,
    ...(bodySchema?.examples?.[0] === undefined ? {} : { request: bodySchema.examples[0] }),
    ...(operation.requestBody?.content?.['application/zip'] ? { fileBody: true } : {}),
    exampleQuery,
    successStatus: `${success} ${REASON_PHRASES[success] ?? ''}`.trim(),
    ...(response === undefined ? {} : { response }),
    responses: [success, ...statuses.filter((status) => status !== success)].map((status) => ({ status, description: operation.responses[status]!.description })),
  };
}

/** The /v1 operations of the document, in its order: the analytics ones, and the games ones (every other). */
export function referenceFromOpenApi(document: OpenApiDocument): ApiReference {
  const reference: ApiReference = { games: [], analytics: [] };
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith(`${V1_PREFIX}/`)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const endpoint = endpointOf(method, path, operation);
      (path.startsWith(`${V1_PREFIX}/analytics`) || path.startsWith(`${V1_PREFIX}/statements`) ? reference.analytics : reference.games).push(endpoint);
    }
  }
  return reference;
}

/** The example call's path and query: `:id` filled with `id`. */
/** The example call's path, with the reader's game id and, for a build's calls, its build id. */
export function examplePath(endpoint: Endpoint, id: string, buildId = '1') {
  const query = Object.keys(endpoint.exampleQuery).length > 0 ? `?${new URLSearchParams(endpoint.exampleQuery).toString()}` : '';
  return `${endpoint.path.replace(':id', encodeURIComponent(id)).replace(':buildId', encodeURIComponent(buildId)).replace(':locale', 'fr')}${query}`;
}

/** The example call as a curl command; `body` is the request's JSON text. */
export function curlCommand(endpoint: Endpoint, { apiKey, baseUrl, id, buildId, body }: { apiKey: string; baseUrl: string; id: string; buildId?: string; body?: string }) {
  const lines = [`curl -X ${endpoint.method} "${baseUrl}${examplePath(endpoint, id, buildId)}"`, `  -H "Authorization: Bearer ${apiKey || API_KEY_PLACEHOLDER}"`];
  if (endpoint.fileBody) lines.push(`  -H "Content-Type: application/zip"`, `  --data-binary @game.zip`);
  else if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${body.replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

export function json(value: unknown) {
  return JSON.stringify(value, null, 2);
}
