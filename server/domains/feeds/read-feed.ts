/** Reading a feed: fetched safely, parsed as its format says, turned into FeedItems; every failure is FeedUnreadable, saying why. */
import type { FeedFormat } from '../../../shared/schemas/feeds';
import { distributorAdapters } from './adapters/distributors';
import { jsonAdapter, parseXmlFeed, rssAdapter } from './adapters/mapped';
import { FetchFailed, safeFetch } from './fetcher';
import { UnknownShape, type FeedAdapter, type FeedItem, type FieldMap } from './formats';

export const FEED_MAX_BYTES = 50 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;

const ADAPTERS: Record<FeedFormat, FeedAdapter> = { ...distributorAdapters, json: jsonAdapter, rss: rssAdapter };

export class FeedUnreadable extends Error {}

export type FeedToRead = { url: string; format: FeedFormat; limit: number; fields: FieldMap | null };

export function parseFeed(body: string, feed: Omit<FeedToRead, 'url'>): FeedItem[] {
  let document: unknown;
  if (feed.format === 'rss') document = parseXmlFeed(body);
  else {
    try {
      document = JSON.parse(body);
    } catch {
      throw new UnknownShape('not JSON');
    }
  }
  return ADAPTERS[feed.format](document, feed.limit, feed.fields);
}

export async function readFeed(feed: FeedToRead, allowPrivate: boolean): Promise<FeedItem[]> {
  try {
    const { body } = await safeFetch(feed.url, { maxBytes: FEED_MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS, allowPrivate, what: 'feed' });
    return parseFeed(body.toString('utf8'), feed);
  } catch (error) {
    if (error instanceof FetchFailed) throw new FeedUnreadable(error.message);
    if (error instanceof UnknownShape) throw new FeedUnreadable(`the feed is ${error.message}`);
    throw error;
  }
}
