/**
 * Admins see recent scores and ratings flagged when suspicious, and remove them;
 * every removal is in the audit log and a rating's removal updates the game's summary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Flagged = { id: number; score: number; flags: string[]; player: { email: string } };

let t: TestApp;
let admin: string;
let player: string;
let gameId: number;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(text, params);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  player = await signIn(t.app, 'honest@example.com');
  gameId = (await call<{ id: number }>(t.app, 'GET', '/api/games/star-blaster')).body.id;
  await playAs(t.app, player, gameId);
  await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: player, body: { score: 120 } });
  await call(t.app, 'POST', `/api/games/${gameId}/rate`, { token: player, body: { score: 4 } });
  // Written straight into the tables, as from before the rules or through a hole: nobody played.
  const [cheater] = await sql<{ id: number }>(
    `insert into users (email, name, role, created_at) values ('cheater@example.com', 'Cheater', 'USER', now()) returning id`,
  );
  await sql(`insert into game_scores (game_id, user_id, score, created_at) values (?, ?, 999999999, now())`, [gameId, cheater!.id]);
  await sql(`insert into ratings (game_id, user_id, score, comment, created_at, updated_at) values (?, ?, 1, 'Bad', now(), now())`, [
    gameId,
    cheater!.id,
  ]);
  await sql(`update games set rating_avg = 2.5, rating_count = 2 where id = ?`, [gameId]);
});
afterAll(() => t.close());

describe(`moderating scores and ratings (${engineName})`, () => {
  it('lists only suspicious entries by default, each with its reasons; all of them with suspicious=false', async () => {
    const scores = await call<Flagged[]>(t.app, 'GET', '/api/admin/scores', { token: admin });
    expect(scores.status).toBe(200);
    expect(scores.body.map((entry) => [entry.score, entry.flags.sort()])).toEqual([[999999999, ['above-game-limit', 'never-played']]]);
    const allScores = await call<Flagged[]>(t.app, 'GET', '/api/admin/scores?suspicious=false', { token: admin });
    expect(allScores.body.map((entry) => entry.score).sort()).toEqual([120, 999999999]);
    const ratings = await call<Flagged[]>(t.app, 'GET', '/api/admin/ratings', { token: admin });
    expect(ratings.body.map((entry) => entry.player.email)).toEqual(['cheater@example.com']);
    expect(ratings.body[0]!.flags).toContain('never-played');
    expect((await call(t.app, 'GET', '/api/admin/scores', { token: player })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/ratings?suspicious=maybe', { token: admin })).status).toBe(400);
  });

  it('removes a score from the top scores, audited', async () => {
    const [flagged] = (await call<Flagged[]>(t.app, 'GET', '/api/admin/scores', { token: admin })).body;
    expect((await call(t.app, 'GET', `/api/games/${gameId}/scores`)).body[0].score).toBe(999999999);
    expect((await call(t.app, 'DELETE', `/api/admin/scores/${flagged!.id}`, { token: admin })).body).toEqual({ ok: true });
    expect((await call(t.app, 'GET', `/api/games/${gameId}/scores`)).body.map((entry: { score: number }) => entry.score)).toEqual([120]);
    expect((await call(t.app, 'DELETE', `/api/admin/scores/${flagged!.id}`, { token: admin })).status).toBe(404);
    const log = await call<{ action: string; targetId: number }[]>(t.app, 'GET', '/api/admin/audit-log', { token: admin });
    expect(log.body[0]).toMatchObject({ action: 'SCORE_REMOVED', targetId: flagged!.id });
  });

  it("removes a rating and recomputes the game's summary, audited", async () => {
    const [flagged] = (await call<Flagged[]>(t.app, 'GET', '/api/admin/ratings', { token: admin })).body;
    expect((await call(t.app, 'DELETE', `/api/admin/ratings/${flagged!.id}`, { token: admin })).status).toBe(200);
    const game = await call<{ ratingSummary: { avg: number; count: number } }>(t.app, 'GET', '/api/games/star-blaster');
    expect(game.body.ratingSummary).toEqual({ avg: 4, count: 1 });
    const log = await call<{ action: string; targetId: number }[]>(t.app, 'GET', '/api/admin/audit-log', { token: admin });
    expect(log.body[0]).toMatchObject({ action: 'RATING_REMOVED', targetId: flagged!.id });
    expect((await call(t.app, 'GET', '/api/admin/ratings', { token: admin })).body).toEqual([]);
  });
});
