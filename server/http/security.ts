/**
 * The portal's security headers and request guards:
 *  - @fastify/helmet: a CSP that frames only allowlisted game origins, HSTS in production,
 *    nosniff, a strict referrer policy and frame-ancestors 'self';
 *  - CORS open (without credentials) for the public /api only;
 *  - a CSRF guard: a state-changing call authenticated by the cookie must come from the portal's origin.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AD_NETWORK_SOURCES, type AdNetworkSources } from '../../shared/ads';
import { adSourcesOf } from '../domains/ad-placements/settings';
import type { Services } from '../services';
import { authCookie } from './context';
import { requestLocale } from '../i18n/locale';
import { translate } from '../i18n/translate';

/** Headers of every /api answer, computed once (helmet's per-request document headers are skipped there). */
export function apiHeaders(env: Pick<Services['env'], 'NODE_ENV'>): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(env.NODE_ENV === 'production' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The portal's Content-Security-Policy for a given list of frameable origins. */
export function portalContentSecurityPolicy(gamesOrigin: string, frameOrigins: readonly string[], ads: AdNetworkSources = AD_NETWORK_SOURCES.none): string {
  const withAds = (base: string, hosts: readonly string[]) => [base, ...hosts].join(' ');
  return [
    "default-src 'self'",
    // An ad network's hosts only when the operator chose it (AD_PROVIDER).
    withAds("script-src 'self'", ads.script),
    // Mantine injects its CSS variables at run time.
    "style-src 'self' 'unsafe-inline'",
    // Thumbnails come from the games origin, a build's preview host (`build--{token}.<games host>`:
    // a game not published yet, shown to its developer and reviewer) and developers' HTTPS hosts.
    `img-src 'self' data: blob: https: ${gamesOrigin} ${gamesOrigin.replace('://', '://*.')}`,
    "font-src 'self' data:",
    withAds("connect-src 'self'", ads.connect),
    withAds(`frame-src ${frameOrigins.join(' ')}`, ads.frame),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * The web app's built scripts and styles (`/assets/…`) are never a document or a worker, where a
 * CSP applies: there it would only add its kilobyte (the frame-src list grows with the catalog) to
 * each of the few dozen scripts a page loads, a third of their bytes on a phone's network (issue 57).
 */
function isBuiltScriptOrStyle(url: string): boolean {
  return url.startsWith('/assets/') && /\.(js|css)(\?|$)/.test(url);
}

/**
 * Helmet's headers that only a document reads (framing, its opener, DNS prefetching, old IE and
 * Flash switches): on each of the few dozen scripts a page loads they were a quarter of a KB sent
 * for nothing. A built script or style keeps nosniff and its resource policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export async function registerSecurityHeaders(app: FastifyInstance, services: Services): Promise<void> {
  const { env, frameOrigins } = services;
  const gamesOrigin = new URL(env.GAMES_PUBLIC_URL).origin;
  const adSources = adSourcesOf(env);
  await app.register(helmet, {
    // Set below from a cached string: helmet would re-parse a dynamic policy on every request.
    contentSecurityPolicy: false,
    hsts: env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // The service worker runs under its own script's policy; it caches thumbnails from the
  // games origin and from developers' HTTPS hosts for offline browsing.
  const workerPolicy = `default-src 'self'; script-src 'self'; connect-src 'self' ${gamesOrigin} https:`;
  let policyFor: readonly string[] | undefined;
  let policy = '';
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    // JSON answers of the public API are not documents: they get apiHeaders() instead (rest/adapter.ts).
    // Only /api paths that match no route (404) come through this scope.
    if (isBuiltScriptOrStyle(request.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    } else if (!request.url.startsWith('/api/')) {
      const origins = frameOrigins.list();
      if (origins !== policyFor) {
        policyFor = origins;
        policy = portalContentSecurityPolicy(gamesOrigin, origins, adSources);
      }
      const isWorker = request.url === '/sw.js' || request.url.startsWith('/sw.js?');
      reply.header('Content-Security-Policy', isWorker ? workerPolicy : policy);
    }
    done();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/** Refuses cookie-authenticated writes from other origins (SameSite=Lax is the first line; this is the second). */
export function registerCsrfGuard(app: FastifyInstance, services: Services): void {
  const portalOrigin = new URL(services.env.PUBLIC_URL).origin;
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization || !authCookie(request)) return done();
    const origin = requestOrigin(request);
    if (origin === null || origin === portalOrigin || origin === `${request.protocol}://${request.host}`) return done();
    void reply.code(403).send({ message: translate(requestLocale(request.headers), 'error.crossSiteRequest') });
  });
}

/** The public /api may be called from any website, but never with the caller's cookies. */
export function registerPublicApiCors(api: FastifyInstance): void {
  api.addHook('onRequest', (request, reply, done) => {
    if (request.headers.origin) reply.header('Access-Control-Allow-Origin', '*');
    done();
  });
  api.options('/api/*', async (_request, reply) => {
    await reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
      .header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
      .header('Access-Control-Max-Age', '600')
      .send();
  });
}
