/**
 * The large catalog `npm run bench -- --scale` measures: 100,000 published games,
 * 10,000 users, 1,000,000 plays over the last 14 days and 300,000 ratings,
 * generated inside PostgreSQL (set-based SQL, a fixed random seed, so every run
 * builds the same catalog) into BENCH_DATABASE_URL. Only raw rows are generated;
 * every derived count comes from `npm run db:rebuild-stats`, as after a bulk
 * import. A database that already holds this catalog is reused. `--quick` builds
 * a tenth of it in a database of its own (the name with `_quick`), for trying the
 * bench out, not for figures.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/orm';
import { seedCatalog } from '../../server/db/seed';
import { withDatabase } from '../../tests/support/engine';

export type CatalogSize = { games: number; users: number; plays: number; ratings: number };
const FULL_SIZE: CatalogSize = { games: 100_000, users: 10_000, plays: 1_000_000, ratings: 300_000 };
const QUICK_SIZE: CatalogSize = { games: 10_000, users: 1_000, plays: 100_000, ratings: 30_000 };

export function catalogSize(quick: boolean): CatalogSize {
  return quick ? QUICK_SIZE : FULL_SIZE;
}

/** Title words (adjectives and nouns of game titles) and description words: what people search for. */
export const TITLE_WORDS = (
  'turbo super mega tiny crazy happy dark golden frozen blazing neon pixel cosmic wild royal secret ' +
  'lucky brave silent rapid mighty shadow crystal ancient electric sticky bouncy hungry sleepy angry ' +
  'zombie ninja dragon pirate robot knight wizard monster alien panda kitten puppy farmer chef racer ' +
  'pilot sniper archer hero princess viking samurai dino shark bunny unicorn ghost goblin troll ' +
  'castle tower dungeon jungle ocean desert island city garden kitchen galaxy planet volcano forest ' +
  'arena highway kingdom factory bakery circus temple space candy block bubble jewel gem tile ball ' +
  'kart truck bike rocket tank plane boat train car drift run rush quest war clash blast smash dash ' +
  'jump fall escape merge match puzzle sudoku chess golf soccer tennis basketball hockey bowling'
).split(' ');
const DESCRIPTION_WORDS = (
  'collect coins dodge obstacles unlock levels upgrade build defend explore race against friends ' +
  'beat your best score solve tricky puzzles tap swipe aim shoot jump climb run through colorful ' +
  'worlds boss battles power ups daily challenges relaxing addictive endless mode multiplayer ' +
  'leaderboards secret areas hidden treasure simple controls hours of fun for all ages'
).split(' ');

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/playfree_bench';

export function benchDatabaseUrl(quick: boolean): string {
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_URL;
  return quick ? withDatabase(url, `${new URL(url).pathname.slice(1)}_quick`) : url;
}

