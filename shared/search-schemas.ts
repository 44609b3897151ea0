/** Search suggestions as you type (issue #23): what the header's search box asks and is answered. */
import { z } from 'zod';
import { LIMITS } from './constants';
import { isStorableText, typeError } from './schemas';
import { searchLocale } from './schemas/fields';

/** Most suggestions one answer holds. */
export const SUGGESTIONS_MAX = 8;

export const SUGGESTION_KINDS = ['game', 'category', 'tag'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const searchSuggestInput = z.object({
  q: z
    .string({ error: typeError('text') })
    .trim()
    .min(1, 'Required')
    .max(LIMITS.searchMax, `Must be at most ${LIMITS.searchMax} characters`)
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters'),
  locale: searchLocale,
});

/**
 * One suggestion: a game (its slug opens its page), a category (its slug filters the
 * Categories page) or a tag (its slug is the tag itself, searched for).
 */
export const searchSuggestion = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  label: z.string(),
  slug: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestion>;

export const searchSuggestOutput = z.object({ suggestions: z.array(searchSuggestion).max(SUGGESTIONS_MAX) });
export type SearchSuggestions = z.infer<typeof searchSuggestOutput>;
