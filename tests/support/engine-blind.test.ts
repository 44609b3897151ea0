/**
 * npm run test:pg leaves out the test files that cannot open a database (engine-blind.ts): the scan
 * must find every way a file reaches one, and call blind only what never does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseReach } from './engine-blind';

const tree = mkdtempSync(join(tmpdir(), 'playfree-engine-blind-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function write(files: Record<string, string>): DatabaseReach {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return new DatabaseReach(tree);
}

describe('the scan for files that can open a database', () => {
  const reach = write({
    'server/db/orm.ts': 'export function openDatabase() {}\n',
    'server/domains/a/queries.ts': "import { sql } from 'kysely';\nimport type { Database } from '../../db/orm';\nexport const q = sql;\n",
    'server/domains/a/service.ts': "import {\n  q,\n} from './queries';\nexport { openDatabase } from '../../db/orm';\n",
    'server/pure.ts': "import type { Database } from './db/orm';\nimport { readFileSync } from 'node:fs';\nexport const x = 1;\n",
    'server/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = 1;\n",
    'server/cycle-b.ts': "import { a } from './cycle-a';\nimport './db/orm';\nexport const b = a;\n",
    'server/lazy.ts': "export const load = () => import('./db/orm');\n",
    'tests/support/engine.ts': 'export const testDatabaseUrl = undefined;\n',
    'tests/support/database.ts': 'export async function openTestDatabase() {}\n',
    'tests/fixture-child.ts': "import pg from 'pg';\nexport default pg;\n",
    'tests/service.test.ts': "import { openDatabase } from '../server/domains/a/service';\n",
    'tests/types-only.test.ts': "import type { Database } from '../server/db/orm';\nimport { x } from '../server/pure';\n",
    'tests/cycle.test.ts': "import { a } from '../server/cycle-a';\n",
    'tests/lazy.test.ts': "import { load } from '../server/lazy';\n",
    'tests/engine.test.ts': "import { testDatabaseUrl } from './support/engine';\n",
    'tests/child.test.ts': "spawn(process.execPath, [new URL('./fixture-child.ts', import.meta.url).pathname]);\n",
    'tests/pglite.test.ts': "import { PGlite } from '@electric-sql/pglite';\n",
    'tests/blind.test.ts': "import { x } from '../server/pure';\nimport { describe } from 'vitest';\n",
  });

  it('follows value imports (multi-line, re-exports, dynamic, through cycles) and the scripts a file spawns by URL', () => {
    for (const file of ['tests/service.test.ts', 'tests/cycle.test.ts', 'tests/lazy.test.ts', 'tests/engine.test.ts', 'tests/child.test.ts', 'tests/pglite.test.ts']) {
      expect([file, reach.opensDatabase(file)]).toEqual([file, true]);
    }
  });

  it('leaves type-only imports out, and lists only the files that reach no database as blind', () => {
    expect(reach.opensDatabase('tests/types-only.test.ts')).toBe(false);
    expect(reach.engineBlindTestFiles(['tests'])).toEqual(['tests/blind.test.ts', 'tests/types-only.test.ts']);
  });

  it("on this project: the API's tests open a database, the HTTP helpers' and the spawned single-writer servers' (PGlite in either run) do not", () => {
    const project = new DatabaseReach();
    expect(project.opensDatabase('tests/api/ad-impressions.test.ts')).toBe(true);
    expect(project.opensDatabase('tests/ops/database-outage.test.ts')).toBe(true);
    expect(project.opensDatabase('server/http/compression.test.ts')).toBe(false);
    expect(project.opensDatabase('tests/ops/single-writer.test.ts')).toBe(false);
  });
});
