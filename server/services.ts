import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './env';
import type { FeedSchedules } from './jobs/schedules';
import type { Database } from './db/orm';
import { CatalogCache } from './domains/games/cache';
import { PlayRecorder } from './domains/games/plays';
import { FrameOrigins } from './http/frame-origins';
import type { RateLimiter } from './http/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { WebhookWorker } from './domains/webhooks/worker';
import { createBlobStore, type BlobStore } from './domains/builds/storage/blob-store';
import { BuildCheckWorker, type CheckBuild } from './domains/builds/check-worker';
import { LocalCheckerTokens } from './domains/builds/checker-tokens';
import { PortalMetrics } from './metrics/portal-metrics';
import { ThumbnailProcess } from './domains/feeds/thumbnail-process';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Long-lived things the app builds once and every request shares. */
export type Services = {
  env: Env;
  /** The job library's schedules (server/jobs), once started: absent in tests that run none. */
  jobs?: FeedSchedules;
  orm: MikroORM;
  catalogCache: CatalogCache;
  /** Group-commits plays (server/domains/games/plays.ts). */
  plays: PlayRecorder;
  mailer: Mailer;
  /** Origins the portal may frame (its CSP frame-src), kept in step with approvals. */
  frameOrigins: FrameOrigins;
  /** Sends queued webhook deliveries; started and stopped with the app (server/app.ts). */
  webhooks: WebhookWorker;
  /** Uploaded games' files, once per content (BUILD_STORAGE: a folder under DATA_DIR, or PostgreSQL). */
  buildStorage: BlobStore;
  /** The queue of uploaded builds' automatic checks, which checkers work (or `checkBuild` here); started and stopped with the app (server/app.ts). */
  buildChecks: BuildCheckWorker;
  /** The tokens of the checkers this process started (server/checker/local.ts); other checkers' are in the database. */
  checkerTokens: LocalCheckerTokens;
  /** Makes imported games' thumbnails in a low-priority process of its own, started on the first (server/domains/feeds). */
  thumbnails: ThumbnailProcess;
  /** The time as the domains read it where a rule depends on the date (the weekly leaderboards' seasons); tests set it. */
  clock: Clock;
  /** What /metrics serves (server/metrics/); the app measures its requests into it. */
  metrics: PortalMetrics;
  /** Set once the Fastify app has registered @fastify/rate-limit; absent in plain unit tests. */
  rateLimiter?: RateLimiter;
};

export function createServices(env: Env, db: Database, options: { mailer?: Mailer; checkBuild?: CheckBuild | null; clock?: Clock } = {}): Services {
  const services: Omit<Services, 'metrics'> = {
    env,
    clock: options.clock ?? systemClock,
    orm: db.orm,
    catalogCache: new CatalogCache(),
    plays: new PlayRecorder(db.orm),
    mailer: options.mailer ?? createMailer(env),
    frameOrigins: new FrameOrigins(new URL(env.GAMES_PUBLIC_URL).origin),
    webhooks: new WebhookWorker(db.orm),
    buildStorage: createBlobStore({ kind: env.BUILD_STORAGE, dataDir: env.DATA_DIR, orm: db.orm }),
    buildChecks: new BuildCheckWorker(db.orm, env.GAMES_PORT, options.checkBuild ?? null, env.CHECK_LEASE_SECONDS),
    checkerTokens: new LocalCheckerTokens(),
    thumbnails: new ThumbnailProcess(),
  };
  return Object.assign(services, { metrics: new PortalMetrics({ ...services, poolStats: () => db.poolStats() }) });
}
