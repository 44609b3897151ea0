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
