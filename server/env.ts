/** The server's settings, read once from the environment and checked with zod. */
import { z } from 'zod';
import { AD_PLACES, AD_PROVIDERS, MIDGAME_FIRST_SECONDS_DEFAULT, MIDGAME_GAP_SECONDS_DEFAULT, type AdPlace } from '../shared/ads';

const port = z.coerce.number().int().min(1).max(65535);
const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * Which peers may set X-Forwarded-For (Fastify's trustProxy): off by default, so a
 * client cannot choose the address its rate limits count against; a number of proxy
 * hops in front of the portal; or a comma-separated list of proxy addresses and CIDRs.
 */
const trustProxy = z
  .string()
  .default('off')
  .transform((value, context) => {
    const text = value.trim().toLowerCase();
    if (text === 'off' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
    const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/;
    const bad = entries.find((entry) => !address.test(entry));
    if (bad !== undefined || entries.length === 0) {
      context.addIssue({ code: 'custom', message: `expected off, a hop count or addresses/CIDRs, got "${bad ?? value}"` });
      return z.NEVER;
    }
    return entries;
  });

/** `place:slotId` pairs, comma-separated, each place one of AD_PLACES. */
const adsenseSlots = z
  .string()
  .default('')
  .transform((value, context) => {
    const slots: Partial<Record<AdPlace, string>> = {};
    for (const pair of value.split(',').map((entry) => entry.trim()).filter(Boolean)) {
      const [place = '', id = ''] = pair.split(':').map((part) => part.trim());
      if (!(AD_PLACES as readonly string[]).includes(place) || !/^\d{5,20}$/.test(id)) {
        context.addIssue({ code: 'custom', message: `expected place:slotId with a place of ${AD_PLACES.join(', ')}, got "${pair}"` });
        return z.NEVER;
      }
      slots[place as AdPlace] = id;
    }
    return slots;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  /** The games origin listens on its own port; default PORT + 1. */
  GAMES_PORT: port.optional(),
  /** Public base URL of the games origin (for deployments that put it on its own domain). */
  GAMES_PUBLIC_URL: z.url().optional(),
  /** Public base URL of the portal itself; default http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** A real PostgreSQL; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /**
   * Read replicas of DATABASE_URL, comma-separated: the public catalog reads (home, lists,
   * searches, game pages, Kids Zone) go to them; everything else stays on the primary.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((url) => url.trim()).filter(Boolean)),
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploaded games' files are kept: `folder` (DATA_DIR/builds, nothing to set up) or
   * `postgres` (the database itself, which several instances of the portal share).
   */
  BUILD_STORAGE: z.enum(['folder', 'postgres']).default('folder'),
  /**
   * `x-accel-redirect`: nginx in front of the games origin sends the folder store's files itself
   * (sendfile): the portal answers a GET that nginx passes on with the file's headers and
   * `X-Accel-Redirect` to BUILD_FILES_OFFLOAD_LOCATION, and no body (docs/OPERATIONS.md has the
   * nginx configuration). `off`: the portal streams every file.
   */
  BUILD_FILES_OFFLOAD: z.enum(['off', 'x-accel-redirect']).default('off'),
  /** nginx's `internal` location whose `alias` is DATA_DIR/builds/blobs/; under /__playfree/, where no build's file can be. */
  BUILD_FILES_OFFLOAD_LOCATION: z
    .string()
    .regex(/^\/[A-Za-z0-9._~/-]*\/$/, 'expected a path that starts and ends with /, e.g. /__playfree/blobs/')
    .default('/__playfree/blobs/'),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` (one object per line), `pretty` (lines to read) or `auto`: pretty when stdout is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** `off` restores the spec's one-step e-mail sign-in (demos, REST contract tests); refused in production. */
  AUTH_EMAIL_VERIFICATION: z.enum(['on', 'off']).default('on'),
  /** SMTP server for sign-in mails, e.g. smtp://user:pass@mail.example.org:587. Without it mail goes to the dev outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('PlayFree <no-reply@playfree.invalid>'),
  /** Where contact and Help Center messages are mailed (they are also kept for the admin Messages tab). */
  SUPPORT_EMAIL: z.email().default('support@playfree.invalid'),
  /** Optional Redis for what several server instances share: rate-limit counters, and the rooms' presence and room list. */
  REDIS_URL: z.string().optional(),
  /** Prefix of this portal's keys in that Redis, so several portals (or test runs) can share one server. */
  REDIS_KEY_PREFIX: z.string().default('playfree-rl:'),
  /**
   * This process's rooms as players' browsers reach them, host and path without a scheme (e.g.
   * play.example.org/rooms/p1; the page's https makes it wss), when several processes share rooms
   * through REDIS_URL and a proxy routes each path to its process (docs/OPERATIONS.md). Unset: the
   * page's own host under /rooms. A room process (`npm run rooms`) needs it.
   */
  ROOMS_PUBLIC_ADDRESS: z.string().regex(/^[^/:]+(:\d+)?(\/[^\s]*)?$/, 'expected host[:port][/path], no scheme').optional(),
  /** Where a room process (`npm run rooms`) listens for its players' sockets. */
  ROOMS_PORT: port.default(2567),
  /**
   * `off`: this portal instance hosts no rooms and opens them on the room processes only (with
   * REDIS_URL), so restarting it never drops a game; `on` (default): it hosts rooms too.
   */
  ROOMS_IN_PORTAL: z.enum(['on', 'off']).default('on'),
  /** Proxies whose X-Forwarded-For is believed: off (default), a hop count, or addresses/CIDRs. */
  TRUST_PROXY: trustProxy,
  /**
   * Load shedding: past this mean event-loop delay (ms) the server answers 503 instead of queueing
   * requests it would answer too late anyway; 0 turns it off.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Load shedding: past this much JavaScript heap (MB) the server answers 503; default 90 % of Node's heap limit. */
  MAX_HEAP_MB: z.coerce.number().int().positive().optional(),
  /** Multiplies every rate limit (tests and benchmarks raise them; 1 in production). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /**
   * Days of raw play events to keep (at least 14); older ones are deleted once their days are
   * counted in the daily rollups. Unset: keep every raw play.
   */
  PLAY_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(14).optional(),
  /**
   * Days of raw page events (page views, card and ad impressions) to keep (2 or more). They are
   * deleted anyway once their month's revenue is entered: every figure lives on in the daily
   * rollups. Unset: kept until then.
   */
  PAGE_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(2).optional(),
  /**
   * Seconds without a word from a paired Kids Zone device before the parent's screen says it
   * stopped reporting (switched off, or its site data cleared, which unpairs it). Tests shorten it.
   */
  KIDS_DEVICE_SILENT_SECONDS: z.coerce.number().int().min(10).default(180),
  /**
   * The Chromium that checks uploaded builds; unset (or not there): /usr/bin/chromium, then
   * chromium, chromium-browser, google-chrome-stable or google-chrome on PATH. With none, builds
   * get only their file checks and the reviewer tries them by hand.
   */
  CHROMIUM_PATH: z.string().optional(),
  /**
   * Build checkers `npm start` runs as its children (docs/OPERATIONS.md): 0 when checkers on other
   * machines do all the checks.
   */
  LOCAL_CHECKERS: z.coerce.number().int().min(0).max(8).default(1),
  /**
   * Feeds and their thumbnails may be fetched from loopback, private and link-local addresses
   * (tests, a local mirror); never on a public portal: an admin's address must not reach the
   * portal's own network (docs/OPERATIONS.md).
   */
  FEEDS_ALLOW_PRIVATE: z.enum(['0', '1'], { error: 'Must be 0 or 1' }).default('0').transform((value) => value === '1'),
  /** Who the checkers and their Chromium run as when the portal runs as root (default `nobody`). */
  CHECKER_USER: z.string().trim().min(1).optional(),
  /** How long a checker holds a build's checks; a build whose checker died is taken over after it. */
  CHECK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
  /** Where the built web app lives. */
  WEB_DIST_DIR: z.string().default('./dist'),
  /**
   * The request header a CDN or proxy sets to the visitor's country (ISO 3166-1 alpha-2), for
   * "Trending in {country}"; without it, the region of the browser's Accept-Language is used.
   */
  COUNTRY_HEADER: z.string().trim().toLowerCase().default('cf-ipcountry'),
  /** Who fills the ad slots and breaks (docs/OPERATIONS.md, Ads): none, house (the portal's own games) or adsense. */
  AD_PROVIDER: z.enum(AD_PROVIDERS).default('house'),
  /** AdSense: the publisher id, ca-pub- and 16 digits (with AD_PROVIDER=adsense). */
  ADSENSE_PUBLISHER_ID: z.string().trim().regex(/^ca-pub-\d{10,20}$/, 'expected ca-pub- and digits').optional(),
  /** AdSense: a display unit's slot id per place, e.g. `home:1234567890,game:2345678901,category:3456789012`. */
  ADSENSE_SLOTS: adsenseSlots,
  /** AdSense: where its script is loaded from (Google's by default; e2e/ads-adsense.spec.ts serves a local stand-in). */
  ADSENSE_SCRIPT_URL: z.url().default('https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js'),
  /** No midgame break before this many seconds of play (the e2e suite lowers it). */
  AD_MIDGAME_FIRST_SECONDS: z.coerce.number().int().min(0).default(MIDGAME_FIRST_SECONDS_DEFAULT),
  /** No midgame break within this many seconds of the last one. */
  AD_MIDGAME_GAP_SECONDS: z.coerce.number().int().min(0).default(MIDGAME_GAP_SECONDS_DEFAULT),
  /** The currency the admin enters ad revenue in and statements are kept in (ISO 4217). */
  REVENUE_CURRENCY: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'expected a three-letter currency code').default('USD'),
  /**
   * How many slot impressions one break impression weighs when a month's revenue is split over
   * games: a full-frame break earns the network several banners' worth.
   */
  AD_BREAK_WEIGHT: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Prometheus metrics (GET /metrics, docs/OPERATIONS.md) are served on a port of their own, never
   * on the portal's: default PORT + 2, on the loopback address only; 0 turns them off.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where /metrics listens: 127.0.0.1 by default, so only this machine (or a tunnel) reaches it. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** When set, /metrics wants `Authorization: Bearer <it>` (for a METRICS_HOST other machines reach). */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Most URLs in one sitemap file; past it /sitemap.xml is an index of files (the protocol's limit is 50,000). */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(10).max(50_000).default(50_000),
});

export type Env = z.infer<typeof envSchema> & {
  GAMES_PORT: number;
  METRICS_PORT: number;
  GAMES_PUBLIC_URL: string;
  PUBLIC_URL: string;
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.AUTH_EMAIL_VERIFICATION === 'off') {
    throw new Error('Invalid settings:\n  AUTH_EMAIL_VERIFICATION=off is refused with NODE_ENV=production: anyone could sign in as anyone.');
  }
  if (env.AD_PROVIDER === 'adsense' && !env.ADSENSE_PUBLISHER_ID) {
    throw new Error('Invalid settings:\n  AD_PROVIDER=adsense needs ADSENSE_PUBLISHER_ID (ca-pub-…).');
  }
  if (env.BUILD_FILES_OFFLOAD !== 'off' && env.BUILD_STORAGE !== 'folder') {
    throw new Error('Invalid settings:\n  BUILD_FILES_OFFLOAD needs BUILD_STORAGE=folder: nginx sends files it can read from the storage folder, and PostgreSQL-stored ones are not files.');
  }
  if (env.ROOMS_IN_PORTAL === 'off' && !env.REDIS_URL) {
    throw new Error('Invalid settings:\n  ROOMS_IN_PORTAL=off needs REDIS_URL: the room processes are found through Redis.');
  }
  const gamesPort = env.GAMES_PORT ?? env.PORT + 1;
  return {
    ...env,
    GAMES_PORT: gamesPort,
    METRICS_PORT: env.METRICS_PORT ?? env.PORT + 2,
    GAMES_PUBLIC_URL: (env.GAMES_PUBLIC_URL ?? `http://localhost:${gamesPort}`).replace(/\/+$/, ''),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
