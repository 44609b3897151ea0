/**
 * Requests that arrive at the same time must give the same answers as one after
 * the other: no 500 from a unique constraint, no duplicate rows. On PGlite the
 * requests are serialised by its single connection; PostgreSQL runs them in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const PARALLEL = 16;

let t: TestApp;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  gameId = (await call(t.app, 'GET', '/api/games/star-blaster')).body.id;
});
afterAll(() => t.close());

function parallel<T>(make: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: PARALLEL }, (_, index) => make(index)));
}

async function count(query: string, params: unknown[]): Promise<number> {
  const rows = await t.db.orm.em.getConnection().execute<{ count: number | string }[]>(query, params);
  return Number(rows[0]!.count);
}

describe(`concurrent requests (${engineName})`, () => {
  it('simultaneous first sign-ins with one e-mail all succeed and create one user', async () => {
    const responses = await parallel(() => call(t.app, 'POST', '/api/auth/login', { body: { email: 'rush@example.com' } }));
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(responses.map((response) => response.body.user?.id)).size).toBe(1);
    expect(new Set(responses.map((response) => response.body.token)).size).toBe(PARALLEL);
    expect(await count('select count(*) as count from users where email = ?', ['rush@example.com'])).toBe(1);
  });

  it("simultaneous ratings by one user all succeed and keep one rating", async () => {
    const token = await signIn(t.app, 'eager.rater@example.com');
    await playAs(t.app, token, gameId);
    const responses = await parallel((index) => call(t.app, 'POST', `/api/games/${gameId}/rate`, { token, body: { score: (index % 5) + 1 } }));
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
    expect(
      await count('select count(*) as count from ratings r join users u on u.id = r.user_id where r.game_id = ? and u.email = ?', [
        gameId,
        'eager.rater@example.com',
      ]),
    ).toBe(1);
    const { body } = await call(t.app, 'GET', '/api/games/star-blaster');
    expect(body.ratingSummary.count).toBe(1);
  });

  it('simultaneous favourites by one user all succeed and keep one row', async () => {
    const token = await signIn(t.app, 'eager.fan@example.com');
    const responses = await parallel(() => call(t.app, 'POST', `/api/games/${gameId}/favorite`, { token }));
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(200));
    expect(
      await count('select count(*) as count from favorites f join users u on u.id = f.user_id where f.game_id = ? and u.email = ?', [
        gameId,
        'eager.fan@example.com',
      ]),
    ).toBe(1);
  });

  it('simultaneous submissions with one title all succeed with distinct slugs', async () => {
    const token = await signIn(t.app, 'busy.dev@example.com');
    const responses = await parallel((index) =>
      call(t.app, 'POST', '/api/dev/games', {
        token,
        body: {
          title: 'Crowded Title',
          description: 'Submitted many times at once.',
          srcUrl: `https://crowd-${index}.example.com/`,
          thumbUrl: `https://crowd-${index}.example.com/thumb.png`,
        },
      }),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const slugs = responses.map((response) => response.body.slug as string);
    expect(new Set(slugs).size).toBe(PARALLEL);
    expect(slugs).toContain('crowded-title');
  });

  it('simultaneous submissions of one srcUrl: exactly one is accepted, the others are 409', async () => {
    const token = await signIn(t.app, 'double.dev@example.com');
    const responses = await parallel((index) =>
      call(t.app, 'POST', '/api/dev/games', {
        token,
        body: {
          title: `Same Source ${index}`,
          description: 'One URL, submitted many times at once.',
          srcUrl: 'https://same-source.example.com/play/',
          thumbUrl: 'https://same-source.example.com/thumb.png',
        },
      }),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(PARALLEL - 1).fill(409)]);
    expect(await count('select count(*) as count from games where src_url = ?', ['https://same-source.example.com/play/'])).toBe(1);
  });
});
