/**
 * The database's tables and columns as Kysely sees them, inferred from the entities: every
 * domain's data-access module (server/domains/<domain>/queries.ts) is typed against this one type.
 * Add an entity here when a query starts touching its table.
 */
import type { InferKyselyDB } from '@mikro-orm/postgresql';
import type { AnalyticsEventSchema } from '../../entities/AnalyticsEvent';
import type { ApiKeySchema } from '../../entities/ApiKey';
import type { CheckerTokenSchema } from '../../entities/CheckerToken';
import type { AuditLogSchema } from '../../entities/AuditLog';
import type { AuthSessionSchema } from '../../entities/AuthSession';
import type { BuildBlobSchema } from '../../entities/BuildBlob';
import type { BuildBlobChunkSchema } from '../../entities/BuildBlobChunk';
import type { BuildBlobCompressionSchema } from '../../entities/BuildBlobCompression';
import type { CategorySchema } from '../../entities/Category';
import type { CollectionSchema } from '../../entities/Collection';
import type { CollectionGameSchema } from '../../entities/CollectionGame';
import type { ContactMessageSchema } from '../../entities/ContactMessage';
import type { FavoriteSchema } from '../../entities/Favorite';
import type { GameSchema } from '../../entities/Game';
import type { GameBuildSchema } from '../../entities/GameBuild';
import type { GameBuildFileSchema } from '../../entities/GameBuildFile';
import type { GameDailyPlaysSchema } from '../../entities/GameDailyPlays';
import type { GameDailySessionsSchema } from '../../entities/GameDailySessions';
import type { GameOriginSchema } from '../../entities/GameOrigin';
import type { GamePlayerSchema } from '../../entities/GamePlayer';
import type { GamePlayerDaySchema } from '../../entities/GamePlayerDay';
import type { GameSaveSchema } from '../../entities/GameSave';
import type { GameScoreSchema } from '../../entities/GameScore';
import type { GameMedalSchema } from '../../entities/GameMedal';
import type { MedalUnlockSchema } from '../../entities/MedalUnlock';
import type { LoginChallengeSchema } from '../../entities/LoginChallenge';
import type { NewsletterSubscriptionSchema } from '../../entities/NewsletterSubscription';
import type { PlayEventSchema } from '../../entities/PlayEvent';
import type { PlayerGameSchema } from '../../entities/PlayerGame';
import type { PlaySessionSchema } from '../../entities/PlaySession';
import type { RatingSchema } from '../../entities/Rating';
import type { ReportSchema } from '../../entities/Report';
import type { ReviewReportSchema } from '../../entities/ReviewReport';
import type { SearchTermSchema } from '../../entities/SearchTerm';
import type { StatsWatermarkSchema } from '../../entities/StatsWatermark';
import type { SubmissionSchema } from '../../entities/Submission';
import type { TagSchema } from '../../entities/Tag';
import type { UserSchema } from '../../entities/User';
import type { VisitorGameActivitySchema } from '../../entities/VisitorGameActivity';
import type { WebhookSchema } from '../../entities/Webhook';
import type { WebhookDeliverySchema } from '../../entities/WebhookDelivery';

export type Tables = InferKyselyDB<
  | typeof AnalyticsEventSchema
  | typeof ApiKeySchema
  | typeof CheckerTokenSchema
  | typeof AuditLogSchema
  | typeof AuthSessionSchema
  | typeof BuildBlobSchema
  | typeof BuildBlobChunkSchema
  | typeof BuildBlobCompressionSchema
  | typeof CategorySchema
  | typeof CollectionSchema
  | typeof CollectionGameSchema
  | typeof ContactMessageSchema
  | typeof FavoriteSchema
  | typeof GameSchema
  | typeof GameBuildSchema
  | typeof GameBuildFileSchema
  | typeof GameDailyPlaysSchema
  | typeof GameDailySessionsSchema
  | typeof GameOriginSchema
  | typeof GamePlayerSchema
  | typeof GamePlayerDaySchema
  | typeof GameSaveSchema
  | typeof GameScoreSchema
  | typeof GameMedalSchema
  | typeof MedalUnlockSchema
  | typeof LoginChallengeSchema
  | typeof NewsletterSubscriptionSchema
  | typeof PlayEventSchema
  | typeof PlayerGameSchema
  | typeof PlaySessionSchema
  | typeof RatingSchema
  | typeof ReportSchema
  | typeof ReviewReportSchema
  | typeof SearchTermSchema
  | typeof StatsWatermarkSchema
  | typeof SubmissionSchema
  | typeof TagSchema
  | typeof UserSchema
  | typeof VisitorGameActivitySchema
  | typeof WebhookSchema
  | typeof WebhookDeliverySchema
>;
