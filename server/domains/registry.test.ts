import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations, publicReads, v1Operations } from './registry';

const DOMAINS_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('the operation registry', () => {
  it('names every operation once and serves each /api route once', () => {
    const names = operations.map(({ name }) => name);
    expect(new Set(names).size).toBe(names.length);
    const routes = operations.map(({ operation }) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const { name, operation } of operations) {
      expect(name, name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      // Lower-case segments; a parameter's name in braces is the input's field (`{buildId}`).
      expect(operation.path, name).toMatch(/^(\/([a-z0-9-]+|\{[a-zA-Z]+\}))+$/);
      expect(operation.summary, name).toBeTruthy();
    }
  });

  it('shares only public, unlimited reads', () => {
    expect([...publicReads.keys()]).toContain('games.list');
    for (const operation of publicReads.values()) {
      expect(operation).toMatchObject({ method: 'GET', access: 'public' });
      expect(operation.rateLimit).toBeUndefined();
    }
    expect(publicReads.has('auth.me')).toBe(false);
  });

  it('keeps the public API v1 apart: API keys only, each call counted per key', () => {
    const routes = v1Operations.map(({ operation }) => `${operation.method} ${operation.path}`);
    expect(routes.sort()).toEqual([
      'DELETE /games/{id}/translations/{locale}',
      'GET /analytics/games/{id}',
      'GET /games',
      'GET /games/{id}/builds',
      'GET /games/{id}/builds/{buildId}',
      'GET /games/{id}/medals',
      'GET /games/{id}/scores',
      'GET /games/{id}/translations',
      'GET /games/{id}/translations/{locale}',
      'GET /statements',
      'POST /analytics/events',
      'POST /games',
      'POST /games/{id}/builds',
      'POST /games/{id}/builds/{buildId}/compressed-files',
      'POST /games/{id}/builds/{buildId}/live',
      'POST /games/{id}/builds/{buildId}/submit',
      'POST /games/{id}/builds/{buildId}/threads',
      'PUT /games/{id}',
      'PUT /games/{id}/medals',
      'PUT /games/{id}/translations/{locale}',
    ]);
    for (const { name, operation } of v1Operations) {
      expect(operation.access, name).toBe('apiKey');
      expect(operation.rateLimit?.perIp, name).toBeUndefined();
      expect(operation.rateLimit?.perAccount, name).toBeGreaterThan(0);
    }
    expect(operations.some(({ operation }) => operation.access === 'apiKey')).toBe(false);
  });

  it('the domain layer depends on no transport', () => {
    const offenders = sourceFiles(DOMAINS_DIR).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((source) => source.startsWith('@trpc/') || /(^|\/)(trpc|rest|http)\//.test(source) || source === 'fastify')
        .map((source) => `${relative(DOMAINS_DIR, file)} imports ${source}`),
    );
    expect(offenders).toEqual([]);
  });
});
