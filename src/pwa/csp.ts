/**
 * Whether the worker's own Content-Security-Policy lets it fetch a URL. A service worker runs under
 * the CSP sent with its script, so with `connect-src 'self'` its fetch() of a cross-origin thumbnail
 * fails even online: the worker must then leave such requests to the browser instead of answering them.
 */
export function connectAllowed(policy: string | null, target: URL, self: URL): boolean {
  if (!policy) return true;
  for (const single of policy.split(',')) {
    const directives = new Map<string, string[]>();
    for (const part of single.split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
    }
    const sources = directives.get('connect-src') ?? directives.get('default-src');
    if (sources && !sources.some((source) => sourceMatches(source, target, self))) return false;
  }
  return true;
}

function sourceMatches(source: string, target: URL, self: URL): boolean {
  const value = source.toLowerCase();
  if (value === '*') return /^(https?|wss?):$/.test(target.protocol);
  if (value === "'self'") return target.origin === self.origin;
  if (/^[a-z][a-z0-9+.-]*:$/.test(value)) return target.protocol === value || (value === 'http:' && target.protocol === 'https:');
  if (value.startsWith("'")) return false;
  try {
    const withScheme = value.includes('://') ? value : `${target.protocol}//${value}`;
    const wildcardHost = withScheme.includes('://*.');
    const parsed = new URL(withScheme.replace('://*.', '://wildcard.').replace(/:\*$/, ''));
    const hostOk = wildcardHost
      ? target.hostname.endsWith(parsed.hostname.replace(/^wildcard/, ''))
      : target.hostname === parsed.hostname;
    const portOk = value.endsWith(':*') || parsed.port === target.port;
    return parsed.protocol === target.protocol && hostOk && portOk;
  } catch {
    return false;
  }
}
