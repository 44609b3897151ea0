/**
 * Build step (vite.config.ts): every ICU message reaches the browser already parsed. The English
 * defaults in the code go through FormatJS's own Babel plugin (`ast: true`), the catalogs of
 * src/i18n/locales (and locales/developer) are parsed as they are imported, and the web app then takes FormatJS's runtime
 * without its message parser (`no-parser`), about 9 KB gzipped less on every first load and no
 * parsing while the page hydrates. The server's renderer keeps the parser.
 */
import { transformAsync } from '@babel/core';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from 'babel-plugin-formatjs';
import type { Alias, Plugin } from 'vite';

const CATALOG = /\/src\/i18n\/locales\/(developer\/)?[a-zA-Z-]+\.json$/;
const SOURCE = /\/src\/.+\.tsx?$/;

export const precompiledMessages: Plugin = {
  name: 'playfree:precompiled-messages',
  enforce: 'pre',
  async transform(code, id) {
    const path = id.split('?')[0]!;
    if (CATALOG.test(path)) {
      const catalog = JSON.parse(code) as Record<string, string>;
      // Still JSON: Vite's own JSON plugin turns it into a module afterwards. A catalog's parsed form
      // maps to no line of the file, so its source map is empty on purpose (without one the bundler
      // warns SOURCEMAP_BROKEN on every build).
      const parsed = Object.fromEntries(Object.entries(catalog).map(([messageId, message]) => [messageId, parse(message)]));
      return { code: JSON.stringify(parsed), map: { mappings: '' } };
    }
    if (!SOURCE.test(path) || !code.includes('defaultMessage')) return null;
    const result = await transformAsync(code, {
      filename: path,
      babelrc: false,
      configFile: false,
      sourceMaps: true,
      // Parse TypeScript and JSX, transform nothing else: Vite's own React plugin compiles them next.
      parserOpts: { plugins: ['typescript', 'jsx'] },
      plugins: [[formatjs, { ast: true }]],
    });
    // Babel's map type marks `names` optional; it is always there.
    return result?.code ? { code: result.code, map: result.map as { mappings: string; names: string[] } | null } : null;
  },
};

/** For the browser build: FormatJS's runtime without the parser (every message arrives parsed). */
export const messageParserLeftOut: Alias = { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' };
