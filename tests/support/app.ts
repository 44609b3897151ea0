/**
 * The whole Fastify app on a fresh database, for one test file, plus small
 * helpers to call it the way a REST client would (through app.inject).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { VISITOR_COOKIE } from '../../shared/constants';
import { buildApp } from '../../server/app';
import { seedCatalog } from '../../server/db/seed';
import type { Database } from '../../server/db/orm';
import { loadEnv, type Env } from '../../server/env';
import { createMemoryMailer, type Mail } from '../../server/mail/mailer';
import { createServices } from '../../server/services';
import type { Services } from '../../server/services';
import { ADMIN_EMAIL } from './accounts';
import { TEST_CATALOG } from './catalog';
import { openTestDatabase } from './database';
import { checksFromFileNames } from './build-checks';
import type { CheckBuild } from '../../server/domains/builds/check-worker';

export { ADMIN_EMAIL };
export const GAMES_ORIGIN = 'http://localhost:4101';

export type TestApp = {
  app: FastifyInstance;
  /** Every mail the app sent (sign-in codes). */
  mails: Mail[];
  db: Database;
  env: Env;
  services: Services;
  close(): Promise<void>;
};

/**
 * `checkBuild`: how builds are checked in the app's process (default: from their file names); null leaves them to checkers (/api/checker).
 * `beforeReady`: adds what server/index.ts adds to the app before it listens (the rooms' routes).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { checkBuild?: CheckBuild | null; beforeReady?: (app: FastifyInstance, services: Services) => Promise<void> } = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '4100',
    ADMIN_EMAILS: ADMIN_EMAIL,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The REST contract tests use the spec's one-step sign-in (admins still need a code);
    // tests/api/sign-in tests switch verification on.
    AUTH_EMAIL_VERIFICATION: 'off',
    // Many calls from one test IP: limits are tested on their own with the multiplier at 1.
    RATE_LIMIT_MULTIPLIER: '1000',
    // No shedding on event-loop delay: the embedded database runs on this thread, and on a busy
    // 2-core machine a test's own queries stall it past any limit. tests/ops/load-shedding tests it.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...overrides,
  });
  await seedCatalog(db.orm.em.fork(), env, TEST_CATALOG);
  const mailer = createMemoryMailer();
  const services = createServices(env, db, { mailer, checkBuild: options.checkBuild === undefined ? checksFromFileNames : options.checkBuild });
  await services.frameOrigins.refresh(db.orm.em.fork());
  const app = await buildApp({ services });
  await options.beforeReady?.(app, services);
  await app.ready();
  mailboxes.set(app, mailer.sent);
  return {
    app,
    mails: mailer.sent,
    db,
    env,
    services,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Record<string, unknown> };

/** Calls the app like a REST client: JSON in, JSON out, optional bearer token. */
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  const text = response.body;
  let body: unknown = text;
  if ((response.headers['content-type'] ?? '').toString().includes('json') && text) body = JSON.parse(text);
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

/** The ids of catalog games, by slug. */
export async function gameIdsBySlug(app: FastifyInstance, slugs: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const slug of slugs) ids[slug] = (await call<{ id: number }>(app, 'GET', `/api/games/${slug}`)).body.id;
  return ids;
}

/** Plays a game as a signed-in user (rating a game, or posting a score, needs a play). */
export async function playAs(app: FastifyInstance, token: string, gameId: number): Promise<void> {
  const response = await call(app, 'POST', `/api/games/${gameId}/play`, { token });
  if (response.status !== 200) throw new Error(`play failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** The Cookie header of a browser whose first-party visitor id is number `n` (a distinct visitor per n). */
export function visitorCookie(n: number): Record<string, string> {
  return { cookie: `${VISITOR_COOKIE}=${`visitor${n}`.padEnd(22, 'x').slice(0, 22)}` };
}

const mailboxes = new WeakMap<FastifyInstance, Mail[]>();

/** The newest sign-in code mailed to `email`. */
export function lastCodeFor(mails: Mail[], email: string): string {
  const mail = mails.findLast((candidate) => candidate.to === email);
  const code = mail?.text.match(/code is (\d{4}) (\d{4})/);
  if (!code) throw new Error(`no sign-in code was mailed to ${email}`);
  return `${code[1]}${code[2]}`;
}

/** Signs in through the API (with the mailed code when one is needed) and answers the bearer token. */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  let response = await call<{ token: string }>(app, 'POST', '/api/auth/login', { body: { email } });
  if (response.status === 202) {
    const code = lastCodeFor(mailboxes.get(app) ?? [], email.toLowerCase());
    response = await call<{ token: string }>(app, 'POST', '/api/auth/verify', { body: { email, code } });
  }
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token;
}

/** Submits a game as `token`'s user and approves it as the admin; answers its id and slug. */
export async function publishGame(app: FastifyInstance, token: string, adminToken: string, title: string) {
  const slugPart = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const submitted = await call<{ id: number; slug: string }>(app, 'POST', '/api/dev/games', {
    token,
    body: {
      title,
      description: `${title} description`,
      srcUrl: `https://${slugPart}.games.example.com/play/`,
      thumbUrl: `https://${slugPart}.games.example.com/thumb.png`,
    },
  });
  if (submitted.status !== 201) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  await call(app, 'POST', `/api/admin/games/${submitted.body.id}/approve`, { token: adminToken });
  return submitted.body;
}
