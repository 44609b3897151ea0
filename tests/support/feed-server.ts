/**
 * A distributor's feed server on this machine, for the feed import tests, e2e and the bench: it
 * serves feeds of each format (made up here, in each distributor's documented shape), their
 * thumbnails and their game pages; a test changes a feed between syncs (`items`), or makes an
 * address fail in one of the ways a real feed fails.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type MadeUpGame = {
  id: string; title: string; description?: string; category?: string; tags?: string[]; thumb?: boolean; path?: string;
  /** The game's size and how a phone holds it (default 800 × 480, or 800 × 600, landscape). */
  shape?: { width: number; height: number; orientation: 'landscape' | 'portrait' };
};

export type FeedServer = {
  url: string;
  /** The games each feed lists now, by format; change them between syncs. */
  items: { gamedistribution: MadeUpGame[]; gamemonetize: MadeUpGame[]; gamepix: MadeUpGame[]; famobi: MadeUpGame[]; json: MadeUpGame[]; rss: MadeUpGame[] };
  /** Every feed address answers this way instead, until set back to null. */
  failure: null | 'unavailable' | 'not-json' | 'unknown-shape';
  /** While set, feed answers wait for it (a sync held in flight). */
  hold: Promise<void> | null;
  /** Feed requests received. */
  feedRequests: number;
  /** Thumbnail requests served, by path. */
  thumbnailHits: Map<string, number>;
  /** While true, every thumbnail answers 503 (a distributor's image server down). */
  thumbnailsDown: boolean;
  close(): Promise<void>;
};

/** `count` games named "Feed Game n", for the large feed. */
export function madeUpGames(count: number, prefix = 'Feed Game'): MadeUpGame[] {
  return Array.from({ length: count }, (_, index) => ({ id: `g${index + 1}`, title: `${prefix} ${index + 1}`, category: ['Puzzle', 'Racing', 'Shooter', 'Match3'][index % 4]! }));
}

const escape = (text: string) => text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);

function documentOf(format: keyof FeedServer['items'], games: MadeUpGame[], base: string): string {
  const play = (game: MadeUpGame) => `${base}${game.path ?? `/play/${game.id}/`}`;
  const thumb = (game: MadeUpGame) => (game.thumb === false ? null : `${base}/thumbs/${game.id}.png`);
  const size = (game: MadeUpGame, width: number, height: number) => game.shape ?? { width, height, orientation: 'landscape' };
  switch (format) {
    case 'gamedistribution':
      return JSON.stringify(games.map((game) => ({ Title: game.title, Md5: game.id, Url: play(game), Description: game.description ?? `<p>Play <b>${game.title}</b> now.</p>`, Instructions: 'Tap to jump.', Type: 'html5', SubType: '', Mobile: true, Height: size(game, 800, 480).height, Width: size(game, 800, 480).width, Category: [game.category ?? 'Casual'], Tag: game.tags ?? ['fun'], Asset: [thumb(game)].filter(Boolean), Company: 'Made Up Studio', PublishDate: '2026-11-01' })));
    case 'gamemonetize':
      return JSON.stringify(games.map((game) => ({ id: game.id, title: game.title, description: game.description ?? `Play ${game.title}.`, instructions: 'Use the mouse.', url: play(game), category: game.category ?? 'Arcade', tags: (game.tags ?? ['fun', 'free']).join(', '), thumb: thumb(game), width: String(size(game, 800, 600).width), height: String(size(game, 800, 600).height) })));
    case 'gamepix':
      return JSON.stringify({ version: '1', items: games.map((game) => ({ id: game.id, title: game.title, namespace: game.id, description: game.description ?? 'A game.', category: game.category ?? 'puzzle', orientation: size(game, 800, 600).orientation, quality_score: 0.9, width: size(game, 800, 600).width, height: size(game, 800, 600).height, date_modified: '2026-11-01', date_published: '2026-10-01', banner_image: thumb(game), image: thumb(game), url: play(game) })) });
    case 'famobi':
      return JSON.stringify({ games: games.map((game) => ({ package_id: game.id, name: game.title, description: game.description ?? 'A game.', thumb: thumb(game), link: play(game), date: '2026-11-01', aspect_ratio: game.shape ? `${game.shape.width}:${game.shape.height}` : 1.33, categories: [game.category ?? 'Sports'], orientation: size(game, 4, 3).orientation })) });
    case 'json':
      return JSON.stringify({ data: { games: games.map((game) => ({ key: game.id, name: game.title, about: game.description ?? 'A game.', play: { href: play(game) }, image: thumb(game), genre: game.category ?? 'Racing' })) } });
    case 'rss':
      return `<?xml version="1.0"?><rss version="2.0"><channel><title>Made-up games</title>${games
        .map((game) => `<item><guid>${escape(game.id)}</guid><title>${escape(game.title)}</title><link>${escape(play(game))}</link><description>${escape(game.description ?? 'A game.')}</description><category>${escape(game.category ?? 'Arcade')}</category>${thumb(game) ? `<enclosure url="${escape(thumb(game)!)}" type="image/png" length="1"/>` : ''}</item>`)
        .join('')}</channel></rss>`;
  }
}

const GAME_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Made-up game</title></head><body style="margin:0;background:#234"><canvas id="c" width="320" height="240"></canvas><script>const c=document.getElementById('c').getContext('2d');c.fillStyle='#fc0';c.fillRect(40,40,240,160);c.fillStyle='#000';c.font='20px sans-serif';c.fillText('Imported game',90,125);</script></body></html>`;

/** Listens on `port` (0: any free one), on the loopback only. */
export async function startFeedServer(port = 0): Promise<FeedServer> {
  const png = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const thumbnailHits = new Map<string, number>();
  const state = { failure: null, hold: null, feedRequests: 0, thumbnailsDown: false } as unknown as FeedServer;
  const items: FeedServer['items'] = { gamedistribution: [], gamemonetize: [], gamepix: [], famobi: [], json: [], rss: [] };
  let base = '';
  const answerFeed = (feed: keyof FeedServer['items'], response: ServerResponse) => {
    response.writeHead(200, { 'content-type': feed === 'rss' ? 'application/rss+xml' : 'application/json' });
    response.end(documentOf(feed, items[feed], base));
  };
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const feed = /^\/feeds\/(gamedistribution|gamemonetize|gamepix|famobi|json|rss)$/.exec(path)?.[1] as keyof FeedServer['items'] | undefined;
    if (feed) {
      state.feedRequests++;
      if (state.failure) return void response.writeHead(302, { location: `/fail/${state.failure}` }).end();
      if (state.hold) return void state.hold.then(() => answerFeed(feed, response));
      return answerFeed(feed, response);
    }
    if (path.startsWith('/thumbs/')) {
      thumbnailHits.set(path, (thumbnailHits.get(path) ?? 0) + 1);
      if (state.thumbnailsDown) return void response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(png);
    }
    if (path.startsWith('/play/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(GAME_PAGE);
    }
    // The ways a feed fails.
    if (path === '/fail/unavailable') return response.writeHead(503).end('down for maintenance');
    if (path === '/fail/not-json') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in to see the feed</html>');
    if (path === '/fail/unknown-shape') return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', results: 3 }));
    if (path === '/fail/too-big') return response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(60 * 1024 * 1024) }).end();
    if (path === '/fail/redirect-private') return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/fail/timeout') return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(state, {
    url: base,
    items,
    thumbnailHits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return state;
}
