/**
 * What a domain service is called with, whatever the transport: the entity manager, the caller
 * (resolved lazily, so anonymous reads never touch the database), their address and the shared
 * services. Transports build it (server/http/context.ts for /api and /trpc); tests build it with
 * `createDomainContext` and call services directly.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LOCALE, type Locale } from '../../src/i18n/locales';
import type { Services } from '../services';
import { findSessionUser, type SessionUser } from './auth/sessions';

/** What the transport remembers for the caller between requests (cookies over HTTP); a no-op elsewhere. */
export type CookieJar = {
  setAuthCookie(token: string, expiresAt: Date): void;
  clearAuthCookie(): void;
  setVisitorCookie(visitorId: string): void;
  /** A Kids Zone device's pairing token (httpOnly, portal only). Optional: only HTTP callers have cookies. */
  setKidsDeviceCookie?(token: string): void;
  /** The script-readable "held in the Kids Zone" hint the app's shell checks before it renders. */
  setKidsHoldCookie?(held: boolean): void;
};

export type DomainContext = {
  services: Services;
  /** A fresh EntityManager for this call, forked on first use. */
  readonly em: EntityManager;
  /** The signed-in user, once an operation's access check (`authorize`) has resolved it. */
  user?: SessionUser;
  /** The API key a public API (/api/v1) call was made with, once `authorize` has checked it. */
  apiKeyId?: number;
  /** The session token the caller sent, or null. */
  token: string | null;
  readonly ip: string;
  /** The browser's first-party visitor id (VISITOR_COOKIE) as sent, or null. */
  readonly visitorId: string | null;
  readonly userAgent: string;
  /** The Kids Zone device token (KIDS_DEVICE_COOKIE) as sent, or null. */
  readonly kidsDeviceToken: string | null;
  /** The caller's country (ISO 3166-1 alpha-2) from the CDN's header or Accept-Language, or null (server/http/country.ts). */
  readonly country: string | null;
  /** The caller's language (server/i18n/locale.ts): the mails this call sends are written in it. */
  readonly locale: Locale;
  /** The language the caller named, null when they named none (English is then only the default): what an account remembers. */
  readonly statedLocale: Locale | null;
  /** The signed-in user, looked up once per call; null when signed out or the token is not valid. */
  getUser(): Promise<SessionUser | null>;
  cookies: CookieJar;
};

export type AuthedContext = DomainContext & { user: SessionUser };

/** A public API call: the key's owner is the user. */
export type ApiKeyContext = AuthedContext & { apiKeyId: number };

const noCookies: CookieJar = { setAuthCookie() {}, clearAuthCookie() {}, setVisitorCookie() {} };

export type DomainContextOptions = {
  services: Services;
  token?: string | null;
  /** The caller's address, or a function that works it out when first asked (rate limits and sign-in only). */
  ip?: string | (() => string);
  visitorId?: string | null | (() => string | null);
  userAgent?: string;
  kidsDeviceToken?: string | null | (() => string | null);
  country?: string | null | (() => string | null);
  locale?: Locale | null | (() => Locale | null);
  cookies?: CookieJar;
};

export function createDomainContext(options: DomainContextOptions): DomainContext {
  let em: EntityManager | undefined;
  let user: Promise<SessionUser | null> | undefined;
  const context: DomainContext = {
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
    get kidsDeviceToken() {
      return typeof options.kidsDeviceToken === 'function' ? options.kidsDeviceToken() : (options.kidsDeviceToken ?? null);
    },
    get country() {
      return typeof options.country === 'function' ? options.country() : (options.country ?? null);
    },
    get locale() {
      return context.statedLocale ?? DEFAULT_LOCALE;
    },
    get statedLocale() {
      return typeof options.locale === 'function' ? options.locale() : (options.locale ?? null);
    },
    getUser() {
      return (user ??= context.token ? findSessionUser(context.em, context.token) : Promise.resolve(null));
    },
    cookies: options.cookies ?? noCookies,
  };
  return context;
}
