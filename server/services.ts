import type { Env } from './env';
import type { Database } from './db/orm';
import { CatalogCache } from './domains/games/cache';
import { PlayRecorder } from './domains/games/plays';
import { FrameOrigins } from './http/frame-origins';
import { createMailer, type Mailer } from './mail/mailer';
import type { Services } from './trpc/context';

export function createServices(env: Env, db: Database, options: { mailer?: Mailer } = {}): Services {
  return {
    env,
    orm: db.orm,
    catalogCache: new CatalogCache(),
    plays: new PlayRecorder(db.orm),
    mailer: options.mailer ?? createMailer(env),
    frameOrigins: new FrameOrigins(new URL(env.GAMES_PUBLIC_URL).origin),
  };
}
