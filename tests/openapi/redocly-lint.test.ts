import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };
type OpenApiDocument = {
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

let t: TestApp;
let served: OpenApiDocument;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  served = (await call<OpenApiDocument>(t.app, 'GET', '/api/openapi.json')).body;
  dir = mkdtempSync(join(tmpdir(), 'playfree-openapi-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe(`/api/openapi.json under Redocly's recommended rules (${engineName})`, () => {
  it('has no error (warnings allowed)', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(served));
    // redocly exits 1 when it finds an error: read its report either way.
    const output = await promisify(execFile)('npx', ['--no-install', 'redocly', 'lint', file, '--extends', 'recommended', '--format', 'json'], {
      cwd: process.cwd(),
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(output.stdout) as { problems: Problem[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('says which operations need no credentials, which a session and which an API key', () => {
    const security = Object.entries(served.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, security: operation.security })));
    for (const { at, security: listed } of security) expect(listed, at).toBeDefined();
    expect(served.paths['/games']!.get!.security).toEqual([]);
    expect(served.paths['/dev/keys']!.post!.security).toEqual([{ Authorization: [] }]);
    for (const [path, methods] of Object.entries(served.paths).filter(([at]) => at.startsWith('/v1/'))) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.security, `${method} ${path}`).toEqual([{ ApiKey: [] }]);
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('429');
      }
    }
    expect(Object.keys(served.paths).filter((path) => path.startsWith('/v1/'))).toEqual(expect.arrayContaining(['/v1/games', '/v1/games/{id}']));
    expect(served.components.securitySchemes.ApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
