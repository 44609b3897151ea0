/**
 * The feeds tests' bed: a test app that may fetch from this machine (FEEDS_ALLOW_PRIVATE), the local
 * feed server beside it, and an admin's token; started before the file's tests and closed after.
 * Vitest's hooks, so not in feed-server.ts, which the Playwright specs import too.
 */
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_EMAIL, createTestApp, signIn, type TestApp } from './app';
import { startFeedServer, type FeedServer } from './feed-server';

export type FeedsBed = { t: TestApp; feeds: FeedServer; admin: string };

/** Registers the hooks; `ready` gets the bed once it is up. */
export function feedsBed(ready: (bed: FeedsBed) => void): void {
  let bed: FeedsBed | undefined;
  beforeAll(async () => {
    const [t, feeds] = await Promise.all([createTestApp({ FEEDS_ALLOW_PRIVATE: '1' }), startFeedServer()]);
    bed = { t, feeds, admin: await signIn(t.app, ADMIN_EMAIL) };
    ready(bed);
  });
  afterAll(async () => {
    await Promise.all([bed?.t.close(), bed?.feeds.close()]);
  });
}
