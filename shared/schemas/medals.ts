/** Medals a game declares and players unlock through the SDK (issue #25). */
import { z } from 'zod';
import { idParamSchema, requiredText, trimmed, typeError } from './fields';

/** The icons a medal may show: drawn by the portal, so a declaration holds no image or URL. */
export const MEDAL_ICONS = ['trophy', 'star', 'medal', 'crown', 'flame', 'bolt', 'target', 'heart', 'rocket', 'gem', 'clock', 'shield', 'flower', 'puzzle', 'sparkles', 'flag'] as const;
export type MedalIcon = (typeof MEDAL_ICONS)[number];

export const MEDAL_LIMITS = {
  /** Medals one game may declare. */
  perGame: 50,
  keyMax: 40,
  nameMax: 40,
  descriptionMax: 120,
  pointsMax: 100,
} as const;

/** The id a game unlocks a medal by (`PlayFree.unlockMedal('first-flower')`). */
export const medalKeySchema = z
  .string({ error: 'Must be a medal id' })
  .trim()
  .min(1, 'Required')
  .max(MEDAL_LIMITS.keyMax, `Must be at most ${MEDAL_LIMITS.keyMax} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be lower-case letters, digits and single hyphens');

/** One medal as a game declares it. */
export const medalDeclarationSchema = z.object({
  key: medalKeySchema,
  name: requiredText(MEDAL_LIMITS.nameMax),
  description: trimmed(MEDAL_LIMITS.descriptionMax).default(''),
  icon: z.enum(MEDAL_ICONS, { error: `Must be one of ${MEDAL_ICONS.join(', ')}` }),
  points: z.number({ error: typeError('a whole number') }).int('Must be a whole number').min(1).max(MEDAL_LIMITS.pointsMax),
  /** Hidden (name, description and id) from players until they unlock it. */
  secret: z.boolean().default(false),
});
export type MedalDeclaration = z.infer<typeof medalDeclarationSchema>;

export const medalDeclarationsSchema = z
  .array(medalDeclarationSchema)
  .max(MEDAL_LIMITS.perGame, `At most ${MEDAL_LIMITS.perGame} medals`)
  .refine((medals) => new Set(medals.map((medal) => medal.key)).size === medals.length, 'Each medal needs its own id');

export const declareMedalsInput = z.object({ id: idParamSchema, medals: medalDeclarationsSchema });
export const unlockMedalInput = z.object({ id: idParamSchema, medal: medalKeySchema });

/**
 * A medal as a player sees it. A secret medal they have not unlocked shows only its points:
 * key, name, description and icon are null.
 */
export const medalOutput = z.object({
  key: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  icon: z.enum(MEDAL_ICONS).nullable(),
  points: z.number(),
  secret: z.boolean(),
  /** Whether the caller has it (always false signed out), and since when. */
  unlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type Medal = z.infer<typeof medalOutput>;
export const gameMedalsOutput = z.array(medalOutput);

export const unlockMedalOutput = z.object({
  medal: medalOutput,
  /** False when the player already had it: unlocking again changes nothing. */
  newlyUnlocked: z.boolean(),
});
export type UnlockedMedal = z.infer<typeof unlockMedalOutput>;

/** The signed-in player's medals across games, newest first, for their profile. */
export const myMedalsOutput = z.object({
  points: z.number(),
  medals: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      description: z.string(),
      icon: z.enum(MEDAL_ICONS),
      points: z.number(),
      secret: z.boolean(),
      unlockedAt: z.string(),
      game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
    }),
  ),
});
export type MyMedals = z.infer<typeof myMedalsOutput>;

const exampleMedals = [
  { key: 'first-flower', name: 'First Flower', description: 'Eat your first flower.', icon: 'flower', points: 5, secret: false },
  { key: 'garden-party', name: 'Garden Party', description: 'Grow the snake to 40 segments.', icon: 'crown', points: 50, secret: true },
];

/** What a developer declared (every field, secret ones too). */
export const declaredMedalsOutput = z.array(medalDeclarationSchema.extend({ description: z.string(), secret: z.boolean() })).meta({ examples: [exampleMedals] });

/** The public API's declaration call, documented with an example for /api-docs. */
export const v1DeclareMedalsInput = z
  .object({
    id: idParamSchema.meta({ description: 'The id of your game.' }),
    medals: medalDeclarationsSchema.meta({
      description: `Every medal of the game, in the order players see them (at most ${MEDAL_LIMITS.perGame}): key (the id the game unlocks it by), name, description, icon (${MEDAL_ICONS.join(', ')}), points (1-${MEDAL_LIMITS.pointsMax}), secret.`,
    }),
  })
  .meta({ examples: [{ medals: exampleMedals }] });
export const v1GameIdInput = z.object({ id: idParamSchema.meta({ description: 'The id of your game.' }) });
