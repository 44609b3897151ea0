/**
 * The domain context of an HTTP request, for /api and /trpc alike: the token from the
 * Authorization header or the cookie, the caller's address, cookies set on the reply.
 */
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, VISITOR_COOKIE } from '../../shared/constants';
import { KIDS_DEVICE_COOKIE, KIDS_HOLD_COOKIE } from '../../shared/kids-family';
import { createDomainContext, type DomainContext } from '../domains/context';
import type { Services } from '../services';
import { statedLocale } from '../i18n/locale';
import { countryOfRequest } from './country';

/** A domain context with the HTTP request it serves (rate limits key on it). */
export type RequestContext = DomainContext & { readonly request: FastifyRequest };

/** `Authorization: Bearer <token>` wins over the cookie. */
export function tokenFromRequest(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  return authCookie(request);
}

/** The auth_token cookie, parsed only when a Cookie header is there. */
export function authCookie(request: FastifyRequest): string | null {
  return cookieNamed(request, AUTH_COOKIE);
}

function cookieNamed(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  return request.server.parseCookie(header)[name] || null;
}

export function createRequestContext(services: Services, request: FastifyRequest, reply: FastifyReply): RequestContext {
  const secure = services.env.PUBLIC_URL.startsWith('https:');
  const context = createDomainContext({
    services,
    token: tokenFromRequest(request),
    // Behind trustProxy, request.ip walks X-Forwarded-For on every read: only rate limits and sign-in need it.
    ip: () => request.ip,
    visitorId: () => cookieNamed(request, VISITOR_COOKIE),
    userAgent: request.headers['user-agent'] ?? '',
    kidsDeviceToken: () => cookieNamed(request, KIDS_DEVICE_COOKIE),
    country: () => countryOfRequest(request.headers, services.env.COUNTRY_HEADER),
    locale: () => statedLocale(request.headers),
    cookies: {
      setAuthCookie(token, expiresAt) {
        reply.setCookie(AUTH_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
      },
      clearAuthCookie() {
        reply.clearCookie(AUTH_COOKIE, { path: '/' });
      },
      setVisitorCookie(visitorId) {
        // First-party only (SameSite=Lax, this host), never read by scripts; a year, renewed by use.
        reply.setCookie(VISITOR_COOKIE, visitorId, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 365 * 24 * 3600 });
      },
      setKidsDeviceCookie(token) {
        // 400 days, the longest browsers keep a cookie: a paired device stays paired until its data is cleared.
        reply.setCookie(KIDS_DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 400 * 24 * 3600 });
      },
      setKidsHoldCookie(held) {
        // 0: paired and let out for a while (public/boot.js asks the server when a kept page comes back).
        reply.setCookie(KIDS_HOLD_COOKIE, held ? '1' : '0', { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 400 * 24 * 3600 });
      },
    },
  });
  return Object.assign(context, { request });
}
