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

/** A game's address on the games origin: its slug before the origin's host name. */
export function gameOriginOf(gamesPublicUrl: string, slug: string): string {
  const url = new URL(gamesPublicUrl);
  return `${url.protocol}//${slug}.${url.host}`;
}

/** The slug a request's Host names under the games host (`space-rocks.localhost:3001` → `space-rocks`), or null. */
export function slugOfHost(host: string | undefined, gamesPublicUrl: string): string | null {
  if (!host) return null;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const suffix = `.${new URL(gamesPublicUrl).hostname.toLowerCase()}`;
  if (!hostname.endsWith(suffix)) return null;
  const slug = hostname.slice(0, -suffix.length);
  return /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/.test(slug) ? slug : null;
}
