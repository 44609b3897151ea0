import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, gameIdsBySlug, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Review = { id: number; player: string; plays: number; playSeconds: number; comment: string | null };
type Reported = { id: number; game: { slug: string }; player: { email: string }; comment: string | null; reports: number; reasons: string[] };

let t: TestApp;
let admin: string;
let author: string;
let ada: string;
let bob: string;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  author = await signIn(t.app, 'author@example.com');
  ada = await signIn(t.app, 'ada@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  gameId = (await gameIdsBySlug(t.app, ['star-blaster']))['star-blaster']!;
});
afterAll(() => t.close());

const reviews = () => call<{ reviews: Review[] }>(t.app, 'GET', `/api/games/${gameId}/reviews`);
const report = (token: string, id: number, reason = 'spam') => call(t.app, 'POST', `/api/reviews/${id}/report`, { token, body: { reason } });
const reported = (token = admin) => call<Reported[]>(t.app, 'GET', '/api/admin/reported-reviews', { token });

async function review(token: string, comment: string): Promise<Review> {
  await playAs(t.app, token, gameId);
  expect((await call(t.app, 'POST', `/api/games/${gameId}/rate`, { token, body: { score: 1, comment } })).status).toBe(200);
  return (await reviews()).body.reviews.find((entry) => entry.comment === comment)!;
}

describe(`review reports (${engineName})`, () => {
  it('a review says whether and for how long its author played the game', async () => {
    await playAs(t.app, author, gameId);
    await call(t.app, 'POST', `/api/games/${gameId}/playtime`, { token: author, body: { seconds: 95 } });
    const shown = await review(author, 'Buy cheap coins at example.com');
    expect(shown).toMatchObject({ plays: 1, playSeconds: 95 });
    expect(typeof shown.id).toBe('number');
  });

  it('takes one report per reporter (409 after), none of your own (403) or of no review (404)', async () => {
    const target = (await reviews()).body.reviews[0]!;
    expect((await call(t.app, 'POST', `/api/reviews/${target.id}/report`, { body: { reason: 'spam' } })).status).toBe(401);
    const first = await report(ada, target.id);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ reported: true });
    const again = await report(ada, target.id, 'offensive');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You have already reported this review' });
    expect((await report(author, target.id)).status).toBe(403);
    expect((await report(ada, 987_654)).status).toBe(404);
    expect((await report(ada, target.id, 'boring')).status).toBe(400);
  });

  it('lists reported reviews for admins only, and dismissing keeps the review', async () => {
    const target = (await reviews()).body.reviews[0]!;
    expect((await reported(ada)).status).toBe(403);
    expect((await report(bob, target.id, 'offensive')).status).toBe(201);
    const list = await reported();
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: target.id, game: expect.objectContaining({ slug: 'star-blaster' }), player: expect.objectContaining({ email: 'author@example.com' }), reports: 2, reasons: ['offensive', 'spam'] }),
    ]);
    expect((await call(t.app, 'POST', `/api/admin/reported-reviews/${target.id}/dismiss`, { token: admin })).status).toBe(200);
    expect((await reported()).body).toEqual([]);
    expect((await call(t.app, 'POST', `/api/admin/reported-reviews/${target.id}/dismiss`, { token: admin })).status).toBe(404);
    expect((await reviews()).body.reviews.map((entry) => entry.id)).toContain(target.id);
    // A reporter who was dismissed cannot report it again; someone new can.
    expect((await report(ada, target.id)).status).toBe(409);
  });

  it('removing a reported review takes its reports with it', async () => {
    const carol = await signIn(t.app, 'carol@example.com');
    const target = (await reviews()).body.reviews[0]!;
    expect((await report(carol, target.id, 'other')).status).toBe(201);
    expect((await reported()).body.map((entry) => [entry.id, entry.reports])).toEqual([[target.id, 1]]);
    expect((await call(t.app, 'DELETE', `/api/admin/ratings/${target.id}`, { token: admin })).status).toBe(200);
    expect((await reported()).body).toEqual([]);
    expect((await reviews()).body.reviews.map((entry) => entry.id)).not.toContain(target.id);
  });
});
