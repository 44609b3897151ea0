import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGamesOrigin, gameContentSecurityPolicy } from './games-origin';

const env = { PUBLIC_URL: 'https://play.example.org', GAMES_PUBLIC_URL: 'https://games.example.org', NODE_ENV: 'production' as const };
let origin: FastifyInstance;
beforeAll(async () => {
  origin = await buildGamesOrigin({ env });
});
afterAll(() => origin.close());

describe('the games origin', () => {
  it('serves the game SDK for linked games, with a strict CSP and no cookies, and no game on its own host', async () => {
    const sdk = await origin.inject({ url: '/sdk/playfree-sdk.js' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['content-type']).toMatch(/javascript/);
    expect(sdk.headers['content-security-policy']).toBe(gameContentSecurityPolicy(env));
    expect(sdk.headers['set-cookie']).toBeUndefined();
    expect(sdk.headers['referrer-policy']).toBe('no-referrer');
    expect(sdk.headers['x-content-type-options']).toBe('nosniff');
    // Every game, the built-in ones too, is served on a host of its own (tests/api/build-origins.test.ts).
    for (const path of ['/paddle-duel/', '/paddle-duel/index.html', '/kit/kit.js', '/sdk/README.md']) expect((await origin.inject({ url: path })).statusCode, path).toBe(404);
  });

  it('lets only the portal frame games in production, and a game run its own code as engines export it', () => {
    const csp = gameContentSecurityPolicy(env);
    expect(csp).toContain("frame-ancestors https://play.example.org");
    expect(csp).not.toContain('localhost');
    // Inline scripts (engines' default index.html), eval, WebAssembly and blob: scripts: its own origin's code only.
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '))!.split(' ').slice(1);
    expect(scriptSrc.sort()).toEqual(["'self'", "'unsafe-eval'", "'unsafe-inline'", "'wasm-unsafe-eval'", 'blob:'].sort());
    expect(scriptSrc.some((source) => /^https?:|^\*|^data:/.test(source))).toBe(false);
    expect(gameContentSecurityPolicy({ PUBLIC_URL: 'http://localhost:3000', NODE_ENV: 'development' })).toContain(
      'http://localhost:*',
    );
  });

  it('lets a game run its own workers, an uploaded game its offline worker, and nothing reach another origin', () => {
    const directives = new Map(gameContentSecurityPolicy(env).split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]));
    expect(directives.get('default-src')).toBe("'none'");
    // What it unpacked (blob:) or inlined (data:), never another origin.
    expect(directives.get('connect-src')).toBe("'self' data: blob:");
    expect(directives.get('worker-src')).toBe("'self' blob:");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('manifest-src')).toBe("'self'");
  });

  it('serves the games’ offline helper only on each game’s own host, under /__playfree/', async () => {
    for (const file of ['index.html', 'offline.js', 'sw.js']) expect((await origin.inject({ url: `/offline/builds/${file}` })).statusCode).toBe(404);
  });

  it('hides the catalog file and dotfiles, and answers 404 for unknown paths', async () => {
    expect((await origin.inject({ url: '/catalog.json' })).statusCode).toBe(404);
    expect((await origin.inject({ url: '/.git/config' })).statusCode).toBe(404);
    expect((await origin.inject({ url: '/no-such-game/' })).statusCode).toBe(404);
    expect((await origin.inject({ url: '/../package.json' })).statusCode).toBe(404);
  });
});
