/** The public API /api/v1 (issue #13). */
import { z } from 'zod';
import { AGE_RATINGS, DEFAULT_AGE_RATING, GAME_CONTROLS, GAME_SAVES, GAME_STATUSES, GAME_VIOLENCE, LIMITS, PUBLIC_API } from '../constants';
import { idParamSchema, optionalBoolean, requiredText, secureUrlSchema, slugSchema, tagList, trimmed, typeError } from './fields';

/**
 * The v1 shapes are snake_case, as the documentation page shows them. Their descriptions and
 * examples are the endpoint reference of that page: it renders them from the OpenAPI document.
 */
export const v1GamesListInput = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1)
    .max(PUBLIC_API.maxLimit)
    .default(PUBLIC_API.defaultLimit)
    .meta({ description: `Number of games to return, at most ${PUBLIC_API.maxLimit}.`, examples: [10] }),
  page: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1)
    .max(100_000)
    .default(1)
    .meta({ description: 'Which page of results, from 1.' }),
  category: slugSchema.meta({ description: 'Category slug, e.g. action or puzzle.', examples: ['action'] }).optional(),
  featured: optionalBoolean.meta({ description: 'Only games featured on the home page.' }).optional(),
  /** Given: the key owner's own games in this review status; omitted: the portal's published games. */
  status: z.enum(GAME_STATUSES).meta({ description: `List your own games in this review status: ${GAME_STATUSES.join(', ')}.` }).optional(),
});
/** The example game of the reference: one of the developer's, as the list and an update answer it. */
const exampleGame = {
  id: 42,
  title: 'Space Rocks',
  slug: 'space-rocks',
  description: 'Blast your way through an asteroid field in this fast-paced arcade shooter.',
  thumbnail: 'https://cdn.playfree.example/thumbs/space-rocks.png',
  category: 'action',
  plays: 15230,
  rating: 4.6,
  created_at: '2025-07-14T09:30:00Z',
};
const updatedGame = {
  title: 'Space Rocks Deluxe',
  description: 'Now with boss fights and a two-player mode!',
  thumbnail: 'https://games.example-studio.com/space-rocks/thumb-v2.png',
};

const v1Game = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  category: z.string().nullable(),
  plays: z.number(),
  rating: z.number(),
  created_at: z.string(),
});
/** The answer of an update: the game as it is now. */
export const v1GameOutput = v1Game.meta({ examples: [{ ...exampleGame, ...updatedGame }] });
export type V1Game = z.infer<typeof v1GameOutput>;
export const v1GamesOutput = z
  .object({ games: z.array(v1Game), total: z.number(), page: z.number(), limit: z.number() })
  .meta({ examples: [{ games: [exampleGame], total: 128, page: 1, limit: PUBLIC_API.defaultLimit }] });
/** A game's content facts in the v1 API's snake_case (the portal's contentFacts). */
const v1ContentFacts = z.strictObject({
  ads: z.boolean({ error: typeError('true or false') }),
  chat: z.boolean({ error: typeError('true or false') }),
  external_links: z.boolean({ error: typeError('true or false') }),
  in_app_purchases: z.boolean({ error: typeError('true or false') }),
  saves: z.enum(GAME_SAVES, { error: `Must be one of ${GAME_SAVES.join(', ')}` }),
  violence: z
    .enum(GAME_VIOLENCE, { error: `Must be one of ${GAME_VIOLENCE.join(', ')}` })
    .meta({ description: 'none; cartoon (the Kids Zone shows it only when a parent allows it); realistic (never in the Kids Zone).' }),
});
export const v1SubmitInput = z
  .object({
    title: requiredText(LIMITS.titleMax).meta({ description: 'Title shown on the portal.' }),
    description: requiredText(LIMITS.descriptionMax).meta({ description: 'What the game is about.' }),
    hosted: z
      .boolean()
      .default(false)
      .meta({ description: 'true: the game’s files are uploaded here as builds (POST /games/{id}/builds) and played from its own origin; no game_url then.' }),
    game_url: secureUrlSchema.meta({ description: 'Where the game is hosted (an HTTPS URL); required unless `hosted`.' }).optional(),
    thumbnail: secureUrlSchema
      .meta({ description: 'Thumbnail image (an HTTPS URL), 400x300; required unless `hosted` (then the build’s thumb.png, .jpg or .webp).' })
      .optional(),
    category: slugSchema.meta({ description: 'Category slug.' }),
    age_rating: z.enum(AGE_RATINGS).default(DEFAULT_AGE_RATING).meta({ description: `${AGE_RATINGS.join(', ')}.` }),
    tags: tagList.meta({ description: 'Search tags.' }).optional(),
    instructions: trimmed(LIMITS.instructionsMax).meta({ description: 'How to play.' }).optional(),
    // Not gameControlsSchema: its transform (the canonical order, kept by the service instead) would drop this body's example from the document.
    controls: z
      .array(z.enum(GAME_CONTROLS, { error: `Must be one of ${GAME_CONTROLS.join(', ')}` }))
      .min(1, 'Choose at least one control')
      .refine((controls) => new Set(controls).size === controls.length, 'Each control at most once')
      .meta({ description: 'How it can be played: one or more of touch, keyboard, mouse, gamepad.' })
      .optional(),
    content_facts: v1ContentFacts
      .meta({ description: 'What it contains, as the review checks it. Left out: undeclared, and the Kids Zone shows the game only when it is rated KIDS.' })
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.hosted) return;
    if (!value.game_url) context.addIssue({ code: 'custom', path: ['game_url'], message: 'Required unless hosted is true' });
    if (!value.thumbnail) context.addIssue({ code: 'custom', path: ['thumbnail'], message: 'Required unless hosted is true' });
  })
  .meta({
    examples: [
      {
        title: 'Space Rocks',
        description: 'Blast your way through an asteroid field in this fast-paced arcade shooter.',
        game_url: 'https://games.example-studio.com/space-rocks/',
        thumbnail: 'https://games.example-studio.com/space-rocks/thumb.png',
        category: 'action',
        age_rating: 'E7',
        tags: ['arcade', 'space', 'shooter'],
        instructions: 'Arrow keys to move, space to shoot.',
        controls: ['keyboard', 'mouse'],
        content_facts: { ads: false, chat: false, external_links: false, in_app_purchases: false, saves: 'device', violence: 'cartoon' },
      },
    ],
  });
export const v1SubmittedOutput = z
  .object({
    id: z.number(),
    title: z.string(),
    slug: z.string(),
    status: z.enum(GAME_STATUSES),
    created_at: z.string(),
  })
  .meta({ examples: [{ id: 42, title: 'Space Rocks', slug: 'space-rocks', status: 'PENDING', created_at: '2025-08-01T10:15:00Z' }] });
export const v1UpdateInput = z
  .object({
    id: idParamSchema.meta({ description: 'The id of your game.' }),
    title: requiredText(LIMITS.titleMax).meta({ description: 'New title.' }).optional(),
    description: requiredText(LIMITS.descriptionMax).meta({ description: 'New description.' }).optional(),
    thumbnail: secureUrlSchema.meta({ description: 'New thumbnail image (an HTTPS URL).' }).optional(),
  })
  .meta({ examples: [updatedGame] });
