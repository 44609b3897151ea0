import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../../../tests/support/feed-server';
import { isPublicAddress, safeFetch } from './fetcher';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const limits = { maxBytes: 1024 * 1024, timeoutMs: 2_000, allowPrivate: false, what: 'feed' };
/** This machine's loopback stands in for the public internet; every other non-public range stays refused. */
const loopbackOnly = { ...limits, isAllowed: (address: string) => address === '127.0.0.1' };

describe('the safe fetcher', () => {
  it.each([
    ['127.0.0.1', false], ['10.1.2.3', false], ['172.20.0.1', false], ['192.168.1.1', false], ['169.254.169.254', false], ['100.64.0.1', false], ['0.0.0.0', false],
    ['::1', false], ['fe80::1', false], ['fd00::1', false], ['::ffff:127.0.0.1', false], ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true], ['93.184.216.34', true], ['2606:4700::1111', true], ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses loopback and private addresses, written as an IP or resolved from a name, before connecting', async () => {
    await expect(safeFetch(`${feeds.url}/feeds/gamedistribution`, limits)).rejects.toThrow('127.0.0.1 is a private address');
    const port = new URL(feeds.url).port;
    await expect(safeFetch(`http://localhost:${port}/feeds/gamedistribution`, limits)).rejects.toThrow(/localhost resolves to (127\.0\.0\.1|::1), a private address/);
    expect(await safeFetch(`${feeds.url}/feeds/gamedistribution`, { ...limits, allowPrivate: true })).toMatchObject({ type: 'application/json' });
  });

  it('checks every redirect again: one to the link-local metadata address is refused', async () => {
    await expect(safeFetch(`${feeds.url}/fail/redirect-private`, loopbackOnly)).rejects.toThrow('169.254.169.254 is a private address');
  });

  it('caps the time, the size (declared or streamed) and says what the server answered', async () => {
    await expect(safeFetch(`${feeds.url}/fail/timeout`, { ...loopbackOnly, timeoutMs: 300 })).rejects.toThrow('the feed took longer than 0.3 s');
    await expect(safeFetch(`${feeds.url}/fail/too-big`, loopbackOnly)).rejects.toThrow('the feed is larger than 1 MB');
    await expect(safeFetch(`${feeds.url}/thumbs/x.png`, { ...loopbackOnly, maxBytes: 1024 })).rejects.toThrow('the feed is larger than');
    await expect(safeFetch(`${feeds.url}/fail/unavailable`, loopbackOnly)).rejects.toThrow("the feed's server answered 503");
    await expect(safeFetch('file:///etc/passwd', loopbackOnly)).rejects.toThrow("the feed's address must be http or https");
  });
});
