/**
 * The product's constants and limits, quoted from the specification (section 9)
 * once, for the server and the web app alike. This module imports nothing.
 */

export const PORTAL_NAME = 'PlayFree';

export const HERO_ROTATION_MS = 5000;

export const HOME_LIST_SIZES = { popular: 10, trending: 3, new: 12, multiplayer: 4 } as const;
export const CARD_MAX_CATEGORY_BADGES = 2;
export const RELATED_GAMES = 6;
export const PAGE_SIZE = 24;
/** Reviews shown per page on a game page. */
export const REVIEWS_PAGE_SIZE = 10;
export const GRID_SKELETON_CARDS = 12;
export const KIDS_SKELETON_CARDS = 8;

export const GAMES_LIST_DEFAULT_LIMIT = 24;
export const GAMES_LIST_MAX_LIMIT = 100;
/** Trending ranks by plays in this many recent days. */
export const TRENDING_WINDOW_DAYS = 7;
/** One visitor's plays of one game count at most once in this many minutes. */
export const PLAY_DEDUP_MINUTES = 10;
/** "Playing now": distinct visitors with a play or a play-time heartbeat in this many minutes. */
export const PLAYING_NOW_MINUTES = 5;

export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_WIDTH = 420;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const GAME_FRAME_HEIGHT = 600;
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-pointer-lock allow-popups';

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** UNPUBLISHED: taken off the portal by an admin after it was live; re-publishing makes it APPROVED again. */
export const GAME_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'UNPUBLISHED'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const AGE_RATINGS = ['KIDS', 'E7', 'E13', 'E16', 'E18'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];
export const DEFAULT_AGE_RATING: AgeRating = 'E13';
/** Ratings the Kids Zone shows. */
export const KID_SAFE_AGE_RATINGS: readonly AgeRating[] = ['KIDS', 'E7'];

export const PLAY_TYPES = ['IFRAME', 'CANVAS'] as const;
export type PlayType = (typeof PLAY_TYPES)[number];

export const GAME_REPORT_REASONS = [
  'inappropriate-content',
  'malware',
  'copyright',
  'broken',
  'spam',
  'other',
] as const;
export type GameReportReason = (typeof GAME_REPORT_REASONS)[number];

