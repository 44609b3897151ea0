/**
 * Issue #58 through /api, as a script would use it: an admin adds distributors' feeds (the local
 * feed server stands in for the distributors), syncs them, and players find the imported games.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { call, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { type FeedServer } from '../support/feed-server';
import { feedsBed } from '../support/feeds-bed';
import { feedTextIn } from '../../server/domains/feeds/stored-texts';
import { translate } from '../../server/i18n/translate';

let t: TestApp;
let feeds: FeedServer;
let admin: string;

feedsBed((bed) => ({ t, feeds, admin } = bed));

async function addFeed(body: Record<string, unknown>): Promise<number> {
  const response = await call<{ id: number }>(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { name: 'Feed', publish: 'now', ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}
const sync = (id: number) => call(t.app, 'POST', `/api/admin/feeds/${id}/sync`, { token: admin });
const game = (slug: string) => call(t.app, 'GET', `/api/games/${slug}`);

describe(`feeds import (${engineName})`, () => {
  it('takes only admins and names the field it refuses', async () => {
    expect((await call(t.app, 'GET', '/api/admin/feeds')).status).toBe(401);
    const player = await signIn(t.app, 'player@example.com');
    expect((await call(t.app, 'POST', '/api/admin/feeds', { token: player, body: { url: `${feeds.url}/x`, format: 'json', name: 'x', publish: 'now' } })).status).toBe(403);
    const bad = await call<{ message: string }>(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { url: `${feeds.url}/x`, format: 'xml', name: 'x', publish: 'now' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^format: Must be one of gamedistribution/);
    const unmapped = await call<{ message: string }>(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { url: `${feeds.url}/x`, format: 'json', name: 'x', publish: 'now' } });
    expect(unmapped.body.message).toContain('fields.title: Required for a json feed');
    expect((await call(t.app, 'POST', '/api/admin/feeds/999999/sync', { token: admin })).status).toBe(404);
  });

  it('imports a GameDistribution feed: text reduced, unsafe items refused with reasons, thumbnails stored as WebP, origins allowed', async () => {
    feeds.items.gamedistribution = [
      { id: 'gd-1', title: 'Bubble Harbor', description: '<p>Pop <b>bubbles</b> by the sea.</p><script>alert(1)</script>', category: 'Puzzle', tags: ['bubbles'] },
      { id: 'gd-2', title: 'Night Drift', category: 'Cars' },
      { id: 'gd-3', title: '', category: 'Puzzle' },
      { id: 'gd-4', title: 'Sneaky', path: '/play/x', category: 'Puzzle' },
    ];
    const id = await addFeed({ url: `${feeds.url}/feeds/gamedistribution`, format: 'gamedistribution', name: 'GD' });
    expect((await call(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { url: `${feeds.url}/feeds/gamedistribution`, format: 'gamedistribution', name: 'again', publish: 'now' } })).status).toBe(409);

    const first = await sync(id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ added: 3, updated: 0, unchanged: 0, unpublished: 0, refused: [{ item: 'gd-3', reason: 'it has no title' }] });

    const bubble = await game('bubble-harbor');
    expect(bubble.body).toMatchObject({
      title: 'Bubble Harbor',
      description: 'Pop bubbles by the sea.',
      instructions: 'Tap to jump.',
      srcUrl: `${feeds.url}/play/gd-1/`,
      originAllowlists: [{ allowedOrigin: feeds.url }],
      categories: [{ slug: 'puzzle' }],
      ageRating: 'E13',
      distributor: 'GameDistribution',
      developerProfile: { studio: 'Made Up Studio' },
      controls: ['touch', 'mouse'],
    });
    expect(bubble.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['bubbles']);
    // "Cars" is racing by its usual name; an unknown category becomes a tag, never a new category.
    expect((await game('night-drift')).body.categories).toEqual([expect.objectContaining({ slug: 'racing' })]);
    const thumb = await t.app.inject({ method: 'GET', url: bubble.body.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(bubble.body.thumbUrl).toMatch(/^\/media\/thumbs\/bubble-harbor\.webp\?v=[0-9a-f]{10}$/);

    // Found by search, typos too, and listed by category.
    for (const query of ['bubble harbor', 'bubbel harbr']) {
      const found = await call<{ slug: string }[]>(t.app, 'GET', `/api/games?search=${encodeURIComponent(query)}`);
      expect(found.body.map((entry) => entry.slug), query).toContain('bubble-harbor');
    }
    const suggested = await call(t.app, 'GET', '/api/search/suggest?q=bubb');
    expect(JSON.stringify(suggested.body)).toContain('bubble-harbor');
    const listed = await call<{ slug: string }[]>(t.app, 'GET', '/api/games?category=racing&sort=newest');
    expect(listed.body.map((entry) => entry.slug)).toContain('night-drift');

    // The same feed again: nothing added or written, no thumbnail fetched again.
    const hits = [...feeds.thumbnailHits.values()].reduce((sum, n) => sum + n, 0);
    expect((await sync(id)).body).toMatchObject({ added: 0, updated: 0, unchanged: 3, unpublished: 0 });
    expect([...feeds.thumbnailHits.values()].reduce((sum, n) => sum + n, 0)).toBe(hits);

    // A changed item updates its game (a new origin replaces the old); one gone is unpublished, and comes back.
    feeds.items.gamedistribution = [
      { id: 'gd-1', title: 'Bubble Harbor Deluxe', path: '/play/gd-1-v2/', category: 'Puzzle', tags: ['bubbles'] },
      { id: 'gd-4', title: 'Sneaky', path: '/play/x', category: 'Puzzle' },
    ];
    expect((await sync(id)).body).toMatchObject({ added: 0, updated: 1, unchanged: 1, unpublished: 1 });
    expect((await game('bubble-harbor')).body).toMatchObject({ title: 'Bubble Harbor Deluxe', srcUrl: `${feeds.url}/play/gd-1-v2/` });
    expect((await game('night-drift')).status).toBe(404);
    feeds.items.gamedistribution.push({ id: 'gd-2', title: 'Night Drift', category: 'Cars' });
    expect((await sync(id)).body).toMatchObject({ added: 0, updated: 1, unpublished: 0 });
    expect((await game('night-drift')).status).toBe(200);
  });

  it('a feed that fails changes nothing, answers 502 with the reason and keeps its last good report', async () => {
    feeds.items.gamemonetize = [{ id: '101', title: 'Tower Stack', category: 'Arcade' }];
    const id = await addFeed({ url: `${feeds.url}/feeds/gamemonetize`, format: 'gamemonetize', name: 'GM' });
    expect((await sync(id)).body).toMatchObject({ added: 1 });
    for (const [failure, reason] of [
      ['unavailable', "the feed's server answered 503"],
      ['not-json', 'the feed is not JSON'],
      ['unknown-shape', 'the feed is not a GameMonetize feed'],
    ] as const) {
      feeds.failure = failure;
      const failed = await sync(id);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toContain(reason);
      const [listed] = (await call<{ id: number; lastError: string | null; lastReport: unknown }[]>(t.app, 'GET', '/api/admin/feeds', { token: admin })).body.filter((feed) => feed.id === id);
      expect(listed?.lastError).toContain(reason);
      expect(listed?.lastReport).toMatchObject({ added: 1 });
      expect((await game('tower-stack')).status).toBe(200);
      // Stored in English, read in the admin's language (issue #59): the same words as the catalog's.
      const inFrench = await call<{ id: number; lastError: string | null }[]>(t.app, 'GET', '/api/admin/feeds', { token: admin, headers: { 'x-locale': 'fr' } });
      const french = inFrench.body.find((feed) => feed.id === id)?.lastError;
      expect(french).toBe(feedTextIn(listed!.lastError!, 'fr'));
      expect(french).not.toBe(listed?.lastError);
      const failedInFrench = await call(t.app, 'POST', `/api/admin/feeds/${id}/sync`, { token: admin, headers: { 'x-locale': 'fr' } });
      expect(failedInFrench.body.message).toBe(translate('fr', 'feeds.unreadable', { reason: feedTextIn(listed!.lastError!, 'fr') }));
    }
    feeds.failure = null;
    expect((await sync(id)).body).toMatchObject({ unchanged: 1 });
    const [after] = (await call<{ id: number; lastError: string | null }[]>(t.app, 'GET', '/api/admin/feeds', { token: admin })).body.filter((feed) => feed.id === id);
    expect(after?.lastError).toBeNull();
  });

  it('runs one sync of a feed at a time: 409 while it runs', async () => {
    feeds.items.famobi = [{ id: 'fm-1', title: 'Penalty Kick', category: 'Sports' }];
    const id = await addFeed({ url: `${feeds.url}/feeds/famobi`, format: 'famobi', name: 'Famobi' });
    const held: { resolve?: () => void } = {};
    feeds.hold = new Promise<void>((resolve) => (held.resolve = resolve));
    const before = feeds.feedRequests;
    const running = sync(id);
    while (feeds.feedRequests === before) await new Promise((resolve) => setImmediate(resolve));
    const second = await sync(id);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A sync of this feed is already running; try again when it ends');
    feeds.hold = null;
    held.resolve?.();
    expect((await running).body).toMatchObject({ added: 1 });
    expect((await game('penalty-kick')).body.categories).toEqual([expect.objectContaining({ slug: 'sports' })]);
  });

  it("keeps each item's size and orientation for its game page's frame, and updates them when the feed does", async () => {
    feeds.items.gamepix = [
      { id: 'sh-1', title: 'Tall Tower', category: 'puzzle', shape: { width: 720, height: 1280, orientation: 'portrait' } },
      { id: 'sh-2', title: 'Wide Road', category: 'racing' },
    ];
    feeds.items.famobi = [{ id: 'sh-3', title: 'Square Dance', category: 'Sports', shape: { width: 1, height: 1, orientation: 'landscape' } }];
    const gamepix = await addFeed({ url: `${feeds.url}/feeds/gamepix?shape`, format: 'gamepix', name: 'GamePix shapes' });
    const famobi = await addFeed({ url: `${feeds.url}/feeds/famobi?shape`, format: 'famobi', name: 'Famobi shapes' });
    for (const id of [gamepix, famobi]) expect((await sync(id)).status).toBe(200);
    expect((await game('tall-tower')).body).toMatchObject({ frameAspect: expect.closeTo(0.5625, 2), orientation: 'portrait' });
    expect((await game('wide-road')).body).toMatchObject({ frameAspect: expect.closeTo(1.333, 3), orientation: 'landscape' });
    expect((await game('square-dance')).body).toMatchObject({ frameAspect: 1, orientation: 'landscape' });
    // The portal's own games have no shape from a feed: their frame keeps its usual size.
    expect((await game('paddle-duel')).body).toMatchObject({ frameAspect: null, orientation: null });
    feeds.items.gamepix[0] = { id: 'sh-1', title: 'Tall Tower', category: 'puzzle', shape: { width: 1280, height: 720, orientation: 'landscape' } };
    expect((await sync(gamepix)).body).toMatchObject({ updated: 1, unchanged: 1 });
    expect((await game('tall-tower')).body).toMatchObject({ frameAspect: expect.closeTo(1.778, 3), orientation: 'landscape' });
  });

  it('tries a thumbnail that could not be had again at each sync, writing its game only once it comes', async () => {
    feeds.items.json = [{ id: 'th-1', title: 'Dim Lantern', category: 'Puzzle' }, { id: 'th-2', title: 'Dim Candle', category: 'Puzzle' }];
    const id = await addFeed({ url: `${feeds.url}/feeds/json?thumbs`, format: 'json', name: 'Thumbs', fields: { items: 'data.games', id: 'key', title: 'name', url: 'play.href', thumbnail: 'image' } });
    feeds.thumbnailsDown = true;
    expect((await sync(id)).body).toMatchObject({ added: 2 });
    expect((await game('dim-lantern')).body).toMatchObject({ thumbUrl: null });
    // Still down: the items are unchanged and nothing is written.
    expect((await sync(id)).body).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    feeds.thumbnailsDown = false;
    expect((await sync(id)).body).toMatchObject({ updated: 2, unchanged: 0 });
    expect((await game('dim-lantern')).body.thumbUrl).toMatch(/^\/media\/thumbs\/dim-lantern\.webp\?v=/);
    expect((await sync(id)).body).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('reads GamePix, a mapped JSON feed and RSS; removing a feed unpublishes its games', async () => {
    feeds.items.gamepix = [{ id: 'gp-1', title: 'Gem Miner', category: 'puzzle' }];
    feeds.items.json = [{ id: 'js-1', title: 'Kart Sprint', category: 'Racing' }];
    feeds.items.rss = [{ id: 'rs-1', title: 'Asteroid Ring', category: 'Arcade', thumb: false }];
    const gamepix = await addFeed({ url: `${feeds.url}/feeds/gamepix`, format: 'gamepix', name: 'GamePix', publish: 'review' });
    const json = await addFeed({ url: `${feeds.url}/feeds/json`, format: 'json', name: 'Mirror', fields: { items: 'data.games', id: 'key', title: 'name', url: 'play.href', description: 'about', thumbnail: 'image', categories: 'genre' } });
    const rss = await addFeed({ url: `${feeds.url}/feeds/rss`, format: 'rss', name: 'Arcade RSS' });
    for (const id of [gamepix, json, rss]) expect((await sync(id)).body).toMatchObject({ added: 1, refused: [] });
    // "review": in the review queue, not public yet.
    expect((await game('gem-miner')).status).toBe(404);
    const pending = await call<{ slug: string }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(pending.body.map((entry) => entry.slug)).toContain('gem-miner');
    expect((await game('kart-sprint')).body).toMatchObject({ distributor: 'Mirror', categories: [{ slug: 'racing' }] });
    expect((await game('asteroid-ring')).body).toMatchObject({ distributor: 'Arcade RSS', thumbUrl: null });

    expect((await call(t.app, 'DELETE', `/api/admin/feeds/${json}`, { token: admin })).body).toEqual({ ok: true });
    expect((await game('kart-sprint')).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/feeds/${json}`, { token: admin })).status).toBe(404);
  });
});
