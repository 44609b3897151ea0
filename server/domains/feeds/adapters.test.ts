import { describe, expect, it } from 'vitest';
import { candidatesOf, frameShapeOf, mapCategories, REFUSALS } from './candidates';
import type { FeedItem } from './formats';
import { plainText } from './plain-text';
import { FeedUnreadable, parseFeed } from './read-feed';

const portal = new Set(['action', 'racing', 'puzzle', 'sports', 'kids', 'adventure', 'strategy', 'arcade', 'casual']);

describe('feed formats', () => {
  it('reads each distributor’s documented shape into one plain item', () => {
    const gd = parseFeed(JSON.stringify([{ Title: 'Bubble Pop', Md5: 'a1b2', Url: 'https://html5.example.com/a1b2/', Description: 'Pop!', Instructions: 'Click', Mobile: true, Width: 800, Height: 600, Category: ['Puzzle'], Tag: ['bubble'], Asset: ['https://img.example.com/a1b2-512x384.jpg'] }]), { format: 'gamedistribution', limit: 10, fields: null });
    expect(gd).toEqual([{ id: 'a1b2', title: 'Bubble Pop', description: 'Pop!', instructions: 'Click', url: 'https://html5.example.com/a1b2/', categories: ['Puzzle'], tags: ['bubble'], thumbnail: 'https://img.example.com/a1b2-512x384.jpg', company: null, mobile: true, width: 800, height: 600, aspectRatio: null, orientation: null }]);
    const gm = parseFeed(JSON.stringify([{ id: 7, title: 'Drift', url: 'https://gm.example.com/7/', category: 'Racing', tags: 'cars, drift', thumb: 'https://gm.example.com/7.jpg', width: '800', height: '600' }]), { format: 'gamemonetize', limit: 10, fields: null });
    expect(gm[0]).toMatchObject({ id: '7', tags: ['cars', 'drift'], categories: ['Racing'], width: 800 });
    const gp = parseFeed(JSON.stringify({ items: [{ id: 'x9', title: 'Chess', namespace: 'chess', url: 'https://gp.example.com/chess', category: 'strategy', orientation: 'Portrait', width: 720, height: 1280, banner_image: 'https://gp.example.com/b.png', image: 'https://gp.example.com/i.png' }] }), { format: 'gamepix', limit: 10, fields: null });
    expect(gp[0]).toMatchObject({ id: 'x9', thumbnail: 'https://gp.example.com/b.png', width: 720, height: 1280, orientation: 'portrait' });
    const fa = parseFeed(JSON.stringify({ games: [{ package_id: 'p1', name: 'Goal', link: 'https://play.example.com/goal', thumb: 'https://f.example.com/t.jpg', categories: ['Sports'], aspect_ratio: '16:9', orientation: 'landscape' }] }), { format: 'famobi', limit: 10, fields: null });
    expect(fa[0]).toMatchObject({ id: 'p1', title: 'Goal', url: 'https://play.example.com/goal', aspectRatio: 16 / 9, orientation: 'landscape' });
    const mappedShape = parseFeed(JSON.stringify([{ t: 'S', u: 'https://s.example.com/', w: '600', h: '900', o: 'vertical' }]), { format: 'json', limit: 5, fields: { title: 't', url: 'u', width: 'w', height: 'h', orientation: 'o' } });
    expect(mappedShape[0]).toMatchObject({ width: 600, height: 900, orientation: 'portrait' });
  });

  it('reads a generic JSON feed through the admin’s mapping, and RSS and Atom by their standard elements', () => {
    const json = parseFeed(JSON.stringify({ data: { list: [{ key: 'k', name: 'N', play: { href: 'https://x.example.com/' } }] } }), { format: 'json', limit: 5, fields: { items: 'data.list', id: 'key', title: 'name', url: 'play.href' } });
    expect(json[0]).toMatchObject({ id: 'k', title: 'N', url: 'https://x.example.com/' });
    const rss = parseFeed('<rss><channel><item><guid>r1</guid><title>Tom &amp; Jerry</title><link>https://r.example.com/1</link><enclosure url="https://r.example.com/1.png"/><category>Arcade</category></item></channel></rss>', { format: 'rss', limit: 5, fields: null });
    expect(rss[0]).toMatchObject({ id: 'r1', url: 'https://r.example.com/1', thumbnail: 'https://r.example.com/1.png', categories: ['Arcade'] });
    const atom = parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>a1</id><title>Atom Game</title><link rel="alternate" href="https://a.example.com/1"/><summary>S</summary><category term="Puzzle"/></entry></feed>', { format: 'rss', limit: 5, fields: null });
    expect(atom[0]).toMatchObject({ id: 'a1', title: 'Atom Game', url: 'https://a.example.com/1', description: 'S', categories: ['Puzzle'] });
  });

  it('refuses a document of another shape, so a sync never takes it for an empty catalog', () => {
    expect(() => parseFeed('{"status":"ok"}', { format: 'gamedistribution', limit: 5, fields: null })).toThrow('not a GameDistribution feed');
    expect(() => parseFeed(JSON.stringify([{ name: 'x' }]), { format: 'gamemonetize', limit: 5, fields: null })).toThrow('its items have none of id, title, url');
    expect(() => parseFeed('<html>', { format: 'gamepix', limit: 5, fields: null })).toThrow('not JSON');
    expect(() => parseFeed('{"a":1}', { format: 'rss', limit: 5, fields: null })).toThrow('not');
    expect(FeedUnreadable).toBeDefined();
  });
});

