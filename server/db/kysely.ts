/**
 * Typed queries: a Kysely instance over the entity manager's connection (inside its transaction
 * when it has one), its tables and columns typed from the entities. Timestamps arrive as the
 * strings MikroORM's PostgreSQL type parsers give, so read them through `new Date(...)`.
 */
import type { EntityManager, InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import type { AuditLogSchema } from '../../entities/AuditLog';
import type { AuthSessionSchema } from '../../entities/AuthSession';
import type { FavoriteSchema } from '../../entities/Favorite';
import type { GameSchema } from '../../entities/Game';
import type { GameScoreSchema } from '../../entities/GameScore';
import type { PlayEventSchema } from '../../entities/PlayEvent';
import type { RatingSchema } from '../../entities/Rating';
import type { UserSchema } from '../../entities/User';
import type { VisitorGameActivitySchema } from '../../entities/VisitorGameActivity';

export type Tables = InferKyselyDB<
  | typeof AuditLogSchema
  | typeof AuthSessionSchema
  | typeof FavoriteSchema
  | typeof GameSchema
  | typeof GameScoreSchema
  | typeof PlayEventSchema
  | typeof RatingSchema
  | typeof UserSchema
  | typeof VisitorGameActivitySchema
>;

export function queryOf(em: EntityManager): Kysely<Tables> {
  return em.getKysely<Tables>();
}