/** Why a player reports a review (issue #25). */
export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'off-topic', 'false-information', 'other'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** Collections (issue #25): names, how many one account keeps, how many games one holds. */
export const COLLECTION_LIMITS = { nameMax: 60, perAccount: 100, gamesMax: 500 } as const;
/** The name of every account's first collection: the games its Favorite toggle keeps. */
export const FAVORITES_COLLECTION_NAME = 'Favorites';
/** Recently played (issue #25): games the row and page show, and games a device keeps for a visitor. */
export const RECENTLY_PLAYED_MAX = 24;

export const GENERAL_REPORT_TYPES = [
  'inappropriate_content',
  'technical_issue',
  'copyright',
  'malware',
  'misleading',
  'other',
] as const;
export type GeneralReportType = (typeof GENERAL_REPORT_TYPES)[number];

export const REPORT_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ReportPriority = (typeof REPORT_PRIORITIES)[number];

export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_KINDS = ['GAME', 'GENERAL'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const LEGACY_CATEGORIES = [
  'action',
  'adventure',
  'puzzle',
  'racing',
  'sports',
  'strategy',
  'arcade',
  'casual',
] as const;

export const CONTACT_TYPES = ['general', 'technical', 'developer', 'business', 'report'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** A contact message waits OPEN until an admin answers it (the answer is mailed to the sender). */
export const MESSAGE_STATUSES = ['OPEN', 'ANSWERED'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Admin Messages tab: messages a page. */
export const MESSAGES_PAGE_SIZE = 20;

/** Admin All Games and Users tabs: rows a page. */
export const ADMIN_PAGE_SIZE = 20;
/** The admin's Active Users card counts accounts that signed in within this many days. */
export const ACTIVE_USER_DAYS = 30;

/** Double opt-in: PENDING until the mailed link is opened, then CONFIRMED; UNSUBSCRIBED from either. */
export const NEWSLETTER_STATUSES = ['PENDING', 'CONFIRMED', 'UNSUBSCRIBED'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** List orders: most played, newest published, most played in the trending window, best rated (issue #25). */
export const GAME_SORTS = ['popular', 'newest', 'trending', 'top_rated'] as const;
export type GameSort = (typeof GAME_SORTS)[number];
/** The visitor's country as the server saw it (ISO 3166-1 alpha-2), for the web app's "Trending in {country}"; readable by scripts. */
export const COUNTRY_COOKIE = 'pf_country';
/** A country gets its own trending list once at least this many games were played there in the window. */
export const COUNTRY_TRENDING_MIN_GAMES = 3;
/** The home's New This Week: games published within this many days. */
export const NEW_THIS_WEEK_DAYS = 7;

/** How a game can be played (issue #14); a list filters by one of them with `device`. */
export const GAME_CONTROLS = ['touch', 'keyboard', 'mouse', 'gamepad'] as const;
export type GameControl = (typeof GAME_CONTROLS)[number];
/** Where a game keeps a player's progress: nowhere, in the browser, or in the player's account. */
export const GAME_SAVES = ['none', 'device', 'cloud'] as const;
export type GameSaves = (typeof GAME_SAVES)[number];
export const GAME_VIOLENCE = ['none', 'cartoon', 'realistic'] as const;
export type GameViolence = (typeof GAME_VIOLENCE)[number];
/**
 * Content facts that keep a game out of the Kids Zone even when its age rating fits: the zone
 * promises no chat, and nothing that leads a child out of the game or asks for money.
 */
export const KIDS_ZONE_EXCLUDED_FACTS = ['chat', 'externalLinks', 'inAppPurchases'] as const;

/** What a developer's webhook can subscribe to (issue #13). */
export const WEBHOOK_EVENTS = ['game.approved', 'game.rejected', 'rating.created', 'report.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
/** Webhooks a developer may register. */
export const WEBHOOKS_MAX = 10;

/**
 * The guidelines page's common rejection reasons, each with the rule id a rejection names
 * (`rejectionReasons[].rule`); `other` carries the admin's own words.
 */
export const REJECTION_RULE_IDS = [
  'slow-load',
  'broken',
  'insecure-origin',
  'age-rating',
  'metadata',
  'advertising',
  'copyright',
  'prohibited-content',
  'other',
] as const;
export type RejectionRule = (typeof REJECTION_RULE_IDS)[number];
export const REJECTION_RULES: readonly { rule: Exclude<RejectionRule, 'other'>; text: string }[] = [
  { rule: 'slow-load', text: 'The game takes more than 30 seconds to load.' },
  { rule: 'broken', text: 'The game does not load, crashes or has game-breaking bugs.' },
  { rule: 'insecure-origin', text: 'The game is not served over HTTPS, or from a different origin than the one registered.' },
  { rule: 'age-rating', text: 'The content does not match the declared age rating.' },
  { rule: 'metadata', text: 'Missing or misleading title, description or thumbnail.' },
  { rule: 'advertising', text: 'Excessive or deceptive advertising.' },
  { rule: 'copyright', text: 'Copyright or trademark infringement.' },
  { rule: 'prohibited-content', text: 'Prohibited content: Flash, executables, mining scripts or gambling.' },
];
/** Review turnaround (GET /api/review-stats) is the median of the reviews in this many days. */
export const REVIEW_STATS_DAYS = 30;

/** How a deleted account's ratings and scores are attributed (server/domains/account). */
export const DELETED_PLAYER = 'Deleted player';

/** Server-side limits the specification leaves open. */
export const LIMITS = {
  emailMax: 254,
  nameMax: 80,
  /** A display name set on the account page (issue #14); names made from an e-mail at sign-in may be longer. */
  displayNameMax: 40,
  titleMax: 80,
  descriptionMax: 2000,
  instructionsMax: 2000,
  commentMax: 1000,
  reportDescriptionMax: 2000,
  answerMax: 5000,
  searchMax: 100,
  urlMax: 2048,
  tagMax: 24,
  tagsMax: 10,
  categoriesMax: 3,
  /** Largest request body of most routes: a sign-in, a rating, a report. */
  bodyBytes: 16 * 1024,
  /** Largest request body of the routes that carry a whole game's details (submissions), and of /trpc. */
  largeBodyBytes: 64 * 1024,
} as const;

/** Browser storage keys (spec section 3). */
/**
 * The longest /trpc GET the web app sends (server/app.ts takes batches' paths up to it): a batch
 * that would be longer goes as several. Under the 8 KB many proxies allow a request line.
 */
export const TRPC_MAX_URL_LENGTH = 4000;

export const STORAGE_KEYS = { token: 'auth_token', theme: 'theme' } as const;

export const AUTH_COOKIE = 'auth_token';
/** A random first-party id of this browser: play de-duplication, "playing now" and analytics only. */
export const VISITOR_COOKIE = 'pf_visitor';
export const SESSION_TTL_DAYS = 30;

/** The highest score the server takes (scores and play time reported through the SDK, issue #4). */
export const MAX_SCORE = 1_000_000_000;

/** How long the server's catalog answers (lists, game pages) are fresh; a page rendered longer ago is refreshed by the app. */
export const CATALOG_FRESH_MS = 4_000;

/** The public API /api/v1 (issue #13; spec section 9: v1, lists of 20, 1000 and 10,000 requests an hour per key). */
export const PUBLIC_API = {
  version: 'v1',
  defaultLimit: 20,
  maxLimit: 100,
  gamesPerHour: 1000,
  analyticsPerHour: 10_000,
  /** Active keys one account may hold. */
  keysPerUser: 10,
} as const;

/** Cloud saves (issue #14): a game's save is a JSON object of at most 64 KB. */
export const SAVE_LIMITS = {
  /** The save's JSON text, in UTF-8 bytes. */
  dataBytes: 64 * 1024,
  /** Body of a PUT .../save (and so of /trpc): twice the data, so a save a little too large is answered 400 naming `data`. */
  bodyBytes: 128 * 1024,
  /** Body of an import (POST /api/me/saves): one exported file. */
  importBytes: 8 * 1024 * 1024,
  /** Saves in one import file. */
  importMax: 500,
} as const;
/** The `format` of the file GET /api/me/saves answers and POST /api/me/saves takes. */
export const SAVES_FILE_FORMAT = 'playfree-saves';

/**
 * Revenue sharing (issue #37; spec section 9's marketing claims): the developer's share of the ad
 * revenue their game earns, the day of the month payouts are made and the smallest balance paid.
 * The Revenue Sharing page, the developer pages and the server's statements all read these.
 */
export const REVENUE_SHARE = {
  /** Per cent of a game's ad revenue that goes to its developer; the portal keeps the rest. */
  developerPercent: 70,
  /** Payouts are made on this day of the month after the statement's month. */
  payoutDay: 15,
  /** Balances below this many cents of the operator's currency carry over to the next month. */
  minimumPayoutCents: 5000,
} as const;

/** Ad impressions (issue #37): their kinds, and how long a page view may report them (the places: server/domains/ads/places.ts). */
export const AD_IMPRESSION_KINDS = ['slot', 'break'] as const;
export type AdImpressionKind = (typeof AD_IMPRESSION_KINDS)[number];
export const AD_LIMITS = {
  pathMax: 300,
  /** A page view reports impressions and card impressions for this many minutes after it was issued. */
  pageViewMinutes: 30,
  /** Card impressions one request may report. */
  cardImpressionsMax: 50,
  /** An impression needs at least one second on screen (IAB): a slot none sooner after its page view, a break none sooner after it started. */
  viewableMs: 1000,
  /** A game page's breaks start at least this far apart (the portal shows one at a time, each at least until its Skip). */
  breakSpacingSeconds: 5,
  /** Most impressions counted for one visitor in PLAY_DEDUP_MINUTES; past it a burst counts nothing. */
  impressionsPerVisitor: 30,
} as const;
