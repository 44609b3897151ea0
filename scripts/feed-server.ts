/**
 * `npm run feeds:demo`: the tests' distributor stand-in (tests/support/feed-server.ts) on
 * 127.0.0.1:3900 (FEEDS_DEMO_PORT), for trying feeds on a portal of one's own: each format's feed
 * lists 24 made-up games (their thumbnails and a page that draws a canvas), to add on the admin's
 * Feeds tab of a portal started with FEEDS_ALLOW_PRIVATE=1. Made-up data, never a distributor's.
 */
import { madeUpGames, startFeedServer, type FeedServer } from '../tests/support/feed-server';

const PORT = Number(process.env.FEEDS_DEMO_PORT ?? 3900);
const FORMATS: { format: keyof FeedServer['items']; prefix: string }[] = [
  { format: 'gamedistribution', prefix: 'Harbor Dash' },
  { format: 'gamemonetize', prefix: 'Pixel Orchard' },
  { format: 'gamepix', prefix: 'Comet Courier' },
  { format: 'famobi', prefix: 'Lantern Maze' },
  { format: 'json', prefix: 'Tidy Tiles' },
  { format: 'rss', prefix: 'Rocket Garden' },
];

let feeds: FeedServer;
try {
  feeds = await startFeedServer(PORT);
} catch (error) {
  console.error(`The demo feeds could not listen on 127.0.0.1:${PORT} (${error instanceof Error ? error.message : String(error)}): set FEEDS_DEMO_PORT to a free port.`);
  process.exit(1);
}
for (const { format, prefix } of FORMATS) {
  feeds.items[format] = madeUpGames(24, prefix).map((game) => ({ ...game, id: `${format}-${game.id}` }));
}
console.info(`Demo feeds (made-up games) at ${feeds.url}; start the portal with FEEDS_ALLOW_PRIVATE=1 and add one on the admin's Feeds tab:`);
for (const { format } of FORMATS) console.info(`  ${format.padEnd(16)} ${feeds.url}/feeds/${format}`);
console.info('The json feed needs its field mapping: items data.games, id key, title name, url play.href, description about, thumbnail image, categories genre. Ctrl+C stops.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void feeds.close().then(() => process.exit(0)));
