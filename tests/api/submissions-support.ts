/**
 * What the game submission tests share (submissions.test.ts and game-moderation.test.ts): the
 * accounts they act as, the answers' shapes, and the helpers that submit games, list them and check
 * a game is nowhere public.
 */
import { expect } from 'vitest';
import { ADMIN_EMAIL, call, signIn, type TestApp } from '../support/app';

export type Submitted = { id: number; slug: string; status: string };
type DevGame = {
  id: number;
  slug: string;
  title: string;
  status: string;
  createdAt: string;
  metrics: { plays: number };
  ratingSummary: { avg: number; count: number };
};
type PendingGame = {
  id: number;
  slug: string;
  title: string;
  srcUrl: string | null;
  thumbUrl: string | null;
  ageRating: string;
  playType: string;
  multiplayer: boolean;
  categories: { id: number; name: string }[];
  developerProfile: { studio: string } | null;
  createdAt: string;
};
export type PublicGame = {
  id: number;
  slug: string;
  srcUrl: string;
  originAllowlists: { allowedOrigin: string }[];
  categories: { slug: string }[];
  tags: { name: string }[];
  multiplayer: boolean;
  ageRating: string;
  developerProfile: { studio: string } | null;
};
export type Home = Record<'popular' | 'trending' | 'new' | 'multiplayer', PublicGame[]>;

/** The accounts the submission tests act as: a developer, another developer and an admin. */
export async function signInSubmitters(t: TestApp): Promise<{ dev: string; other: string; admin: string }> {
  const dev = await signIn(t.app, 'dev@example.com');
  const other = await signIn(t.app, 'other.dev@example.com');
  const admin = await signIn(t.app, ADMIN_EMAIL);
  return { dev, other, admin };
}

/**
 * The helpers, on the test app and tokens the file's beforeAll set up (`session` is read at each
 * call, so they can be made at the file's top level). Each file counts its own unique titles.
 */
export function submissionHelpers(session: () => { t: TestApp; dev: string; admin: string }) {
  let counter = 0;

  /** A valid developer submission with a srcUrl no other test uses. */
  function devGame(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      title: `Test Game ${counter}`,
      description: 'A game submitted by the tests.',
      srcUrl: `https://studio-${counter}.example.com/play/`,
      thumbUrl: `https://studio-${counter}.example.com/thumb.png`,
      ...overrides,
    };
  }

  function legacyGame(overrides: Record<string, unknown> = {}) {
    counter += 1;
    return {
      title: `Legacy Game ${counter}`,
      description: 'Submitted with the legacy form.',
      category: 'puzzle',
      tags: 'Logic, brain ,, Fun',
      gameUrl: `https://legacy-${counter}.example.com/index.html`,
      thumbnailUrl: `https://legacy-${counter}.example.com/thumb.jpg`,
      ageRating: 'E7',
      multiplayer: false,
      instructions: 'Click to play.',
      ...overrides,
    };
  }

  function submit(body: unknown, token: string | null = session().dev) {
    return call<Submitted>(session().t.app, 'POST', '/api/dev/games', { body, ...(token ? { token } : {}) });
  }

  function submitLegacy(body: unknown, token: string | null = session().dev) {
    return call<Submitted>(session().t.app, 'POST', '/api/games/submit', { body, ...(token ? { token } : {}) });
  }

  async function pending(): Promise<PendingGame[]> {
    const { t, admin } = session();
    const response = await call<PendingGame[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function myGames(token = session().dev): Promise<DevGame[]> {
    const response = await call<DevGame[]>(session().t.app, 'GET', '/api/dev/games', { token });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function expectNotPublic(submitted: Submitted, title: string) {
    const { t, dev } = session();
    expect((await call(t.app, 'GET', `/api/games/${submitted.slug}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/games/${submitted.slug}`, { token: dev })).status).toBe(404);
    const search = await call<PublicGame[]>(t.app, 'GET', `/api/games?search=${encodeURIComponent(title)}`);
    expect(search.body).toEqual([]);
    const all = await call<PublicGame[]>(t.app, 'GET', '/api/games?limit=100&sort=newest');
    expect(all.body.map((game) => game.id)).not.toContain(submitted.id);
    const home = await call<Home>(t.app, 'GET', '/api/home');
    for (const list of Object.values(home.body)) expect(list.map((game) => game.id)).not.toContain(submitted.id);
    const kids = await call<{ id: number }[]>(t.app, 'GET', '/api/kids/games');
    expect(kids.body.map((game) => game.id)).not.toContain(submitted.id);
    expect((await call(t.app, 'POST', `/api/games/${submitted.id}/play`)).status).toBe(404);
  }

  return { devGame, legacyGame, submit, submitLegacy, pending, myGames, expectNotPublic };
}
