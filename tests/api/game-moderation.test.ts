/**
 * Admins moderating submitted games: GET /api/admin/games/pending (admins only, the spec's fields,
 * oldest first), approve (published, its origin allowlisted) and reject (unpublished, REJECTED in
 * the owner's list), and their answers for unknown, bad and unauthorised calls. Submitting is in
 * submissions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { signInSubmitters, submissionHelpers, type Home, type PublicGame, type Submitted } from './submissions-support';

// The fields an admin reviews a pending game by, and whether it is hosted here (issue #24).
const PENDING_KEYS = [
  'ageRating', 'categories', 'contentFacts', 'controls', 'createdAt', 'description', 'developerProfile', 'hosted', 'id', 'instructions',
  'multiplayer', 'playType', 'slug', 'srcUrl', 'thumbUrl', 'title',
];

let t: TestApp;
let dev: string;
let admin: string;

const { devGame, legacyGame, submit, submitLegacy, pending, myGames, expectNotPublic } = submissionHelpers(() => ({ t, dev, admin }));

beforeAll(async () => {
  t = await createTestApp();
  let other: string;
  ({ dev, other, admin } = await signInSubmitters(t));
  // Games already waiting, from both forms and two developers, before the tests submit theirs:
  // the pending list then holds several, to be shown oldest first.
  for (const submitted of [await submit(devGame()), await submitLegacy(legacyGame(), other), await submit(devGame(), other)]) {
    if (submitted.status !== 201) throw new Error(`a waiting game was not submitted: ${submitted.status}`);
  }
});
afterAll(() => t.close());

describe(`moderation (${engineName})`, () => {
  it('GET /api/admin/games/pending is 401 signed out and 403 for a non-admin', async () => {
    const signedOut = await call(t.app, 'GET', '/api/admin/games/pending');
    expect(signedOut.status).toBe(401);
    const forbidden = await call(t.app, 'GET', '/api/admin/games/pending', { token: dev });
    expect(forbidden.status).toBe(403);
    expect(Object.keys(forbidden.body)).toEqual(['message']);
  });

  it('GET /api/admin/games/pending shows the pending games with the spec fields, oldest first', async () => {
    const { body } = await submit(
      devGame({ title: 'Review Me', categories: ['racing'], multiplayer: true, ageRating: 'E16', playType: 'CANVAS' }),
    );
    const list = await pending();
    expect(list.length).toBeGreaterThan(1);
    for (const game of list) expect(Object.keys(game).sort()).toEqual(PENDING_KEYS);
    const ids = list.map((game) => game.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const game = list.find((candidate) => candidate.id === body.id)!;
    expect(game).toMatchObject({
      slug: 'review-me',
      title: 'Review Me',
      description: 'A game submitted by the tests.',
      srcUrl: expect.stringMatching(/^https:\/\/studio-\d+\.example\.com\/play\/$/),
      thumbUrl: expect.stringMatching(/thumb\.png$/),
      ageRating: 'E16',
      playType: 'CANVAS',
      multiplayer: true,
      developerProfile: null,
    });
    expect(game.categories).toEqual([{ id: expect.any(Number), name: 'Racing' }]);
    expect(Number.isNaN(Date.parse(game.createdAt))).toBe(false);
    // Only PENDING games: the built-in (approved) ones are not listed.
    expect(list.map((candidate) => candidate.slug)).not.toContain('star-blaster');
  });

  it('approve publishes the game, allowlists its lower-cased origin and drops it from pending', async () => {
    const { body } = await submit(
      devGame({
        title: 'Approved Adventure',
        srcUrl: 'https://Play.MixedCase-Studio.Example.com:8443/Game/Index.html',
        multiplayer: true,
      }),
    );
    const approved = await call<Submitted>(t.app, 'POST', `/api/admin/games/${body.id}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id: body.id, slug: 'approved-adventure', status: 'APPROVED' });

    const { status, body: game } = await call<PublicGame>(t.app, 'GET', '/api/games/approved-adventure');
    expect(status).toBe(200);
    expect(game.originAllowlists).toEqual([{ allowedOrigin: 'https://play.mixedcase-studio.example.com:8443' }]);
    expect(game.developerProfile).toBeNull();

    const list = await call<PublicGame[]>(t.app, 'GET', '/api/games?search=approved%20adventure');
    expect(list.body.map((candidate) => candidate.id)).toEqual([body.id]);
    const home = await call<Home>(t.app, 'GET', '/api/home');
    expect(home.body.new[0]!.id).toBe(body.id);
    expect(home.body.multiplayer.map((candidate) => candidate.id)).toContain(body.id);
    expect((await pending()).map((candidate) => candidate.id)).not.toContain(body.id);
    expect((await myGames()).find((candidate) => candidate.id === body.id)!.status).toBe('APPROVED');
    expect((await call(t.app, 'POST', `/api/games/${body.id}/play`)).status).toBe(200);

    // Approving again changes nothing and adds no second allowlist entry.
    const again = await call<Submitted>(t.app, 'POST', `/api/admin/games/${body.id}/approve`, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('APPROVED');
    const reread = await call<PublicGame>(t.app, 'GET', '/api/games/approved-adventure');
    expect(reread.body.originAllowlists).toEqual([{ allowedOrigin: 'https://play.mixedcase-studio.example.com:8443' }]);
  });

  it('reject makes the game REJECTED: not public, not pending, REJECTED in the owner list', async () => {
    const title = 'Rejected Rocket';
    const { body } = await submit(devGame({ title }));
    const rejected = await call<Submitted>(t.app, 'POST', `/api/admin/games/${body.id}/reject`, { token: admin });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ id: body.id, slug: body.slug, status: 'REJECTED' });
    await expectNotPublic(body, title);
    expect((await pending()).map((candidate) => candidate.id)).not.toContain(body.id);
    expect((await myGames()).find((candidate) => candidate.id === body.id)!.status).toBe('REJECTED');
  });

  it('reject unpublishes an approved game', async () => {
    const title = 'Short Lived';
    const { body } = await submit(devGame({ title }));
    await call(t.app, 'POST', `/api/admin/games/${body.id}/approve`, { token: admin });
    expect((await call(t.app, 'GET', `/api/games/${body.slug}`)).status).toBe(200);
    await call(t.app, 'POST', `/api/admin/games/${body.id}/reject`, { token: admin });
    await expectNotPublic(body, title);
  });

  it('approve and reject are 404 for an unknown id, 400 for a bad one, 401/403 for others', async () => {
    const { body } = await submit(devGame({ title: 'Guarded Game' }));
    for (const action of ['approve', 'reject']) {
      const missing = await call(t.app, 'POST', `/api/admin/games/999999/${action}`, { token: admin });
      expect(missing.status, action).toBe(404);
      expect(missing.body).toEqual({ message: 'Game not found' });
      const bad = await call(t.app, 'POST', `/api/admin/games/1.5/${action}`, { token: admin });
      expect(bad.status, action).toBe(400);
      expect(bad.body.message).toMatch(/^id:/);
      expect((await call(t.app, 'POST', `/api/admin/games/${body.id}/${action}`)).status, action).toBe(401);
      expect((await call(t.app, 'POST', `/api/admin/games/${body.id}/${action}`, { token: dev })).status, action).toBe(403);
    }
    // The owner cannot approve their own game either: it is still pending.
    expect((await pending()).map((candidate) => candidate.id)).toContain(body.id);
    expect((await call(t.app, 'GET', `/api/games/${body.slug}`)).status).toBe(404);
  });
});
