/**
 * A fresh database and the app's services without any transport, for the domain tests beside
 * the domain code (server/domains/**\/*.test.ts): they call services and operations with a
 * plain domain context, as any transport would.
 */
import { signIn } from '../../server/domains/auth/service';
import { createDomainContext, type AuthedContext, type DomainContext, type DomainContextOptions } from '../../server/domains/context';
import { authorize } from '../../server/domains/operation';
import { seedCatalog } from '../../server/db/seed';
import type { Database } from '../../server/db/orm';
import { loadEnv, type Env } from '../../server/env';
import { createMemoryMailer, type Mail } from '../../server/mail/mailer';
import { checksFromFileNames } from './build-checks';
import { createServices, type Services } from '../../server/services';
import { ADMIN_EMAIL } from './accounts';
import { TEST_CATALOG } from './catalog';
import { openTestDatabase } from './database';

export { ADMIN_EMAIL };

export type DomainTest = {
  db: Database;
  env: Env;
  services: Services;
  mails: Mail[];
  /** A signed-out caller (or one with the given token, visitor id, address). */
  context(options?: Omit<DomainContextOptions, 'services'>): DomainContext;
  /** A caller signed in as `email` (an account is made on first use), its user resolved. */
  signedIn(email: string): Promise<AuthedContext>;
  close(): Promise<void>;
};

export async function openDomainTest(overrides: Record<string, string> = {}): Promise<DomainTest> {
  const db = await openTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    ADMIN_EMAILS: ADMIN_EMAIL,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_EMAIL_VERIFICATION: 'off',
    ...overrides,
  });
  await seedCatalog(db.orm.em.fork(), env, TEST_CATALOG);
  const mailer = createMemoryMailer();
  const services = createServices(env, db, { mailer, checkBuild: checksFromFileNames });
  const context = (options: Omit<DomainContextOptions, 'services'> = {}) => createDomainContext({ ...options, services });
  return {
    db,
    env,
    services,
    mails: mailer.sent,
    context,
    async signedIn(email) {
      const { token } = await signIn(db.orm.em.fork(), email, env.ADMIN_EMAILS);
      const ctx = context({ token });
      await authorize(ctx, 'user');
      return ctx as AuthedContext;
    },
    async close() {
      await services.plays.flush();
      await db.close();
    },
  };
}
