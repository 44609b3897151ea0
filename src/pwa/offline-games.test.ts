import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { frameSrcOf, isOfflineGame, offlineGameSlugOfFrame, ownGameOrigin } from './offline-games';
import { servedGameOfFrame } from './served-games';

const snapshot = (own: { slug: string; origin: string }[]) => JSON.stringify(own);

describe('games saved for offline play', () => {
  it('reads a game’s own origin from its frame’s address', () => {
    expect(ownGameOrigin('http://balloon-party.localhost:3001/', 'balloon-party')).toBe('http://balloon-party.localhost:3001');
    // The games origin's own host serves no game any more: a path under it is nobody's origin.
    expect(ownGameOrigin('http://localhost:3001/balloon-party/', 'balloon-party')).toBeNull();
    expect(ownGameOrigin('http://sky-hopper.localhost:3001/', 'sky-hopper')).toBe('http://sky-hopper.localhost:3001');
    expect(ownGameOrigin('https://sky-hopper.games.example.org/index.html', 'sky-hopper')).toBe('https://sky-hopper.games.example.org');
    expect(ownGameOrigin('https://other.games.example.org/', 'sky-hopper')).toBeNull();
    expect(ownGameOrigin('https://sky-hopper.games.example.org/play/', 'sky-hopper')).toBeNull();
    // The game page's frame names the live build's version: still the game's own origin.
    expect(ownGameOrigin('http://sky-hopper.localhost:3001/?v=3', 'sky-hopper')).toBe('http://sky-hopper.localhost:3001');
    expect(ownGameOrigin('http://sky-hopper.localhost:3001/?other=1', 'sky-hopper')).toBeNull();
  });

  it('opens a served game’s frame at the version its page names', () => {
    expect(frameSrcOf('http://sky-hopper.localhost:3001/', { version: 3 })).toBe('http://sky-hopper.localhost:3001/?v=3');
    expect(frameSrcOf('https://example.com/game/', null)).toBe('https://example.com/game/');
    expect(frameSrcOf('not a url', { version: 2 })).toBe('not a url');
  });

  it('lists games kept on their own origins, and marks a frame only for the origin it was kept from', () => {
    const saved = snapshot([
      { slug: 'balloon-party', origin: 'https://balloon-party.games.example.org' },
      { slug: 'sky-hopper', origin: 'https://sky-hopper.games.example.org' },
    ]);
    expect(isOfflineGame(saved, 'balloon-party')).toBe(true);
    expect(isOfflineGame(saved, 'sky-hopper')).toBe(true);
    expect(isOfflineGame(saved, 'rock-hopper')).toBe(false);
    expect(offlineGameSlugOfFrame(saved, 'https://sky-hopper.games.example.org/')).toBe('sky-hopper');
    // A developer's own host of the same name is another game.
    expect(offlineGameSlugOfFrame(saved, 'https://sky-hopper.studio.example.com/')).toBeNull();
    expect(offlineGameSlugOfFrame(saved, 'https://balloon-party.games.example.org/index.html')).toBe('balloon-party');
    // The old shared host's address of a built-in game is no longer a game's frame.
    expect(offlineGameSlugOfFrame(saved, 'https://games.example.org/balloon-party/')).toBeNull();
    expect(offlineGameSlugOfFrame(saved, 'https://balloon-party.games.example.org/levels/')).toBeNull();
    expect(isOfflineGame('not json', 'sky-hopper')).toBe(false);
    expect(isOfflineGame('{"slug":"sky-hopper"}', 'sky-hopper')).toBe(false);
    // The old built-in list's shape (bare slugs) counts for nothing.
    expect(isOfflineGame('["sky-hopper"]', 'sky-hopper')).toBe(false);
  });

  it('knows a frame opens a game the portal serves from the game pages already loaded', () => {
    const client = new QueryClient();
    const page = (slug: string, srcUrl: string, build: { playsOffline: boolean } | null) =>
      client.setQueryData([['games', 'bySlug'], { input: { slug }, type: 'query' }], { slug, srcUrl, build: build && { version: 2, publishedAt: '2026-11-25T00:00:00Z', ...build } });
    page('sky-hopper', 'https://sky-hopper.games.example.org/', { playsOffline: true });
    page('linked', 'https://linked.studio.example.com/', null);
    page('online-only', 'https://online-only.games.example.org/', { playsOffline: false });
    expect(servedGameOfFrame(client, 'https://sky-hopper.games.example.org/')).toEqual({ slug: 'sky-hopper', origin: 'https://sky-hopper.games.example.org', playsOffline: true });
    expect(servedGameOfFrame(client, 'https://online-only.games.example.org/')).toMatchObject({ playsOffline: false });
    expect(servedGameOfFrame(client, 'https://linked.studio.example.com/')).toBeNull();
    expect(servedGameOfFrame(client, 'https://games.example.org/balloon-party/')).toBeNull();
  });
});
