/**
 * An input check's words in the request's language. The schemas (shared/schemas) write their
 * messages in English, where web and server share them; a failed check is put in the caller's
 * language when it is answered: a message of the schemas' own is found by its English text
 * (shared/schema-messages: `schema.*` ids, their `{arguments}` read back from the text), and zod's built-in
 * messages ("Too big: expected number to be <=5") come from zod's own translations of them.
 */
import { z } from 'zod';
import type { $ZodErrorMap, $ZodIssue } from 'zod/v4/core';
import type { Locale } from '../../src/i18n/locales';
import { matchSchemaMessage } from '../../shared/schema-messages';
import { translate } from './translate';

const ZOD_LOCALES: Record<Locale, () => { localeError: $ZodErrorMap }> = {
  en: z.locales.en,
  es: z.locales.es,
  hi: z.locales.hi,
  ar: z.locales.ar,
  'pt-BR': z.locales.ptBR,
  fr: z.locales.fr,
  de: z.locales.de,
  it: z.locales.it,
  nl: z.locales.nl,
  pl: z.locales.pl,
  ru: z.locales.ru,
  tr: z.locales.tr,
  id: z.locales.id,
  vi: z.locales.vi,
  ja: z.locales.ja,
  ko: z.locales.ko,
};

const zodErrors = new Map<Locale, $ZodErrorMap>();

/** zod's own message for the issue in the language (its error maps may answer an object or nothing). */
function zodMessage(locale: Locale, issue: $ZodIssue): string | undefined {
  let localeError = zodErrors.get(locale);
  if (!localeError) {
    localeError = ZOD_LOCALES[locale]().localeError;
    zodErrors.set(locale, localeError);
  }
  const said = localeError(issue as never);
  return typeof said === 'string' ? said : (said?.message ?? undefined);
}

/** The issue's message in the language; an English text that is neither the schemas' nor zod's own stays as it is. */
export function issueMessage(issue: $ZodIssue, locale: Locale): string {
  if (locale === 'en') return issue.message;
  const schemaMessage = matchSchemaMessage(issue.message);
  if (schemaMessage) return translate(locale, schemaMessage.id, schemaMessage.values);
  // zod's own words: the message is what zod's English says for this issue.
  if (zodMessage('en', issue) === issue.message) return zodMessage(locale, issue) ?? issue.message;
  return issue.message;
}
