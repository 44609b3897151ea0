/**
 * Lists the web app's messages that a catalog lacks (and catalog entries the code no longer has),
 * with their English text, to translate: `npx tsx scripts/i18n-missing.ts [locale]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../src/i18n/locales';
import { messagesInCode } from '../src/i18n/messages-in-code';

const srcDir = join(import.meta.dirname, '..', 'src');
const { messages, problems } = messagesInCode(srcDir);
for (const problem of problems) console.error(`unreadable: ${problem}`);
const wanted = process.argv[2];
for (const locale of LOCALES) {
  if (locale === 'en' || (wanted && wanted !== locale)) continue;
  const catalog = JSON.parse(readFileSync(join(srcDir, 'i18n', 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
  const missing = Object.fromEntries([...messages.values()].filter(({ id }) => !catalog[id]).map(({ id, defaultMessage }) => [id, defaultMessage]));
  const stale = Object.keys(catalog).filter((id) => !messages.has(id));
  process.stdout.write(`${JSON.stringify({ locale, missing, stale }, null, 2)}\n`);
}
