import { AnalyticsEvent } from './AnalyticsEvent';
import { ApiKey } from './ApiKey';
import { AuditLog } from './AuditLog';
import { AuthSession } from './AuthSession';
import { CatalogVersion } from './CatalogVersion';
import { Category } from './Category';
import { ContactMessage } from './ContactMessage';
import { Favorite } from './Favorite';
import { Game } from './Game';
import { GameDailyPlays } from './GameDailyPlays';
import { GameDailySessions } from './GameDailySessions';
import { GameOrigin } from './GameOrigin';
import { GameSave } from './GameSave';
import { GamePlayer } from './GamePlayer';
import { GamePlayerDay } from './GamePlayerDay';
import { GameScore } from './GameScore';
import { LoginChallenge } from './LoginChallenge';
import { NewsletterSubscription } from './NewsletterSubscription';
import { PendingPlay } from './PendingPlay';
import { PlayEvent } from './PlayEvent';
import { PlaySession } from './PlaySession';
import { Rating } from './Rating';
import { Report } from './Report';
import { SearchTerm } from './SearchTerm';
import { StatsWatermark } from './StatsWatermark';
import { Submission } from './Submission';
import { Tag } from './Tag';
import { User } from './User';
import { VisitorGameActivity } from './VisitorGameActivity';
import { Webhook } from './Webhook';
import { WebhookDelivery } from './WebhookDelivery';

export { AnalyticsEvent, CatalogVersion, GameDailySessions, GamePlayer, GamePlayerDay, PlaySession, ApiKey, AuditLog, AuthSession, ContactMessage, GameScore, LoginChallenge, NewsletterSubscription, Category, Favorite, Game, GameDailyPlays, GameOrigin, GameSave, PendingPlay, PlayEvent, SearchTerm, StatsWatermark, Rating, Report, Submission, Tag, User, VisitorGameActivity, Webhook, WebhookDelivery };

/** Every entity, in the order the ORM config loads them. */
export const entities = [User, AuthSession, Category, Tag, Game, GameOrigin, Rating, Favorite, Report, Submission, PlayEvent, PendingPlay, GameDailyPlays, StatsWatermark, SearchTerm, LoginChallenge, AuditLog, GameScore, VisitorGameActivity, ContactMessage, NewsletterSubscription, GameSave, ApiKey, PlaySession, GameDailySessions, GamePlayerDay, GamePlayer, AnalyticsEvent, Webhook, WebhookDelivery, CatalogVersion];
