/** Security headers, CORS and the CSRF guard (issue #5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, GAMES_ORIGIN, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GAMES_PUBLIC_URL: GAMES_ORIGIN, PUBLIC_URL: 'http://portal.test' });
});
afterAll(() => t.close());

/** Hosts under the games origin (games played from their own origins): the games origin's wildcard covers them. */
const underGamesHost = (source: string) => !source.includes('*') && source.endsWith(`.${new URL(GAMES_ORIGIN).host}`);

function frameSrc(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

describe(`security headers (${engineName})`, () => {
  it('sends a CSP that frames only the games origin, the hosts under it and published games’ allowlisted origins', async () => {
    const page = () => t.app.inject({ method: 'GET', url: '/categories' });
    const before = await page();
    // The games origin and every host under it: uploaded games' own origins and builds' previews.
    const gamesHosts = [GAMES_ORIGIN, GAMES_ORIGIN.replace('://', '://*.')];
    const beyondGamesHosts = (csp: unknown) => frameSrc(csp).filter((source) => !underGamesHost(source));
    expect(beyondGamesHosts(before.headers['content-security-policy'])).toEqual(gamesHosts.sort());
    expect(before.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(before.headers['content-security-policy']).toContain("script-src 'self'");
    // An unpublished game's thumbnail is on its build's preview host (issue #38, point 10).
    const imgSrc = String(before.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('img-src'));
    expect(imgSrc?.trim().split(/\s+/)).toContain(GAMES_ORIGIN.replace('://', '://*.'));
    expect(before.headers['x-content-type-options']).toBe('nosniff');
    expect(before.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(before.headers['strict-transport-security']).toBeUndefined();

    const user = await signIn(t.app, 'dev@example.com');
    const admin = await signIn(t.app, ADMIN_EMAIL);
    await publishGame(t.app, user, admin, 'Framed Game');
    const after = await page();
    expect(beyondGamesHosts(after.headers['content-security-policy'])).toEqual(
      [...gamesHosts, 'https://framed-game.games.example.com'].sort(),
    );
    // A game waiting for review can be framed by the admin's Preview; a rejected one no longer.
    const pending = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
      token: user,
      body: { title: 'Waiting', description: 'd', srcUrl: 'https://waiting.example.net/play/', thumbUrl: 'https://waiting.example.net/t.png' },
    });
    expect(frameSrc((await page()).headers['content-security-policy'])).toContain('https://waiting.example.net');
    await call(t.app, 'POST', `/api/admin/games/${pending.body.id}/reject`, { token: admin });
    expect(frameSrc((await page()).headers['content-security-policy'])).not.toContain('https://waiting.example.net');
  });

  it('gives JSON answers of /api nosniff and a CSP that allows nothing', async () => {
    const api = await call(t.app, 'GET', '/api/home');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const error = await call(t.app, 'GET', '/api/games/no-such-game');
    expect(error.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the web app’s JSON over /trpc the same headers as /api, answered by tRPC or by the fast path', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/trpc/categories.list' });
    const token = await signIn(t.app, 'trpc-headers@example.com');
    const byTrpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `auth_token=${token}` } });
    const missing = await t.app.inject({ method: 'GET', url: '/trpc/no.such.procedure' });
    for (const answer of [anonymous, byTrpc, missing]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect(anonymous.statusCode).toBe(200);
    expect(byTrpc.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
  });

  it('lets the service worker fetch thumbnails from the games origin', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['content-security-policy']).toContain(`connect-src 'self' ${GAMES_ORIGIN} https:`);
  });

  it('opens CORS without credentials on /api only', async () => {
    const api = await call(t.app, 'GET', '/api/categories', { headers: { origin: 'https://elsewhere.example' } });
    expect(api.headers['access-control-allow-origin']).toBe('*');
    expect(api.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/games/1/rate',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/categories.list', headers: { origin: 'https://elsewhere.example' } });
    expect(trpc.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses cookie-authenticated writes from another origin, but not bearer calls or same-origin ones', async () => {
    const token = await signIn(t.app, 'csrf@example.com');
    const { body: game } = await call(t.app, 'GET', '/api/games/star-blaster');
    const cookie = `auth_token=${token}`;
    const crossSite = await call(t.app, 'POST', `/api/games/${game.id}/favorite`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: 'Cross-site request refused' });
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/favorites.add',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { id: game.id },
    });
    expect(viaTrpc.statusCode).toBe(403);
    const sameOrigin = await call(t.app, 'POST', `/api/games/${game.id}/favorite`, {
      headers: { cookie, origin: 'http://portal.test' },
    });
    expect(sameOrigin.status).toBe(200);
    const bearer = await call(t.app, 'POST', `/api/games/${game.id}/favorite`, {
      token,
      headers: { origin: 'https://evil.example' },
    });
    expect(bearer.status).toBe(200);
  });

  it('sends HSTS in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', AUTH_EMAIL_VERIFICATION: 'on' });
    try {
      const response = await call(production.app, 'GET', '/api/categories');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await production.close();
    }
  });
});
