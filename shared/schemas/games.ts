/** The catalog: list and detail inputs, how a game plays and what it contains, and the game shapes every page shows. */
import { z } from 'zod';
import { AGE_RATINGS, GAMES_LIST_DEFAULT_LIMIT, GAMES_LIST_MAX_LIMIT, GAME_CONTROLS, GAME_SAVES, GAME_SORTS, GAME_VIOLENCE, LIMITS } from '../constants';
import { isCountryCode } from '../countries';
import { deviceFilter, idParamSchema, requiredText, searchLocale, slugSchema, trimmed, typeError } from './fields';

export const gameIdInput = z.object({ id: idParamSchema });
export const gameSlugInput = z.object({ slug: slugSchema });
/** How a game can be played: one or more of GAME_CONTROLS, each once, kept in that order. */
export const gameControlsSchema = z
  .array(z.enum(GAME_CONTROLS, { error: `Must be one of ${GAME_CONTROLS.join(', ')}` }))
  .min(1, 'Choose at least one control')
  .max(GAME_CONTROLS.length)
  .refine((controls) => new Set(controls).size === controls.length, 'Each control at most once')
  .transform((controls) => GAME_CONTROLS.filter((control) => controls.includes(control)));

/**
 * One of `values`; left empty (a form's unchosen select), the words a person reads, `missing`;
 * another value, the values accepted (what a caller of the API needs).
 */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, missing: string) {
  return z.enum(values, { error: (issue) => (issue.input == null ? missing : `Must be one of ${values.join(', ')}`) });
}

/** What a game contains, as its developer declares it and the review checks it. */
export const contentFactsSchema = z.strictObject({
  ads: z.boolean({ error: typeError('true or false') }),
  chat: z.boolean({ error: typeError('true or false') }),
  externalLinks: z.boolean({ error: typeError('true or false') }),
  inAppPurchases: z.boolean({ error: typeError('true or false') }),
  saves: oneOf(GAME_SAVES, 'Choose whether the game keeps a player’s progress, and where'),
  violence: oneOf(GAME_VIOLENCE, 'Choose the violence the game shows, if any'),
});
export type ContentFacts = z.infer<typeof contentFactsSchema>;
export const gamesListInput = z.object({
  category: slugSchema.optional(),
  device: deviceFilter,
  search: trimmed(LIMITS.searchMax).optional(),
  /** Only games with this tag (tags are kept lower-cased). */
  tag: requiredText(LIMITS.tagMax).toLowerCase().optional(),
  sort: z.enum(GAME_SORTS, { error: `Must be one of ${GAME_SORTS.join(', ')}` }).default('popular'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GAMES_LIST_MAX_LIMIT, `Must be at most ${GAMES_LIST_MAX_LIMIT}`)
    .default(GAMES_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The page's language: titles and descriptions in it where the game's developer wrote them. */
  locale: searchLocale,
});
export type GamesListInput = z.input<typeof gamesListInput>;

/** A country code, ISO 3166-1 alpha-2 ("IN"); lower case is accepted. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Must be a country code (ISO 3166-1 alpha-2), e.g. IN');

export const trendingInput = z.object({
  /** Whose plays rank the list; without it, or when too few games were played there, plays from everywhere do. */
  country: countryCode.optional(),
  limit: gamesListInput.shape.limit,
  offset: gamesListInput.shape.offset,
});
export type TrendingInput = z.input<typeof trendingInput>;
export const categoryOutput = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
});
export type Category = z.infer<typeof categoryOutput>;

export const ratingSummaryOutput = z.object({ avg: z.number(), count: z.number() });

export const gameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  srcUrl: z.string().nullable(),
  originAllowlists: z.array(z.object({ allowedOrigin: z.string() })),
  categories: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  multiplayer: z.boolean(),
  isFavorited: z.boolean(),
  ratingSummary: ratingSummaryOutput,
  /** playingNow: distinct visitors with a play or a play-time heartbeat in the last 5 minutes. */
  metrics: z.object({ plays: z.number(), playingNow: z.number() }),
  developerProfile: z.object({ studio: z.string() }).nullable(),
  ageRating: z.enum(AGE_RATINGS),
  /** Empty, and contentFacts null, for a game submitted without declaring them. */
  controls: z.array(z.enum(GAME_CONTROLS)),
  contentFacts: contentFactsSchema.nullable(),
});
export type Game = z.infer<typeof gameOutput>;

/** The build players get, for a game whose files the portal serves (uploaded builds, issue #24). */
export const liveBuildOutput = z.object({
  version: z.number().int().meta({ description: 'Its number among the game’s builds: 1, 2, 3… in upload order.' }),
  publishedAt: z.string().meta({ description: 'When it was approved to go live (ISO 8601).' }),
  playsOffline: z.boolean().meta({ description: 'Whether it passed the offline check: once played online, it plays again without a network.' }),
  threads: z.boolean().meta({ description: 'Whether it needs threads (SharedArrayBuffer): its game page is then cross-origin isolated.' }),
});
export type LiveBuild = z.infer<typeof liveBuildOutput>;

/** One game's page: the list shape plus the game's own instructions and the build players get. */
export const gameDetailOutput = gameOutput.extend({
  instructions: z.string().nullable(),
  distributor: z
    .string()
    .nullable()
    .meta({ description: 'The distributor an imported game comes from ("GameDistribution", a feed’s name): its ads run inside the game, and the portal shows none of its own around it. Null for the portal’s own games.' }),
  frameAspect: z.number().nullable().meta({ description: "Width over height of the game's frame, as its distributor's feed gives it; null: the frame's usual size." }),
  orientation: z.enum(['landscape', 'portrait']).nullable().meta({ description: 'How a phone is held to play it, as its feed gives it; null: either way.' }),
  build: liveBuildOutput.nullable().meta({ description: 'The build the portal serves for this game; null for a game linked by its address.' }),
});
export type GameDetail = z.infer<typeof gameDetailOutput>;

export const homeOutput = z.object({
  popular: z.array(gameOutput),
  trending: z.array(gameOutput),
  new: z.array(gameOutput),
  multiplayer: z.array(gameOutput),
});
export type HomePayload = z.infer<typeof homeOutput>;

export const trendingOutput = z.object({
  scope: z.enum(['country', 'world']).meta({ description: 'country: ranked by plays from `country`; world: by plays from everywhere' }),
  country: z.string().nullable().meta({ description: 'The country asked for (ISO 3166-1 alpha-2), or null' }),
  countryName: z.string().nullable().meta({ description: "That country's name in English (\"India\"), or null" }),
  games: z.array(gameOutput),
});
export type TrendingPayload = z.infer<typeof trendingOutput>;
export const tagOutput = z.object({ id: z.number(), name: z.string() });
export const favoriteOutput = z.object({ isFavorited: z.boolean() });
export const playOutput = z.object({ plays: z.number() });
