import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchSchemaMessage, SCHEMA_MESSAGES } from '../../../shared/schema-messages';
import { developerSubmissionForm, newsletterForm } from '../../schemas';
import { LOCALES } from '../../i18n/locales';
import { formRules } from './lazyRules';
import { loadSchemaMessages, localizedErrors, schemaErrorText } from './schema-errors';

const translated = LOCALES.filter((locale) => locale !== 'en');

describe("a form's field checks in the page's language", () => {
  it('shows a schema’s own message in French, its arguments kept, once the French words are loaded', async () => {
    await loadSchemaMessages('fr');
    expect(schemaErrorText('Must be at most 80 characters', 'fr')).toBe('80 caractères au maximum');
    expect(schemaErrorText('Required', 'fr')).toBe(JSON.parse(readFileSync(new URL('../../../shared/schema-messages/fr.json', import.meta.url), 'utf8'))['schema.required']);
    // Another text (a server's refusal already in French, zod's own words) is shown as it is.
    expect(schemaErrorText('Titre déjà pris', 'fr')).toBe('Titre déjà pris');
    expect(schemaErrorText('Must be at most 80 characters', 'en')).toBe('Must be at most 80 characters');
  });

  it('puts a real form’s errors in the page’s language: the developer’s submission in Japanese, the newsletter in German', async () => {
    await Promise.all([loadSchemaMessages('ja'), loadSchemaMessages('de')]);
    const english = formRules(developerSubmissionForm)({ hosting: 'link', title: '', description: 'x'.repeat(5_000), srcUrl: 'http://example.com/game', thumbUrl: '', instructions: '', controls: [], category: '' });
    const japanese = localizedErrors(english, 'ja');
    expect(Object.keys(japanese)).toEqual(Object.keys(english));
    const checks = Object.entries(english).filter(([, message]) => matchSchemaMessage(String(message)) !== null);
    expect(checks.length).toBeGreaterThan(1);
    for (const [field, message] of checks) expect(japanese[field], field).not.toBe(message);
    const checked = newsletterForm.safeParse({ email: 'not an address' });
    expect(checked.success).toBe(false);
    expect(schemaErrorText(checked.error!.issues[0]!.message, 'de')).not.toBe(checked.error!.issues[0]!.message);
  });

  it.each(translated)('has every check’s words in %s, with plain {arguments} only (no ICU formatter in the browser)', async (locale) => {
    const catalog = JSON.parse(readFileSync(new URL(`../../../shared/schema-messages/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(SCHEMA_MESSAGES).sort());
    for (const text of Object.values(catalog)) expect(text).not.toMatch(/\{\w+,/);
  });
});
