/**
 * A domain's service reads as its rules; its SQL lives in the domain's data-access module
 * (queries.ts), as docs/ARCHITECTURE.md says. A service that imports a way to send SQL holds SQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const domains = join(import.meta.dirname);
const SQL_IMPORTS = /from '(kysely|\.\.\/\.\.\/db\/sql|\.\.\/\.\.\/db\/kysely)'/;
const services = readdirSync(domains, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(domains, entry.name)).includes('service.ts'))
  .map((entry) => `${entry.name}/service.ts`);

describe('domain services', () => {
  it('are found', () => {
    expect(services).toContain('ads/service.ts');
  });

  it.each(services)('%s sends no SQL of its own', (service) => {
    expect(readFileSync(join(domains, service), 'utf8')).not.toMatch(SQL_IMPORTS);
  });
});
