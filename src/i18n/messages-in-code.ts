/**
 * Reads the messages the web app's code declares (Node only: the catalogs test and
 * scripts/i18n-missing.ts). A message is an `id` followed by its `defaultMessage`, both plain
 * string literals, as an object (`{ id: 'nav.home', defaultMessage: 'Home' }`) or JSX attributes
 * (`id="nav.home" defaultMessage="Home"`); a `defaultMessage` written any other way is reported,
 * so no text escapes the catalogs unseen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type CodeMessage = { id: string; defaultMessage: string; file: string };

/**
 * Which catalog a message goes in: the developer portal's and the admin dashboard's (ids under
 * `developer.` and `admin.`) in src/i18n/locales/developer/{code}.json, loaded by those screens
 * only (DeveloperMessages.tsx); every other one in the players' src/i18n/locales/{code}.json.
 */
export type CatalogName = 'players' | 'developer';
export const CATALOG_FOLDERS: Record<CatalogName, string> = { players: 'locales', developer: 'locales/developer' };

export function catalogOf(id: string): CatalogName {
  return id.startsWith('developer.') || id.startsWith('admin.') ? 'developer' : 'players';
}

const DESCRIPTOR =
  /\bid\s*[:=]\s*\{?\s*(['"])((?:\\.|(?!\1)[^\\])*)\1\s*\}?\s*,?\s*defaultMessage\s*[:=]\s*\{?\s*(['"`])((?:\\.|(?!\3)[^\\])*)\3/g;
// Counted to find messages the reader missed; `defaultMessage: string` in a type is none.
const DEFAULT_MESSAGE = /\bdefaultMessage\s*[:=](?!\s*string\b)/g;

/** Every message declared under `root`, and the places where a message could not be read. */
export function messagesInCode(root: string): { messages: Map<string, CodeMessage>; problems: string[] } {
  const messages = new Map<string, CodeMessage>();
  const problems: string[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(join(root, '..'), path);
    const code = readFileSync(path, 'utf8');
    const found = [...code.matchAll(DESCRIPTOR)];
    const declared = code.match(DEFAULT_MESSAGE)?.length ?? 0;
    if (found.length !== declared) problems.push(`${file}: ${declared - found.length} defaultMessage(s) not written as id then defaultMessage, both string literals`);
    for (const match of found) {
      const id = unquote(match[2]!, match[1]!);
      const defaultMessage = unquote(match[4]!, match[3]!);
      if (match[3] === '`' && defaultMessage.includes('${')) problems.push(`${file}: ${id} interpolates into its defaultMessage (use an ICU {argument})`);
      const earlier = messages.get(id);
      if (earlier && earlier.defaultMessage !== defaultMessage) problems.push(`${file}: ${id} is already declared in ${earlier.file} with another text`);
      messages.set(id, { id, defaultMessage, file });
    }
  }
  return { messages, problems };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // src/i18n itself declares no texts; its comments show examples.
    if (entry.isDirectory()) return path === import.meta.dirname ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A string literal's value: JSX attributes have no escapes, JS strings the usual ones. */
function unquote(body: string, quote: string): string {
  if (quote === '"' && !body.includes('\\')) return body;
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_, escape: string) => {
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    if (escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return { n: '\n', t: '\t', r: '\r' }[escape] ?? escape;
  });
}
