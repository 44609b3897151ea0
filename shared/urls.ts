/** URL rules shared by the server and the web app, without zod (the game page loads them at once). */

/** The game-frame rule (spec section 5): HTTPS, or plain HTTP only on localhost or an IP address. */
export function isSecureGameUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLocalOrIpHost(url.hostname);
}

/** localhost, a name under it (browsers resolve `*.localhost` to this machine: an uploaded game's origin when run locally), or an IP address. */
export function isLocalOrIpHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/**
 * The first label of a preview host: `build--{token}`. Game slugs never hold `--`, so a host's
 * first label is either a slug or this, never both.
 */
export const PREVIEW_LABEL_PREFIX = 'build--';

/** The path prefix the portal keeps for itself on every game and preview host (the SDK, the offline worker): a build's own files never shadow it. */
export const PORTAL_PATH_PREFIX = '/__playfree/';

/** A game's address on the games origin: its slug before the origin's host name. */
export function gameOriginOf(gamesPublicUrl: string, slug: string): string {
  const url = new URL(gamesPublicUrl);
  return `${url.protocol}//${slug}.${url.host}`;
}

/**
 * How a preview host may be told to send the build's own .br/.gz files whatever the build's
 * setting (`build--{token}--as-is`): its checks try the other way there when the first fails to
 * decode (issue #56). Preview tokens are hex, so `--` never is part of one.
 */
export const PREVIEW_COMPRESSED_FILES_LABELS = { WITH_ENCODING: 'with-encoding', AS_IS: 'as-is' } as const;
export type PreviewCompressedFiles = keyof typeof PREVIEW_COMPRESSED_FILES_LABELS;

function previewLabelOf(token: string, compressedFiles?: PreviewCompressedFiles): string {
  return `${PREVIEW_LABEL_PREFIX}${token}${compressedFiles ? `--${PREVIEW_COMPRESSED_FILES_LABELS[compressedFiles]}` : ''}`;
}

/** A build's preview address on the games origin (`build--{token}.<games host>`), where it is tried before and whether or not it is live. */
export function previewOriginOf(gamesPublicUrl: string, token: string, compressedFiles?: PreviewCompressedFiles): string {
  const url = new URL(gamesPublicUrl);
  return `${url.protocol}//${previewLabelOf(token, compressedFiles)}.${url.host}`;
}

/**
 * The same preview on this machine (`http://build--{token}.localhost:{gamesPort}/`), for the
 * server's own checks in a local headless browser: the games origin answers it whatever its
 * public address (browsers resolve any `*.localhost` to this machine).
 */
export function localPreviewUrlOf(gamesPort: number, token: string, compressedFiles?: PreviewCompressedFiles): string {
  return `http://${previewLabelOf(token, compressedFiles)}.localhost:${gamesPort}/`;
}

/** What a request's Host names under the games host: a game by its slug, a build's preview by its token, or nothing. */
export type GameHost = { kind: 'game'; slug: string } | { kind: 'preview'; token: string; compressedFiles?: PreviewCompressedFiles };

const SLUG_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
/** A DNS label holds at most 63 characters, `build--` included. */
const PREVIEW_TOKEN = /^[a-z0-9](?:[a-z0-9-]{0,54}[a-z0-9])?$/;

/** The first label of `hostname` when the rest is `parent`, else null. */
function labelUnder(hostname: string, parent: string): string | null {
  const suffix = `.${parent}`;
  if (!hostname.endsWith(suffix)) return null;
  return hostname.slice(0, -suffix.length);
}

/**
 * What `host` (a request's Host header) names on the games origin: `{slug}.<games host>` a game,
 * `build--{token}.<games host>` a build's preview. With `gamesPort`, the same names under
 * `localhost:{gamesPort}` count too, whatever GAMES_PUBLIC_URL is (the server's own checks load
 * previews from this machine). Anything else, including a deeper name, is null.
 */
export function gameHostOf(host: string | undefined, gamesPublicUrl: string, gamesPort?: number): GameHost | null {
  if (!host) return null;
  const lower = host.toLowerCase();
  const port = /:(\d+)$/.exec(lower)?.[1];
  const hostname = lower.replace(/:\d+$/, '').replace(/\.$/, '');
  let label = labelUnder(hostname, new URL(gamesPublicUrl).hostname.toLowerCase());
  if (label === null && gamesPort !== undefined && port === String(gamesPort)) label = labelUnder(hostname, 'localhost');
  if (label === null) return null;
  if (label.startsWith(PREVIEW_LABEL_PREFIX)) {
    const [token = '', way, ...more] = label.slice(PREVIEW_LABEL_PREFIX.length).split('--');
    if (!PREVIEW_TOKEN.test(token) || more.length > 0) return null;
    if (way === undefined) return { kind: 'preview', token };
    const compressedFiles = (Object.keys(PREVIEW_COMPRESSED_FILES_LABELS) as PreviewCompressedFiles[]).find((key) => PREVIEW_COMPRESSED_FILES_LABELS[key] === way);
    return compressedFiles ? { kind: 'preview', token, compressedFiles } : null;
  }
  return SLUG_LABEL.test(label) && !label.includes('--') ? { kind: 'game', slug: label } : null;
}

/** The slug a request's Host names under the games host (`space-rocks.localhost:3001` → `space-rocks`), or null (a preview host is not a game's). */
export function slugOfHost(host: string | undefined, gamesPublicUrl: string, gamesPort?: number): string | null {
  const named = gameHostOf(host, gamesPublicUrl, gamesPort);
  return named?.kind === 'game' ? named.slug : null;
}
