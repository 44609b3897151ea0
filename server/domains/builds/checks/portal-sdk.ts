/**
 * Finds the `<script src>` tags of a build's index.html that load Poki's or CrazyGames' SDK from
 * those portals' own sites (issue #37). The games origin runs no script of another site, so such a
 * game would start without its SDK; the portal serves a compatible version of each on the game's
 * own site (games/sdk/compat/, docs/API.md), and the checks say which line to change (verdicts.ts).
 * Pure text work: no browser, so it is judged even when Chromium did not run.
 */
import { PORTAL_PATH_PREFIX } from '../../../../shared/urls';
import { text, type Text } from '../../../i18n/translate';

/** What to load instead: PlayFree's compatible versions, served on every game's own site (server/http/game-host-assets.ts). */
const COMPAT_SCRIPTS = {
  Poki: `${PORTAL_PATH_PREFIX}compat/poki-sdk.js`,
  CrazyGames: `${PORTAL_PATH_PREFIX}compat/crazygames-sdk-v3.js`,
} as const;

export type Portal = keyof typeof COMPAT_SCRIPTS;

/** The only CrazyGames SDK version with a compatible version here. */
const CRAZYGAMES_COMPAT_VERSION = 3;

/** The tag to write instead of one loading `portal`'s SDK from their site. */
export function compatTag(portal: Portal): string {
  return `<script src="${COMPAT_SCRIPTS[portal]}"></script>`;
}

export interface PortalSdkScript {
  portal: Portal;
  /** The line of index.html its `src` is on, counted from 1. */
  line: number;
  /** The address as written. */
  src: string;
  /** CrazyGames' SDK version from the file name (crazygames-sdk-v2.js: 2); null for Poki, or when the name has none. */
  version: number | null;
}

/** Poki's sites: poki.com (game-cdn.poki.com serves the SDK) and its game and file networks. */
const POKI_HOST = /(^|\.)poki(-gdn|-cdn)?\.(com|io|net)$/i;
const CRAZYGAMES_HOST = /(^|\.)crazygames\.com$/i;
// `\s` before `src`: not data-src. The value quoted either way, or bare.
const SCRIPT_SRC = /(<script\b[^>]*?\s)src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Which portal's SDK `src` loads from another site, if any. */
function portalOf(src: string): { portal: Portal; version: number | null } | null {
  const trimmed = src.trim();
  // Only addresses on another site: a file of the game's own (even one named poki-sdk.js) is not blocked.
  if (!/^(https?:)?\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, 'https://game.invalid/');
  } catch {
    return null;
  }
  const file = url.pathname.split('/').pop() ?? '';
  if (POKI_HOST.test(url.hostname) || /^poki-sdk\b.*\.js$/i.test(file)) return { portal: 'Poki', version: null };
  if (CRAZYGAMES_HOST.test(url.hostname) || /^crazygames-sdk\b.*\.js$/i.test(file)) {
    const version = /^crazygames-sdk-v(\d+)\b/i.exec(file)?.[1];
    return { portal: 'CrazyGames', version: version === undefined ? null : Number(version) };
  }
  return null;
}

/** Every script tag of `html` that loads Poki's or CrazyGames' SDK from their sites, in the order written. */
export function findPortalSdkScripts(html: string): PortalSdkScript[] {
  // Commented-out tags load nothing: blanked, newlines kept so line numbers stay right.
  const uncommented = html.replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: PortalSdkScript[] = [];
  for (const match of uncommented.matchAll(SCRIPT_SRC)) {
    const src = match[2] ?? match[3] ?? match[4] ?? '';
    const portal = portalOf(src);
    if (!portal) continue;
    const at = match.index + match[1]!.length;
    const line = uncommented.slice(0, at).split('\n').length;
    found.push({ ...portal, line, src });
  }
  return found;
}

/** What to do about one tag, in a sentence or two a newcomer can follow. */
export function changeFor(script: PortalSdkScript): Text {
  const change = { line: String(script.line), tag: compatTag(script.portal) };
  if (script.portal === 'Poki') return text('checks.portal-sdk.changePoki', change);
  if (script.version === null || script.version === CRAZYGAMES_COMPAT_VERSION) return text('checks.portal-sdk.changeCrazyGames', change);
  return text('checks.portal-sdk.changeCrazyGamesVersion', { ...change, supported: CRAZYGAMES_COMPAT_VERSION, version: script.version });
}
