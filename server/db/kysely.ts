/**
 * Typed queries: a Kysely instance over the entity manager's connection (inside its transaction
 * when it has one), its tables and columns typed from the entities. Timestamps arrive as the
 * strings MikroORM's PostgreSQL type parsers give, so read them through `new Date(...)`.
 */
import type { EntityManager, InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import type { ApiKeySchema } from '../../entities/ApiKey';
import type { AuditLogSchema } from '../../entities/AuditLog';
import type { AuthSessionSchema } from '../../entities/AuthSession';
import type { ContactMessageSchema } from '../../entities/ContactMessage';
import type { FavoriteSchema } from '../../entities/Favorite';
import type { GameSchema } from '../../entities/Game';
import type { GameScoreSchema } from '../../entities/GameScore';
import type { LoginChallengeSchema } from '../../entities/LoginChallenge';
import type { NewsletterSubscriptionSchema } from '../../entities/NewsletterSubscription';
import type { PlayEventSchema } from '../../entities/PlayEvent';
import type { RatingSchema } from '../../entities/Rating';
import type { ReportSchema } from '../../entities/Report';
import type { SubmissionSchema } from '../../entities/Submission';
import type { UserSchema } from '../../entities/User';
import type { VisitorGameActivitySchema } from '../../entities/VisitorGameActivity';
import type { WebhookSchema } from '../../entities/Webhook';
import type { WebhookDeliverySchema } from '../../entities/WebhookDelivery';

export type Tables = InferKyselyDB<
  | typeof ApiKeySchema
  | typeof AuditLogSchema
  | typeof AuthSessionSchema
  | typeof ContactMessageSchema
  | typeof FavoriteSchema
  | typeof GameSchema
  | typeof GameScoreSchema
  | typeof LoginChallengeSchema
  | typeof NewsletterSubscriptionSchema
  | typeof PlayEventSchema
  | typeof RatingSchema
  | typeof ReportSchema
  | typeof SubmissionSchema
  | typeof UserSchema
  | typeof VisitorGameActivitySchema
  | typeof WebhookSchema
  | typeof WebhookDeliverySchema
>;

export function queryOf(em: EntityManager): Kysely<Tables> {
  return em.getKysely<Tables>();
}
