import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devGameOutput, reviewStatsOutput } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type DevGame = ReturnType<typeof devGameOutput.parse>;

let t: TestApp;
let dev: string;
let other: string;
let admin: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  dev = await signIn(t.app, 'queue-dev@example.com');
  other = await signIn(t.app, 'queue-other@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
});
afterAll(() => t.close());

async function submit(token: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  const response = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
    token,
    body: {
      title: `Queued ${counter}`,
      description: 'Waiting its turn',
      srcUrl: `https://queued-${counter}.example.com/play/`,
      thumbUrl: `https://queued-${counter}.example.com/t.png`,
      ...extra,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const myGames = async (token: string) => {
  const response = await call<DevGame[]>(t.app, 'GET', '/api/dev/games', { token });
  expect(response.status).toBe(200);
  return response.body;
};
const mine = async (token: string, id: number) => (await myGames(token)).find((game) => game.id === id)!;
const stats = async () => {
  const response = await call(t.app, 'GET', '/api/review-stats');
  expect(response.status).toBe(200);
  return reviewStatsOutput.strict().parse(response.body);
};

describe(`the review queue (${engineName})`, () => {
  it('GET /api/review-stats is public: the queue length, and no turnaround before any review', async () => {
    expect(await stats()).toEqual({ queueLength: 0, medianTurnaroundHours: null, reviewedCount: 0, days: 30 });
  });

  it('My Games items carry submittedAt and the queue position (order of submission) while PENDING', async () => {
    const first = await submit(dev);
    const second = await submit(other);
    const third = await submit(dev);
    const games = await myGames(dev);
    for (const game of games) expect(devGameOutput.strict().parse(game)).toEqual(game);
    expect((await mine(dev, first.id)).queuePosition).toBe(1);
    expect((await mine(other, second.id)).queuePosition).toBe(2);
    const last = await mine(dev, third.id);
    expect(last).toMatchObject({ status: 'PENDING', queuePosition: 3, reviewedAt: null, rejectionReasons: [] });
    expect(Date.parse(last.submittedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await stats()).queueLength).toBe(3);

    // A decision takes a game out of the queue: the ones behind it move up.
    expect((await call(t.app, 'POST', `/api/admin/games/${first.id}/approve`, { token: admin })).status).toBe(200);
    const approved = await mine(dev, first.id);
    expect(approved).toMatchObject({ status: 'APPROVED', queuePosition: null, rejectionReasons: [] });
    expect(approved.reviewedAt).not.toBeNull();
    expect((await mine(other, second.id)).queuePosition).toBe(1);
    expect((await mine(dev, third.id)).queuePosition).toBe(2);
    const after = await stats();
    expect(after.queueLength).toBe(2);
    expect(after.reviewedCount).toBe(1);
    expect(after.medianTurnaroundHours).toBeGreaterThanOrEqual(0);
  });

  it('reject with reasons stores them ([{rule, message}], the rule text when no message) and mails the developer', async () => {
    const game = await submit(dev);
    const response = await call(t.app, 'POST', `/api/admin/games/${game.id}/reject`, {
      token: admin,
      body: { reasons: [{ rule: 'broken' }, { rule: 'metadata', message: 'The thumbnail shows another game.' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: game.id, slug: game.slug, status: 'REJECTED' });
    const rejected = await mine(dev, game.id);
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      queuePosition: null,
      rejectionReasons: [
        { rule: 'broken', message: 'The game does not load, crashes or has game-breaking bugs.' },
        { rule: 'metadata', message: 'The thumbnail shows another game.' },
      ],
    });
    const mail = t.mails.findLast((candidate) => candidate.to === 'queue-dev@example.com')!;
    expect(mail.subject).toBe(`Your game "${rejected.title}" was not approved`);
    expect(mail.text).toContain('- The thumbnail shows another game.');
    expect(mail.text).toContain('/guidelines');
  });

  it("the spec's bodiless reject still works, with no reasons; bad reasons are a 400 naming the field", async () => {
    const game = await submit(dev);
    for (const body of [{ reasons: [{ rule: 'boring' }] }, { reasons: [{ rule: 'other' }] }, { reasons: 'slow' }]) {
      const bad = await call<{ message: string }>(t.app, 'POST', `/api/admin/games/${game.id}/reject`, { token: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toMatch(/^reasons/);
    }
    expect((await mine(dev, game.id)).status).toBe('PENDING');
    const rejected = await call(t.app, 'POST', `/api/admin/games/${game.id}/reject`, { token: admin });
    expect(rejected.status).toBe(200);
    expect(await mine(dev, game.id)).toMatchObject({ status: 'REJECTED', rejectionReasons: [] });
  });

  it('approval mails the developer a link to the game', async () => {
    const game = await submit(dev);
    await call(t.app, 'POST', `/api/admin/games/${game.id}/approve`, { token: admin });
    const mail = t.mails.findLast((candidate) => candidate.to === 'queue-dev@example.com')!;
    expect(mail.subject).toMatch(/^Your game "Queued \d+" was approved$/);
    expect(mail.text).toContain(`/games/${game.slug}`);
  });
});

describe(`submissions that land somewhere (${engineName})`, () => {
  it('stores categories, tags and the studio (kept on the profile); the approved game appears in its category', async () => {
    const categories = await call<{ slug: string }[]>(t.app, 'GET', '/api/categories');
    const [category] = categories.body;
    expect((await call(t.app, 'GET', '/api/dev/profile', { token: dev })).body).toEqual({ studioName: null });
    const game = await submit(dev, { categories: [category!.slug], tags: ['Retro', 'pixel'], studio: 'Queue Studio' });
    expect((await call(t.app, 'GET', '/api/dev/profile', { token: dev })).body).toEqual({ studioName: 'Queue Studio' });
    const listed = await mine(dev, game.id);
    expect(listed.categories.map((c) => c.slug)).toEqual([category!.slug]);
    expect(listed.tags.sort()).toEqual(['pixel', 'retro']);
    const tags = await call<{ name: string }[]>(t.app, 'GET', '/api/dev/tags', { token: dev });
    expect(tags.body.map((tag) => tag.name)).toEqual(expect.arrayContaining(['pixel', 'retro']));

    await call(t.app, 'POST', `/api/admin/games/${game.id}/approve`, { token: admin });
    const inCategory = await call<{ id: number; developerProfile: { studio: string } | null }[] | { games: { id: number }[] }>(
      t.app,
      'GET',
      `/api/games?category=${category!.slug}&sort=newest&limit=100`,
    );
    const list = Array.isArray(inCategory.body) ? inCategory.body : inCategory.body.games;
    expect(list.map((g) => g.id)).toContain(game.id);
    const page = await call<{ developerProfile: { studio: string } | null }>(t.app, 'GET', `/api/games/${game.slug}`);
    expect(page.body.developerProfile).toEqual({ studio: 'Queue Studio' });

    // Without a studio field, the next submission uses the profile's.
    const next = await submit(dev);
    await call(t.app, 'POST', `/api/admin/games/${next.id}/approve`, { token: admin });
    expect((await call<{ developerProfile: unknown }>(t.app, 'GET', `/api/games/${next.slug}`)).body.developerProfile).toEqual({ studio: 'Queue Studio' });
  });

  it('PUT /api/dev/games/{id}: the owner edits a PENDING game (keeping its place); others 404; decided games 409', async () => {
    const game = await submit(dev);
    const before = await mine(dev, game.id);
    const edited = await call<DevGame>(t.app, 'PUT', `/api/dev/games/${game.id}`, {
      token: dev,
      body: { title: 'Edited Title', tags: ['edited'], srcUrl: `https://edited-${game.id}.example.com/` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: game.id, title: 'Edited Title', tags: ['edited'], srcUrl: `https://edited-${game.id}.example.com/`, description: 'Waiting its turn' });
    expect(edited.body.queuePosition).toBe(before.queuePosition);
    expect(edited.body.submittedAt).toBe(before.submittedAt);

    expect((await call(t.app, 'PUT', `/api/dev/games/${game.id}`, { token: other, body: { title: 'Hijack' } })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/dev/games/${game.id}`, { body: { title: 'Anon' } })).status).toBe(401);
    expect((await call(t.app, 'PUT', '/api/dev/games/99999999', { token: dev, body: { title: 'Ghost' } })).status).toBe(404);
    const bad = await call<{ message: string }>(t.app, 'PUT', `/api/dev/games/${game.id}`, { token: dev, body: { srcUrl: 'http://insecure.example.com/' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^srcUrl: /);
    const unknownCategory = await call<{ message: string }>(t.app, 'PUT', `/api/dev/games/${game.id}`, { token: dev, body: { categories: ['no-such-category'] } });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.message).toMatch(/^categories: /);

    const taken = await submit(dev);
    const clash = await call(t.app, 'PUT', `/api/dev/games/${game.id}`, { token: dev, body: { srcUrl: `https://queued-${counter}.example.com/play/` } });
    expect(clash.status).toBe(409);
    expect(taken.id).not.toBe(game.id);

    await call(t.app, 'POST', `/api/admin/games/${game.id}/reject`, { token: admin });
    const late = await call<{ message: string }>(t.app, 'PUT', `/api/dev/games/${game.id}`, { token: dev, body: { title: 'Too late' } });
    expect(late.status).toBe(409);
    expect((await mine(dev, game.id)).title).toBe('Edited Title');
  });
});
