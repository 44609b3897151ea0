/**
 * Lists the web app's messages that a catalog lacks (and catalog entries the code no longer has),
 * with their English text, to translate: `npx tsx scripts/i18n-missing.ts [locale]`. Each language
 * has two catalogs: the players' and the developer portal's and admin dashboard's (messages-in-code.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../src/i18n/locales';
import { CATALOG_FOLDERS, catalogOf, messagesInCode, type CatalogName } from '../src/i18n/messages-in-code';

const srcDir = join(import.meta.dirname, '..', 'src');
const { messages, problems } = messagesInCode(srcDir);
for (const problem of problems) console.error(`unreadable: ${problem}`);
const wanted = process.argv[2];
for (const locale of LOCALES) {
  if (locale === 'en' || (wanted && wanted !== locale)) continue;
  for (const name of Object.keys(CATALOG_FOLDERS) as CatalogName[]) {
    const file = join('i18n', CATALOG_FOLDERS[name], `${locale}.json`);
    const catalog = JSON.parse(readFileSync(join(srcDir, file), 'utf8')) as Record<string, string>;
    const own = [...messages.values()].filter(({ id }) => catalogOf(id) === name);
    const missing = Object.fromEntries(own.filter(({ id }) => !catalog[id]).map(({ id, defaultMessage }) => [id, defaultMessage]));
    const stale = Object.keys(catalog).filter((id) => catalogOf(id) !== name || !messages.has(id));
    process.stdout.write(`${JSON.stringify({ locale, file: `src/${file}`, missing, stale }, null, 2)}\n`);
  }
}
