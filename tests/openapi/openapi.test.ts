import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations as registered, v1Operations } from '../../server/domains/registry';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Parameter = { in: string; name: string; required?: boolean };
type Operation = { operationId?: string; parameters?: Parameter[]; security?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

const PUBLIC_URL = 'https://portal.example.org';

/** Every call of spec section 7, as method + path relative to the /api base. */
const SPEC_CALLS = [
  'GET /auth/me',
  'POST /auth/login',
  'GET /home',
  'GET /categories',
  'GET /games/{slug}',
  'GET /games',
  'POST /games/{id}/play',
  'POST /games/{id}/rate',
  'POST /games/{id}/favorite',
  'DELETE /games/{id}/favorite',
  'POST /games/{id}/report',
  'POST /reports',
  'POST /games/submit',
  'GET /dev/games',
  'POST /dev/games',
  'GET /admin/games/pending',
  'GET /admin/reports',
  'POST /admin/games/{id}/approve',
  'POST /admin/games/{id}/reject',
  'GET /kids/games',
  'GET /kids/categories',
];

let t: TestApp;
let doc: OpenApiDocument;
let served: { status: number; contentType: string };

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  const response = await call<OpenApiDocument>(t.app, 'GET', '/api/openapi.json');
  served = { status: response.status, contentType: String(response.headers['content-type']) };
  doc = response.body;
});
afterAll(() => t.close());

function operationsInDocument(): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}

describe(`GET /api/openapi.json (${engineName})`, () => {
  it('is served as JSON without sign-in', () => {
    expect(served.status).toBe(200);
    expect(served.contentType).toMatch(/^application\/json/);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes the API under the public /api base', () => {
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.servers.map((server) => server.url)).toEqual([`${PUBLIC_URL}/api`]);
    for (const path of Object.keys(doc.paths)) {
      expect(path, path).toMatch(/^\//);
      expect(path, path).not.toMatch(/^\/api\//);
      expect(path, path).not.toContain(':');
    }
  });

  it('contains every call of the specification', () => {
    const documented = operationsInDocument();
    for (const specCall of SPEC_CALLS) expect(documented, specCall).toContain(specCall);
  });

  it('contains exactly the operations of the router, with their path parameters and access', () => {
    // The public API v1 sits under /v1 of the same document.
    const operations = [...registered.map(({ operation }) => operation), ...v1Operations.map(({ operation }) => ({ ...operation, path: `/v1${operation.path}` as const }))];
    // Besides the procedures, the two operations probes (server/health/routes.ts).
    const probes = ['GET /health', 'GET /ready'];
    expect(operationsInDocument().sort()).toEqual([...operations.map((operation) => `${operation.method} ${operation.path}`), ...probes].sort());
    const operationIds = new Set<string>();
    for (const operation of operations) {
      const label = `${operation.method} ${operation.path}`;
      const documented = doc.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(documented, label).toBeDefined();
      expect(documented!.operationId, label).toBeTruthy();
      operationIds.add(documented!.operationId!);
      // Path parameters are declared, required, and in the {param} form.
      const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = (documented!.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), label).toEqual([...params].sort());
      for (const parameter of declared) expect(parameter.required, `${label} ${parameter.name}`).toBe(true);
      // Operations that need sign-in say so; public ones do not.
      expect((documented!.security ?? []).length > 0, `${label} security`).toBe(operation.access !== 'public');
      expect(Object.keys(documented!.responses), label).toContain(String(typeof operation.successStatus === 'number' ? operation.successStatus : 200));
    }
    expect(operationIds.size).toBe(operations.length);
  });

  it('declares bearer authentication', () => {
    const schemes = Object.values(doc.components?.securitySchemes ?? {});
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('every documented operation is served by the app (no 404 from the router)', async () => {
    for (const specCall of operationsInDocument()) {
      const [method, path] = specCall.split(' ') as [string, string];
      const url = `/api${path.replace('{id}', '999999').replace('{slug}', 'no-such-game')}`;
      const response = await call(t.app, method as 'GET', url);
      const message = (response.body as { message?: string }).message ?? '';
      expect(message, specCall).not.toMatch(/^Not found:/);
      expect(response.status, specCall).toBeLessThan(500);
    }
  });
});