const item = (fields: Partial<FeedItem>): FeedItem => ({ id: null, title: 'T', description: null, instructions: null, url: 'https://g.example.com/', categories: [], tags: [], thumbnail: null, company: null, mobile: null, width: null, height: null, aspectRatio: null, orientation: null, ...fields });

describe('what an item becomes', () => {
  it('reduces HTML to text: tags and scripts go, entities are decoded once', () => {
    expect(plainText('<p>Jump &amp; <b>run</b></p><script>alert(1)</script><img src=x onerror=alert(2)>Go', 100)).toBe('Jump & run\nGo');
    expect(plainText('&lt;script&gt;x&lt;/script&gt;', 100)).toBe('<script>x</script>');
  });

  it('refuses an item without a title or with an address the secure frame blocks, naming it by id or position', () => {
    const { candidates, refused } = candidatesOf(
      [item({ id: 'a', title: '  ' }), item({ url: 'javascript:alert(1)' }), item({ id: 'c', url: 'http://games.example.com/' }), item({ url: 'data:text/html,hi' }), item({ id: 'ok' }), item({ id: 'ok' })],
      portal,
      {},
    );
    expect(refused).toEqual([
      { item: 'a', reason: REFUSALS.noTitle },
      { item: '2', reason: REFUSALS.unsafeUrl },
      { item: 'c', reason: REFUSALS.unsafeUrl },
      { item: '4', reason: REFUSALS.unsafeUrl },
      { item: 'ok', reason: REFUSALS.duplicate },
    ]);
    expect(candidates.map((candidate) => candidate.key)).toEqual(['ok']);
  });

  it('takes the frame’s shape from the size, else the ratio, and its orientation as the feed says, else as the shape shows', () => {
    expect(frameShapeOf(item({ width: 800, height: 600 }))).toEqual({ frameAspect: 1.333, orientation: 'landscape' });
    expect(frameShapeOf(item({ aspectRatio: 0.5625 }))).toEqual({ frameAspect: 0.563, orientation: 'portrait' });
    expect(frameShapeOf(item({ width: 800, height: 600, orientation: 'portrait' }))).toEqual({ frameAspect: 1.333, orientation: 'portrait' });
    expect(frameShapeOf(item({ width: 99_999, height: 1 }))).toEqual({ frameAspect: null, orientation: null });
    expect(frameShapeOf(item({}))).toEqual({ frameAspect: null, orientation: null });
    // Items with no shape keep the hash they had before shapes were read: a sync after the upgrade writes nothing for them.
    const [plain] = candidatesOf([item({ id: 'h' })], portal, {}).candidates;
    const [sized] = candidatesOf([item({ id: 'h', width: 800, height: 600 })], portal, {}).candidates;
    expect(plain!.hash).not.toBe(sized!.hash);
    expect(plain).toMatchObject({ frameAspect: null, orientation: null });
  });

  it('maps categories onto the portal’s (the admin’s mapping first), never to kids, and keeps unknown ones as tags', () => {
    expect(mapCategories(['Puzzle', 'Shooter', 'Girls', 'Kids', 'Dress-up', 'Bubble'], portal, { bubble: 'arcade' })).toEqual({ categories: ['puzzle', 'action', 'casual', 'arcade'], tags: ['kids', 'dress-up'] });
  });
});
