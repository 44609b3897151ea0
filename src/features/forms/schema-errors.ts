/**
 * A form's field checks in the page's language (issue #59). The shared schemas say what is wrong
 * in English, as the server does; a form shows it in the language of the page (`<html lang>`,
 * which the app keeps in step): its text is found among the checks' own words
 * (shared/schema-messages) and written in that language's, loaded with the form's code (a
 * kilobyte or two, only for a language other than English). Any other text is shown as it is.
 */
import type { FormErrors } from '@mantine/form';
import { matchSchemaMessage } from '../../../shared/schema-messages';
import { isLocale, type Locale } from '../../i18n/locales';

type Catalog = Record<string, string>;

const catalogFiles = import.meta.glob<Catalog>('../../../shared/schema-messages/*.json', { import: 'default' });
const catalogs = new Map<Locale, Catalog>();

function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

/** Loads the page language's words for the checks, once; resolved at once for English. */
export async function loadSchemaMessages(locale: Locale = pageLocale()): Promise<void> {
  if (locale === 'en' || catalogs.has(locale)) return;
  const load = catalogFiles[`../../../shared/schema-messages/${locale}.json`];
  if (load) catalogs.set(locale, await load());
}

// A form's code is loaded when it is about to be shown: its words come with it.
void loadSchemaMessages().catch(() => undefined);

/**
 * `text` in the page's language when it is one of the checks' own messages and that language's
 * words are here; else as it is. Their translations hold plain `{name}` arguments only (a test
 * keeps it so), so no ICU formatter is needed in the browser.
 */
export function schemaErrorText(text: string, locale: Locale = pageLocale()): string {
  if (locale === 'en') return text;
  const found = matchSchemaMessage(text);
  const translated = found ? catalogs.get(locale)?.[found.id] : undefined;
  if (!found || translated === undefined) return text;
  return translated.replace(/\{(\w+)\}/g, (whole, name: string) => found.values[name] ?? whole);
}

/** A form's errors (Mantine's, from a schema) in the page's language. */
export function localizedErrors(errors: FormErrors, locale: Locale = pageLocale()): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, typeof error === 'string' ? schemaErrorText(error, locale) : error]));
}
