import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';

export const ADMIN_EMAIL = 'admin@example.com';

/** A unique address per test, so parallel tests never share a user. */
export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface LoginResult {
  user: { id: number; name: string; email: string; role: string };
  token: string;
}

function outboxLines(): string[] {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the specs read sign-in codes from the dev outbox');
  const file = join(dir, 'outbox.jsonl');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * Where the dev outbox ends now: take it before asking for a code, and readCode waits for a mail
 * written after it. A time (the moment minus a second, as before) also matched the mail of a
 * sign-in that another worker had finished just before, whose code was already spent.
 */
export function outboxMark(): number {
  return outboxLines().length;
}

/** The sign-in code of the newest mail to an address written after `mark` (outboxMark), read from the server's dev outbox. */
export async function readCode(email: string, mark = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = outboxLines()
          .slice(mark)
          .map((line) => JSON.parse(line) as { to: string; subject: string })
          .filter((mail) => mail.to === email.toLowerCase());
        code = mails.at(-1)?.subject.match(/(\d{4}) ?(\d{4})/)?.slice(1, 3).join('');
        return code;
      },
      { message: `no sign-in mail for ${email}` },
    )
    .toBeTruthy();
  return code!;
}

/**
 * Runs one sign-in for an address while no other worker signs the same address in. A new code
 * replaces the previous one, so two parallel specs signing the admin in at once could each read
 * the other's code (or have theirs replaced before using it). A directory created with mkdir is
 * the lock: creation is atomic across the worker processes.
 */
export async function withSignInLock<T>(email: string, signIn: () => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the sign-in lock lives next to the dev outbox');
  const lock = join(dir, `sign-in-${email.toLowerCase().replace(/[^a-z0-9]+/g, '_')}.lock`);
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`another worker holds the sign-in lock for ${email} for over 45 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await signIn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Signs in through tRPC (asking for a code and reading it from the outbox when the server mails one). */
export function apiLogin(request: APIRequestContext, email: string): Promise<LoginResult> {
  return withSignInLock(email, () => apiLoginUnlocked(request, email));
}

async function apiLoginUnlocked(request: APIRequestContext, email: string): Promise<LoginResult> {
  const asked = outboxMark();
  const response = await request.post('/trpc/auth.login', { data: { email } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const answer = ((await response.json()) as { result: { data: LoginResult | { status: 'code_sent' } } }).result.data;
  if ('token' in answer) return answer;
  const code = await readCode(email, asked);
  const verified = await request.post('/trpc/auth.verify', { data: { email, code } });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return ((await verified.json()) as { result: { data: LoginResult } }).result.data;
}

/** Starts the page signed in (the token stored under auth_token, as the app does after login). */
export async function signInAs(page: Page, email: string): Promise<LoginResult> {
  const result = await apiLogin(page.request, email);
  // The top document only: an init script also runs in every frame, and a frame made blank first
  // (the game frame, before it gets its address) shares the page's storage, so it would put a
  // token the page has since dropped back.
  await page.addInitScript((token) => {
    if (window === window.top) window.localStorage.setItem('auth_token', token);
  }, result.token);
  return result;
}

/** Signs in through the header's dialog: e-mail, then the mailed code. */
export async function signInWithDialog(page: Page, email: string): Promise<void> {
  const asked = outboxMark();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText(`We sent an 8-digit code to ${email}`)).toBeVisible();
  await dialog.getByLabel('Sign-in code').fill(await readCode(email, asked));
  await dialog.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits until the app has taken the server-rendered page over (src/early-input.ts clears the hook
 * public/boot.js sets), so a tap is the app's at once and never one held by boot.js meanwhile.
 */
export async function live(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as Window & { playfreeAppReady?: unknown }).playfreeAppReady === undefined);
}

/**
 * How long a spec may wait for a game's build checks: the built-in games' builds are checked in the
 * background after the server starts, one at a time in a headless Chromium of the server's, while
 * two browsers under test share the machine's two cores with them.
 */
export const BUILD_CHECKS_TIMEOUT_MS = 5 * 60_000;

/** Uploads `zip` as a build of the developer's game, waits for its checks, submits it and has an admin approve the game. */
export async function publishUploadedBuild(request: APIRequestContext, gameId: number, zip: Buffer, developerToken: string, adminToken: string): Promise<number> {
  const auth = { authorization: `Bearer ${developerToken}` };
  const uploaded = await request.post(`/api/dev/games/${gameId}/builds`, { headers: { ...auth, 'content-type': 'application/zip' }, data: zip });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const buildId = ((await uploaded.json()) as { id: number }).id;
  await expect
    .poll(async () => ((await (await request.get(`/api/dev/games/${gameId}/builds/${buildId}`, { headers: auth })).json()) as { status: string }).status, { timeout: BUILD_CHECKS_TIMEOUT_MS })
    .toBe('READY');
  expect((await request.post(`/api/dev/games/${gameId}/builds/${buildId}/submit`, { headers: auth })).status()).toBe(200);
  expect((await request.post(`/api/admin/games/${gameId}/approve`, { headers: { authorization: `Bearer ${adminToken}` } })).status()).toBe(200);
  return buildId;
}

/**
 * Waits until the game's live build plays offline, as its page's data says (`build.playsOffline`):
 * its automatic checks have run and it passed the offline check. Until then its host has no offline
 * list and the portal saves nothing of it.
 */
export async function untilPlaysOffline(request: APIRequestContext, slug: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/games/${slug}`);
        if (!response.ok()) return `GET /api/games/${slug} answered ${response.status()}`;
        return ((await response.json()) as { build: { playsOffline: boolean } | null }).build?.playsOffline ?? 'no build';
      },
      { message: `${slug}'s live build never played offline: its checks did not finish, or it failed the offline check`, timeout: BUILD_CHECKS_TIMEOUT_MS, intervals: [1_000] },
    )
    .toBe(true);
}

