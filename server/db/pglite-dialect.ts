/**
 * Runs MikroORM (through Kysely's PostgresDialect) on an in-process PGlite.
 *
 * PGlite is a single connection, so the "pool" hands out one client at a time and
 * queues the rest: a transaction holds the client until it commits, so no other
 * request's query can slip into it. Result values are parsed the way `pg` parses
 * them for MikroORM (int8 and numeric as strings, dates as raw strings), so the
 * same code behaves identically on PGlite and on a real PostgreSQL.
 */
import type { PGlite } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';
import {
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';

const keepRaw = (value: string) => value;

/** Parsers matching node-postgres plus MikroORM's overrides. */
export const pgCompatibleParsers = {
  [types.INT8]: keepRaw,
  [types.NUMERIC]: keepRaw,
  [types.DATE]: keepRaw,
  [types.TIMESTAMP]: keepRaw,
  [types.TIMESTAMPTZ]: keepRaw,
  [types.INTERVAL]: keepRaw,
};

const COMMAND = /^\s*(insert|update|delete|merge|select)\b/i;

function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const match = COMMAND.exec(sql);
  return (match?.[1]?.toUpperCase() ?? 'SELECT') as PostgresQueryResult<unknown>['command'];
}

/** A statement list without parameters (migrations) must go through the simple-query protocol. */
function isMultiStatement(sql: string, parameters: readonly unknown[]): boolean {
  return parameters.length === 0 && /;\s*\S/.test(sql);
}

class PGliteClient implements PostgresPoolClient {
  constructor(
    private readonly db: PGlite,
    private readonly releaseLock: () => void,
  ) {}

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming cursors are not supported on PGlite');
    return this.run<R>(sqlOrCursor, parameters);
  }

  private async run<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    if (isMultiStatement(sql, parameters)) {
      const results = await this.db.exec(sql, { parsers: pgCompatibleParsers });
      const last = results.at(-1);
      return { command: commandOf(sql), rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
    }
    const result = await this.db.query<R>(sql, parameters as unknown[], { parsers: pgCompatibleParsers });
    const command = commandOf(sql);
    const rowCount = command === 'SELECT' ? result.rows.length : (result.affectedRows ?? result.rows.length);
    return { command, rowCount, rows: result.rows };
  }

  release(): void {
    this.releaseLock();
  }
}

/** A pool of exactly one PGlite client; callers wait their turn in order. */
export class PGlitePool implements PostgresPool {
  readonly options = {};
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly db: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    let released = false;
    return new PGliteClient(this.db, () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    });
  }

  /** The one connection in use (0 or 1), and how many wait for it. */
  stats(): { inUse: number; waiting: number } {
    return { inUse: this.busy ? 1 : 0, waiting: this.waiting.length };
  }

  async end(): Promise<void> {
    // The PGlite instance is owned (and closed) by whoever created it.
  }
}

export function createPGliteDialect(db: PGlite, pool = new PGlitePool(db)): PostgresDialect {
  return new PostgresDialect({ pool });
}
