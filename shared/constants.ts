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

export const GAME_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
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

/** Double opt-in: PENDING until the mailed link is opened, then CONFIRMED; UNSUBSCRIBED from either. */
export const NEWSLETTER_STATUSES = ['PENDING', 'CONFIRMED', 'UNSUBSCRIBED'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const GAME_SORTS = ['popular', 'newest', 'trending'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/** Server-side limits the specification leaves open. */
export const LIMITS = {
  emailMax: 254,
  nameMax: 80,
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
export const STORAGE_KEYS = { token: 'auth_token', theme: 'theme' } as const;

export const AUTH_COOKIE = 'auth_token';
/** A random first-party id of this browser: play de-duplication, "playing now" and analytics only. */
export const VISITOR_COOKIE = 'pf_visitor';
export const SESSION_TTL_DAYS = 30;

/** The highest score the server takes (scores and play time reported through the SDK, issue #4). */
export const MAX_SCORE = 1_000_000_000;

/** How long the server's catalog answers (lists, game pages) are fresh; a page rendered longer ago is refreshed by the app. */
export const CATALOG_FRESH_MS = 4_000;