/** A published game's id, by its slug. */
export async function gameId(page: Page, slug: string): Promise<number> {
  const response = await page.request.get(`/api/games/${slug}`);
  if (!response.ok()) throw new Error(`GET /api/games/${slug} answered ${response.status()}`);
  return ((await response.json()) as { id: number }).id;
}

export function toast(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}

/** Calls a tRPC mutation with a bearer token. */
export async function trpcMutation<T>(request: APIRequestContext, path: string, token: string, input: unknown): Promise<T> {
  const response = await request.post(`/trpc/${path}`, {
    // A procedure without input still needs a JSON request; an empty body reads as no input.
    ...(input === undefined ? {} : { data: input }),
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { result: { data: T } }).result.data;
}

type Json = any;

/**
 * Rewrites the answers of one tRPC procedure, whether the link sent it alone or batched with
 * others (`/trpc/a,b?batch=1` answers with an array in the same order).
 */
export async function patchTrpc(page: Page, procedure: string, patch: (data: Json) => Json, delayMs = 0): Promise<void> {
  await useAppShell(page);
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.slice(6).split(',').includes(procedure),
    async (route) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      try {
        const response = await route.fetch();
        const url = new URL(route.request().url());
        const names = decodeURIComponent(url.pathname.slice(6)).split(',');
        const body = await response.json();
        const entries: Json[] = Array.isArray(body) ? body : [body];
        names.forEach((name, index) => {
          const entry = entries[index];
          if (name === procedure && entry?.result && 'data' in entry.result) entry.result.data = patch(entry.result.data);
        });
        await route.fulfill({ response, json: Array.isArray(body) ? entries : entries[0] });
      } catch {
        // A call still on its way when the test opened the next page went with that page ("Response
        // has been disposed"): nobody waits for it. Any other failure leaves the page without its
        // answer, which the test then sees.
        await route.abort().catch(() => undefined);
      }
    },
  );
}

/**
 * Pages then arrive as the app shell (/index.html, what the service worker serves on a repeat
 * visit) instead of server-rendered with their data inline, so the browser asks /trpc for every
 * answer and the patched or delayed ones are what it shows.
 */
export async function useAppShell(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/trpc/') && !url.pathname.startsWith('/api/'),
    async (route) => {
      // The page's own navigations only: a game's frame loads its own document.
      const request = route.request();
      if (request.resourceType() !== 'document' || request.frame().parentFrame() !== null) return route.fallback();
      const shell = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
      return route.fulfill({ response: shell });
    },
  );
}

/** Holds back every request of one procedure (batched or not) to show loading states. */
export async function delayTrpc(page: Page, procedure: string, delayMs: number): Promise<void> {
  await patchTrpc(page, procedure, (data) => data, delayMs);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The newest mail to `to` whose subject matches, sent at or after `after` (ms), read from the dev outbox. */
export async function readMail(to: string, subject: RegExp, after = 0): Promise<OutboxMail> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the specs read mails from the dev outbox');
  const file = join(dir, 'outbox.jsonl');
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return undefined;
        found = readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as OutboxMail)
          .findLast((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject) && Date.parse(mail.sentAt) >= after);
        return found;
      },
      { message: `no mail "${subject.source}" to ${to}` },
    )
    .toBeTruthy();
  return found!;
}

/**
 * Resolves once the game frame has drawn twice. Its load (and the SDK's "loaded") can come before
 * its first picture reaches the browser, and a click sent before that lands on the portal's page,
 * not on the game's button (Shape Sorter's Play, clicked 64 ms after the load, once in CI).
 */
export async function untilFrameDrawn(frame: FrameLocator): Promise<void> {
  await frame.locator('body').evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** A game frame's address: the game's origin with its live build's version (`/?v=3`). */
export function liveBuildAddress(origin: string): RegExp {
  return new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/\\?v=\\d+$`);
}
