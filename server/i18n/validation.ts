/**
 * An input check's words in the request's language. The schemas (shared/schemas) write their
 * messages in English, where web and server share them; a failed check is put in the caller's
 * language when it is answered: a message of the schemas' own is found in the catalog by its
 * English text (`schema.*` ids, their `{arguments}` read back from the text), and zod's built-in
 * messages ("Too big: expected number to be <=5") come from zod's own translations of them.
 */
import { z } from 'zod';
import type { $ZodErrorMap, $ZodIssue } from 'zod/v4/core';
import type { Locale } from '../../src/i18n/locales';
import { SERVER_MESSAGES, type MessageId } from './messages';
import { translate } from './translate';

type SchemaMessage = { id: MessageId; pattern: RegExp; names: string[]; literal: number };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each `schema.*` text as a pattern that matches it with any argument values, the values captured. */
const SCHEMA_MESSAGES: SchemaMessage[] = (Object.keys(SERVER_MESSAGES) as MessageId[])
  .filter((id) => id.startsWith('schema.'))
  .map((id) => {
    const names: string[] = [];
    const source = SERVER_MESSAGES[id]
      .split(/(\{\w+\})/)
      .map((part) => {
        const argument = /^\{(\w+)\}$/.exec(part);
        if (!argument) return escapeRegExp(part);
        names.push(argument[1]!);
        return '(.+?)';
      })
      .join('');
    return { id, pattern: new RegExp(`^${source}$`, 's'), names, literal: source.length };
  })
  // The most specific first: "Must be at most {max} characters" before "Must be at most {max}".
  .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);

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
  for (const { id, pattern, names } of SCHEMA_MESSAGES) {
    const match = pattern.exec(issue.message);
    if (match) return translate(locale, id, Object.fromEntries(names.map((name, at) => [name, match[at + 1]!])));
  }
  // zod's own words: the message is what zod's English says for this issue.
  if (zodMessage('en', issue) === issue.message) return zodMessage(locale, issue) ?? issue.message;
  return issue.message;
}
