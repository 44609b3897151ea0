/** A game's listing in another language (issue #59): what its developer writes, what players read. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { LANGUAGE_CODES } from '../languages';
import { idParamSchema, requiredText, trimmed } from './fields';

export const translationLocaleSchema = z.enum(LANGUAGE_CODES, { error: `Must be one of ${LANGUAGE_CODES.join(', ')}` }).meta({ description: 'The language: one of the portal’s locales (en, es, hi, ar, pt-BR, fr, de, it, nl, pl, ru, tr, id, vi, ja, ko).' });

const translationFields = {
  title: requiredText(LIMITS.titleMax).meta({ description: 'The title in this language.' }),
  description: requiredText(LIMITS.descriptionMax).meta({ description: 'The description in this language.' }),
  instructions: trimmed(LIMITS.instructionsMax)
    .nullable()
    .optional()
    .meta({ description: 'How to play, in this language; left out or empty: the original instructions are shown.' }),
};

export const translationKeyInput = z.object({
  id: idParamSchema.meta({ description: 'The id of your game.' }),
  locale: translationLocaleSchema,
});

export const translationPutInput = translationKeyInput.extend(translationFields).meta({
  examples: [{ title: 'Tour de blocs', description: 'Empilez les blocs le plus haut possible.', instructions: 'Touchez pour lâcher un bloc.' }],
});

const savedTranslation = { locale: 'fr', title: 'Tour de blocs', description: 'Empilez les blocs le plus haut possible.', instructions: 'Touchez pour lâcher un bloc.', updatedAt: '2026-11-29T10:00:00.000Z' };

export const translationOutput = z
  .object({
    locale: translationLocaleSchema,
    title: z.string(),
    description: z.string(),
    instructions: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ examples: [savedTranslation] });
export type TranslationOutput = z.infer<typeof translationOutput>;

export const translationsOutput = z.array(translationOutput).meta({ examples: [[savedTranslation]] });
/** What a removal answers. */
export const translationRemovedOutput = z.object({ ok: z.literal(true) }).meta({ examples: [{ ok: true }] });

/** A published game's listing in the reader's language: null when its developer wrote none. */
export const listingInput = z.object({ id: idParamSchema, locale: translationLocaleSchema });
export const listingOutput = z.object({
  listing: z.object({ title: z.string(), description: z.string(), instructions: z.string().nullable() }).nullable(),
});
export type Listing = NonNullable<z.infer<typeof listingOutput>['listing']>;
