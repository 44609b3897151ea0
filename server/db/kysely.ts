/**
 * Typed queries: a Kysely instance over the entity manager's connection (inside its transaction
 * when it has one), its tables and columns typed from the entities (./tables). Timestamps arrive as the
 * strings MikroORM's PostgreSQL type parsers give, so read them through `new Date(...)`.
 */
import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import type { Tables } from './tables';

export function queryOf(em: EntityManager): Kysely<Tables> {
  return em.getKysely<Tables>();
}
