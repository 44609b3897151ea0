/** The building blocks every domain's schemas share: text, URL, id and slug fields, the empty input, tags. */
import { z } from 'zod';
import { GAME_CONTROLS, LIMITS } from '../constants';
import { LANGUAGE_CODES } from '../languages';
import { isSecureGameUrl } from '../urls';

/** PostgreSQL text cannot hold NUL, and lone UTF-16 surrogates are not text at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters');
export const requiredText = (max: number) => trimmed(max).min(1, 'Required');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .refine(isStorableText, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

export const webUrl = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine(isStorableText, 'Must be an http(s) URL')
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }));

/** A URL the game frame will accept: HTTPS, or HTTP on localhost / an IP address. */
export const secureUrlSchema = webUrl.refine(isSecureGameUrl, 'Must use HTTPS (HTTP only for localhost)');

/** A type error's message: "Required" when the field is missing, else the type it must have. */
export const typeError =
  (expected: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'Required' : `Must be ${expected}`;

/** How a type error names the type expected, for schemas with no message of their own. */
const EXPECTED: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list', object: 'an object' };
z.config({
  customError: (issue) => (issue.code === 'invalid_type' ? typeError(EXPECTED[issue.expected] ?? issue.expected)(issue) : undefined),
});

/** A numeric id in a JSON body: a number, nothing coerced (`true`, `[21]`, `"21"`, `"0x1"` are refused). */
export const idSchema = z
  .number({ error: typeError('a number') })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(2_147_483_647, 'Too large');

/**
 * A numeric id of a path or a query string (`/api/games/{id}`): there it arrives as text, so decimal
 * digits are read as a number; tRPC's JSON sends a number. Nothing else is coerced.
 */
export const idParamSchema = z.preprocess((value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value), idSchema);

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid slug');

export const optionalBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
/**
 * No input. JSON null counts as none too (tRPC's httpLink sends an input-less mutation as
 * an empty body, which the server reads as null). Typed as plain `z.void()` so callers
 * still write `useQuery()` without an argument.
 */
export const noInput = z.preprocess((value) => (value === null ? undefined : value), z.void()) as unknown as z.ZodVoid;

/** A list filter: only games playable with this control. */
export const deviceFilter = z.enum(GAME_CONTROLS, { error: `Must be one of ${GAME_CONTROLS.join(', ')}` }).optional();

/** "fun, Retro ,," → ["fun", "Retro"] */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export const tagList = z
  .array(requiredText(LIMITS.tagMax))
  .max(LIMITS.tagsMax, `At most ${LIMITS.tagsMax} tags`);

export const okOutput = z.object({ ok: z.literal(true) });

/**
 * The language of the page a search comes from (`locale`, optional): game titles come back in it
 * where the game's developer translated them. Search itself finds a title in any language.
 */
export const searchLocale = z
  .enum(LANGUAGE_CODES, { error: `Must be one of ${LANGUAGE_CODES.join(', ')}` })
  .optional()
  .meta({ description: 'The page’s language (en, es, hi, ar, pt-BR, fr, de, it, nl, pl, ru, tr, id, vi, ja, ko): titles in it where the developer translated them, the original otherwise.' });
