/**
 * Every problem and refusal a sync stores is one the admin reads in their language (issue #59):
 * produced here by the fetcher and the adapters themselves (not written out again), each must be
 * found back as its message, and read in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../../../tests/support/feed-server';
import { REFUSALS } from './candidates';
import { safeFetch } from './fetcher';
import { TAKEN_ADDRESS } from './importer';
import { FeedUnreadable, parseFeed, readFeed } from './read-feed';
import { feedTextIn, storedFeedText } from './stored-texts';
import type { FeedFormat } from '../../../shared/schemas/feeds';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const loopbackOnly = { maxBytes: 1024 * 1024, timeoutMs: 2_000, allowPrivate: false, what: 'feed', isAllowed: (address: string) => address === '127.0.0.1' };

/** What a failing read stores: the message of the error it ends with. */
async function problemOf(reading: Promise<unknown>): Promise<string> {
  const error = await reading.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

function shapeProblem(body: string, format: FeedFormat, fields: Parameters<typeof parseFeed>[1]['fields'] = null): string {
  try {
    parseFeed(body, { format, limit: 10, fields });
  } catch (error) {
    return `the feed is ${(error as Error).message}`;
  }
  throw new Error(`${format} read ${body} as a feed`);
}

function expectReadable(stored: string): void {
  expect(storedFeedText(stored), stored).not.toBeNull();
  const french = feedTextIn(stored, 'fr');
  expect(french, stored).not.toBe(stored);
  // Every argument filled in (a value may hold braces of its own: `{ "items": [ … ] }`).
  expect(french, stored).not.toMatch(/\{\w+\}/);
}

describe('a sync’s stored problems, read in the admin’s language', () => {
  it('knows every failure the fetcher reports', async () => {
    const port = new URL(feeds.url).port;
    const problems = await Promise.all([
      problemOf(safeFetch(`${feeds.url}/feeds/gamedistribution`, { ...loopbackOnly, isAllowed: undefined })),
      problemOf(safeFetch(`http://localhost:${port}/feeds/gamedistribution`, { ...loopbackOnly, isAllowed: undefined })),
      problemOf(safeFetch(`${feeds.url}/fail/timeout`, { ...loopbackOnly, timeoutMs: 300 })),
      problemOf(safeFetch(`${feeds.url}/fail/too-big`, loopbackOnly)),
      problemOf(safeFetch(`${feeds.url}/fail/unavailable`, loopbackOnly)),
      // Port 1: nothing listens there, so the connection is refused.
      problemOf(safeFetch('http://127.0.0.1:1/feed.json', loopbackOnly)),
      problemOf(safeFetch('file:///etc/passwd', loopbackOnly)),
      problemOf(safeFetch('not an address', loopbackOnly)),
    ]);
    for (const problem of problems) expectReadable(problem);
    expect(feedTextIn("the feed's server answered 503", 'de')).toContain('503');
  });

  it('knows every shape problem the adapters report, as readFeed stores it', async () => {
    const problems = [
      shapeProblem('<html>Sign in</html>', 'gamedistribution'),
      shapeProblem('{"status":"ok"}', 'gamedistribution'),
      shapeProblem('{"status":"ok"}', 'gamepix'),
      shapeProblem('[{"name":"x"}]', 'gamemonetize'),
      shapeProblem('[]', 'json'),
      shapeProblem('{"data":1}', 'json', { items: 'games', title: 'name', url: 'link' }),
      shapeProblem('{"games":[{"x":1}]}', 'json', { items: 'games', title: 'name', url: 'link' }),
      shapeProblem('<<<', 'rss'),
      shapeProblem('<html></html>', 'rss'),
    ];
    for (const problem of problems) expectReadable(problem);
    const unreadable = await readFeed({ url: `${feeds.url}/fail/not-json`, format: 'gamedistribution', limit: 10, fields: null }, true).catch((error: unknown) => error);
    expect(unreadable).toBeInstanceOf(FeedUnreadable);
    expectReadable((unreadable as Error).message);
    expectReadable('the sync failed: connection terminated unexpectedly');
  });

  it('knows every refusal, and leaves a text it does not know as stored', () => {
    for (const reason of [...Object.values(REFUSALS), TAKEN_ADDRESS]) expectReadable(reason);
    expect(feedTextIn('a reason from an older version', 'fr')).toBe('a reason from an older version');
    expect(feedTextIn(REFUSALS.noTitle, 'en')).toBe(REFUSALS.noTitle);
  });
});
