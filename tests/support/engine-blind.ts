/**
 * Which test files can open a database, so that `npm run test:pg` runs those again on PostgreSQL
 * and leaves out the rest, which would only repeat the PGlite run: a file is engine-blind when
 * neither it nor any module it imports (relative imports followed to the end, type-only imports
 * left out, and the fixture scripts it names by `new URL('./…', import.meta.url)`) imports a way to
 * open one: server/db/orm.ts, tests/support/database.ts or engine.ts (the run's engine), or the
 * drivers themselves. A server a test spawns through tests/support/spawn-server.ts gets no
 * DATABASE_URL unless the test passes one (from engine.ts), so it runs on PGlite in either run.
 * openTestDatabase refuses to open a database for a file this calls engine-blind, so a file the scan
 * misses fails in the PGlite run instead of silently skipping PostgreSQL.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Modules (from the root) and packages through which a file reaches a database. */
const DATABASE_MODULES = new Set(['server/db/orm.ts', 'tests/support/database.ts', 'tests/support/engine.ts']);
const DATABASE_PACKAGES = /^(pg|@electric-sql\/pglite(\/.*)?|@mikro-orm\/[^/]+)$/;

/** `import x from '…'`, `export … from '…'`, `import '…'`, `import('…')`: value imports only. */
const IMPORT = /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** A script the file runs in a process of its own. */
const FIXTURE_URL = /new URL\(\s*['"](\.[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g;

/** Answers, for the files of one tree, whether each reaches a database. */
export class DatabaseReach {
  /** Only a yes is kept: a no may be a module whose walk a cycle cut short. */
  private readonly reaching = new Set<string>();

  constructor(private readonly root: string = ROOT) {}

  /** Whether the file at `path` (absolute, or from the root) can open a database. */
  opensDatabase(path: string): boolean {
    return this.reaches(relative(this.root, resolve(this.root, path)).split('\\').join('/'), new Set());
  }

  private reaches(file: string, seen: Set<string>): boolean {
    if (DATABASE_MODULES.has(file) || this.reaching.has(file)) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    const text = readFileSync(join(this.root, file), 'utf8');
    const specifiers = [...text.matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!);
    specifiers.push(...[...text.matchAll(FIXTURE_URL)].map((match) => match[1]!));
    const reaches = specifiers.some((specifier) => {
      if (!specifier.startsWith('.')) return DATABASE_PACKAGES.test(specifier);
      const target = this.resolveRelative(file, specifier);
      return target !== null && this.reaches(target, seen);
    });
    if (reaches) this.reaching.add(file);
    return reaches;
  }

  private resolveRelative(from: string, specifier: string): string | null {
    const base = join(dirname(from), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
      if (/\.tsx?$/.test(candidate) && existsSync(join(this.root, candidate))) return candidate;
    }
    return null;
  }

  /** The test files under `folders` (from the root) that can open no database. */
  engineBlindTestFiles(folders: string[]): string[] {
    return testFilesUnder(folders, this.root).filter((file) => !this.opensDatabase(file));
  }
}

/** The Vitest files (`*.test.ts`) under `folders`, as paths from `root`, sorted. */
export function testFilesUnder(folders: string[], root: string = ROOT): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}
