/** Which database engine the tests run on: PGlite unless DATABASE_URL points at a PostgreSQL. */
export const testDatabaseUrl = process.env.DATABASE_URL || undefined;
export const engineName = testDatabaseUrl ? 'postgresql' : 'pglite';

/** The migrated template the global setup builds once per run. */
export const TEMPLATE_DATABASE = `playfree_template_${process.env.VITEST_TEMPLATE_ID ?? 'x'}`;

/** `postgres://host/db` with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