/** Whether the database holds the whole generated catalog (its derived counts are the last step). */
async function isComplete(url: string, size: CatalogSize): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ games: number; rollups: number }>(
      `select (select count(*)::int from games where slug like 'bench-%') as games, (select count(*)::int from game_daily_plays) as rollups`,
    );
    return (rows[0]?.games ?? 0) >= size.games && (rows[0]?.rollups ?? 0) > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(url: string, regenerate: boolean): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    if (regenerate) await admin.query(`drop database if exists "${name}" with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

const sqlArray = (words: readonly string[]) => `(array[${words.map((word) => `'${word}'`).join(',')}])`;

/** Builds (or reuses) the catalog; answers how long each step took. */
export async function prepareCatalog(options: { regenerate: boolean; quick: boolean; log: (line: string) => void }): Promise<Record<string, number>> {
  const url = benchDatabaseUrl(options.quick);
  const size = catalogSize(options.quick);
  const timings: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    timings[name] = (Date.now() - started) / 1000;
    options.log(`  ${name}: ${timings[name]!.toFixed(1)} s`);
  };
  if (!options.regenerate && (await isComplete(url, size))) {
    options.log(`Reusing the generated catalog in ${new URL(url).pathname.slice(1)} (--regenerate builds it again)`);
    await tidy(url, step);
    return timings;
  }
  // A missing or half-built catalog is built again from an empty database.
  await ensureDatabase(url, true);
  const db = await openDatabase({ url });
  try {
    await migrate(db.orm);
    await seedCatalog(db.orm.em.fork(), { GAMES_PUBLIC_URL: 'http://localhost:3821' });
    const sql = (text: string) => db.orm.em.fork().getConnection().execute(text);
    options.log(`Generating the catalog in ${new URL(url).pathname.slice(1)}…`);
    const title = sqlArray(TITLE_WORDS);
    const description = sqlArray(DESCRIPTION_WORDS);
    const n = TITLE_WORDS.length;
    const m = DESCRIPTION_WORDS.length;
    await step('users', () =>
      sql(`insert into users (email, name, role, created_at)
           select 'player' || i || '@bench.playfree.invalid', 'Player ' || i, 'USER', now() - make_interval(days => i % 700)
             from generate_series(1, ${size.users}) as i`),
    );
    await step('games', async () => {
      await sql(`select setseed(0.42)`);
      // Titles: two or three title words and a number; descriptions: title words and sentence words.
      await sql(`insert into games (slug, title, description, status, multiplayer, age_rating, studio, plays,
                                    search_text, search_title, src_url, thumb_url, created_at, updated_at, published_at)
        select 'bench-' || i, t.title, t.description,
               case when i % 97 = 0 then 'PENDING' else 'APPROVED' end,
               random() < 0.15, (array['KIDS', 'E7', 'E7', 'E13', 'E13', 'E13', 'E16', 'E18'])[1 + floor(random() * 8)::int],
               'Studio ' || (i % 900), 0, lower(t.title || ' ' || t.description), lower(t.title),
               'https://g' || i || '.games.bench.invalid/', 'https://g' || i || '.games.bench.invalid/thumb.png',
               now() - make_interval(days => (i % 730)), now(), now() - make_interval(days => (i % 730), mins => i % 1440)
          from generate_series(1, ${size.games}) as i,
          lateral (select initcap(w1) || ' ' || initcap(w2) || case when i % 3 = 0 then ' ' || initcap(w3) else '' end || ' ' || (i % 99 + 1) as title,
                          initcap(w2) || ' ' || d1 || ' ' || d2 || ' ' || w4 || ' ' || d3 || ' ' || d4 || ' ' || w1 || ' ' || d5 as description
                     from (select ${title}[1 + floor(random() * ${n})::int] as w1, ${title}[1 + floor(power(random(), 2) * ${n})::int] as w2,
                                  ${title}[1 + floor(random() * ${n})::int] as w3, ${title}[1 + floor(random() * ${n})::int] as w4,
                                  ${description}[1 + floor(random() * ${m})::int] as d1, ${description}[1 + floor(random() * ${m})::int] as d2,
                                  ${description}[1 + floor(random() * ${m})::int] as d3, ${description}[1 + floor(random() * ${m})::int] as d4,
                                  ${description}[1 + floor(random() * ${m})::int] as d5, i as seed) words) t`);
      await sql(`insert into game_origins (game_id, allowed_origin)
                 select id, rtrim(src_url, '/') from games where slug like 'bench-%'`);
      await sql(`insert into game_categories (game_id, category_id)
                 select g.id, c.id from games g join categories c on c.sort_order in (g.id % 9, (g.id * 7 + 2) % 9, case when g.id % 4 = 0 then (g.id * 3 + 5) % 9 end)
                  where g.slug like 'bench-%' on conflict do nothing`);
      await sql(`insert into tags (name) select 'tag ' || i from generate_series(1, 200) as i on conflict do nothing`);
      await sql(`insert into game_tags (game_id, tag_id)
                 select g.id, t.id from games g join tags t on t.name in ('tag ' || (1 + g.id % 200), 'tag ' || (1 + (g.id * 13) % 200))
                  where g.slug like 'bench-%' on conflict do nothing`);
    });
    // Random picks are array subscripts in the select list, evaluated once per generated row.
    const gameIds = `(select array_agg(id order by id) as ids from games where slug like 'bench-%') picks`;
    await step('plays', () =>
      // A few games get most plays (power law); a third of plays are signed in.
      sql(`insert into play_events (game_id, user_id, visitor_key, created_at)
           select picks.ids[1 + floor(power(random(), 3) * ${size.games})::int],
                  case when random() < 0.3 then 1 + floor(random() * ${size.users})::int end,
                  'v:' || md5((p % 200000)::text), now() - random() * interval '14 days'
             from generate_series(1, ${size.plays}) as p, ${gameIds}`),
    );
    await step('ratings', () =>
      sql(`insert into ratings (game_id, user_id, score, comment, created_at, updated_at)
           select picks.ids[1 + floor(power(random(), 2) * ${size.games})::int], users.ids[1 + floor(random() * ${size.users})::int],
                  1 + floor(random() * 5)::int, case when r % 4 = 0 then 'Rating ' || r end, now() - random() * interval '60 days', now()
             from generate_series(1, ${Math.round(size.ratings * 1.02)}) as r, ${gameIds},
                  (select array_agg(id order by id) as ids from users where email like '%@bench.playfree.invalid') users
           on conflict (game_id, user_id) do nothing`),
    );
  } finally {
    await db.close();
  }
  await step('npm run db:rebuild-stats', async () => {
    const rebuilt = spawnSync('npm', ['run', '--silent', 'db:rebuild-stats'], { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
    if (rebuilt.status !== 0) throw new Error(`db:rebuild-stats failed: ${rebuilt.stderr || rebuilt.stdout}`);
    options.log(`  ${rebuilt.stdout.trim().split('\n').at(-1)}`);
  });
  await tidy(url, step);
  return timings;
}

/**
 * Vacuums and checkpoints the catalog's database before measuring. After a generation, the
 * checkpoint flushes its gigabyte of writes now: left to the checkpointer, it spreads them over the
 * next minutes, which are the measurements (and whatever the machine runs after them). Before a
 * run on a reused catalog, the vacuum does what autovacuum (on by default; off on some test
 * machines, this project's among them) would have done since the last run's rebuild rewrote every
 * game row.
 */
async function tidy(url: string, step: (name: string, run: () => Promise<unknown>) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await step('vacuum analyze', () => client.query('vacuum analyze'));
    await step('checkpoint', () => client.query('checkpoint'));
  } finally {
    await client.end();
  }
}
