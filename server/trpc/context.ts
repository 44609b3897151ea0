/**
 * The request context shared by tRPC procedures and the /api routes. The split
 * follows cal.com: `createContextInner` needs no HTTP request (tests use it),
 * `createRequestContext` reads the token from the request and can set cookies.
 */
import '@fastify/cookie';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, VISITOR_COOKIE } from '../../shared/constants';
import type { Env } from '../env';
import type { CatalogCache } from '../domains/games/cache';
import type { PlayRecorder } from '../domains/games/plays';
import type { RateLimiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { FrameOrigins } from '../http/frame-origins';
import { findSessionUser, type SessionUser } from '../domains/auth/service';

/** Long-lived things the app builds once and every request shares. */
export type Services = {
  env: Env;
  orm: MikroORM;
  catalogCache: CatalogCache;
  /** Group-commits plays (server/domains/games/plays.ts). */
  plays: PlayRecorder;
  mailer: Mailer;
  /** Origins the portal may frame (its CSP frame-src), kept in step with approvals. */
  frameOrigins: FrameOrigins;
  /** Set once the Fastify app has registered @fastify/rate-limit; absent in plain unit tests. */
  rateLimiter?: RateLimiter;
};

export type CookieJar = {
  setAuthCookie(token: string, expiresAt: Date): void;
  clearAuthCookie(): void;
  setVisitorCookie(visitorId: string): void;
};

export type Context = {
  services: Services;
  /** A fresh EntityManager for this request, forked on first use. */
  readonly em: EntityManager;
  token: string | null;
  readonly ip: string;
  /** The browser's first-party visitor id (VISITOR_COOKIE) as sent, or null. */
  readonly visitorId: string | null;
  readonly userAgent: string;
  /** The signed-in user, looked up once per request; null when signed out or the token is not valid. */
  getUser(): Promise<SessionUser | null>;
  cookies: CookieJar;
  /** The HTTP request, when there is one (rate limits key on it). */
  request: FastifyRequest | null;
  setHeader(name: string, value: string): void;
};

export type AuthedContext = Context & { user: SessionUser };

const noCookies: CookieJar = { setAuthCookie() {}, clearAuthCookie() {}, setVisitorCookie() {} };

export function createContextInner(options: {
  services: Services;
  token?: string | null;
  /** The caller's address, or a function that works it out when first asked (rate limits only). */
  ip?: string | (() => string);
  visitorId?: string | null | (() => string | null);
  userAgent?: string;
  cookies?: CookieJar;
  request?: FastifyRequest;
  setHeader?: (name: string, value: string) => void;
}): Context {
  let em: EntityManager | undefined;
  let user: Promise<SessionUser | null> | undefined;
  const context: Context = {
    services: options.services,
    get em() {
      em ??= options.services.orm.em.fork();
      return em;
    },
    token: options.token ?? null,
    get ip() {
      return typeof options.ip === 'function' ? options.ip() : (options.ip ?? '127.0.0.1');
    },
    get visitorId() {
      return typeof options.visitorId === 'function' ? options.visitorId() : (options.visitorId ?? null);
    },
    userAgent: options.userAgent ?? '',
    getUser() {
      return (user ??= context.token ? findSessionUser(context.em, context.token) : Promise.resolve(null));
    },
    cookies: options.cookies ?? noCookies,
    request: options.request ?? null,
    setHeader: options.setHeader ?? (() => {}),
  };
  return context;
}

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

export function createRequestContext(services: Services, request: FastifyRequest, reply: FastifyReply): Context {
  const secure = services.env.PUBLIC_URL.startsWith('https:');
  return createContextInner({
    services,
    token: tokenFromRequest(request),
    // Behind trustProxy, request.ip walks X-Forwarded-For on every read: only rate limits and sign-in need it.
    ip: () => request.ip,
    visitorId: () => cookieNamed(request, VISITOR_COOKIE),
    userAgent: request.headers['user-agent'] ?? '',
    request,
    setHeader: (name, value) => void reply.header(name, value),
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
    },
  });
}
