import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs raw SQL in `em`'s transaction (or outside one when it has none); `?` placeholders. */
export function sqlIn<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
}
