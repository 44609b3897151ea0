/**
 * Developers submitting games, through POST /api/dev/games and the legacy POST /api/games/submit:
 * who may, the fields each form takes and rejects naming the field, unique URLs and slugs, pending
 * games kept out of every public list; and GET /api/dev/games, each developer's own list. The
 * admins' approval and rejection of what was submitted is in game-moderation.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { signInSubmitters, submissionHelpers, type PublicGame } from './submissions-support';

// The spec's fields, the review queue's and the Edit form's (issue #13), and whether it is hosted here (issue #24).
const DEV_GAME_KEYS = [
  'bannerUrl', 'categories', 'createdAt', 'description', 'hosted', 'id', 'metrics', 'queuePosition', 'ratingSummary', 'rejectionReasons', 'reviewedAt',
  'slug', 'srcUrl', 'status', 'submittedAt', 'tags', 'thumbUrl', 'title',
];

let t: TestApp;
let dev: string;
let other: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ dev, other, admin } = await signInSubmitters(t));
});
afterAll(() => t.close());

const { devGame, legacyGame, submit, submitLegacy, pending, myGames, expectNotPublic } = submissionHelpers(() => ({ t, dev, admin }));

describe(`submitting games (${engineName})`, () => {
  it('is 401 signed out, for both forms and for the list', async () => {
    for (const response of [
      await submit(devGame(), null),
      await submitLegacy(legacyGame(), null),
      await call(t.app, 'GET', '/api/dev/games'),
    ]) {
      expect(response.status).toBe(401);
      expect(Object.keys(response.body as object)).toEqual(['message']);
    }
    const rows = await t.db.orm.em.getConnection().execute<{ count: number | string }[]>(
      `select count(*) as count from games where status = 'PENDING'`,
    );
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('POST /api/dev/games answers 201 {id, slug, status: PENDING}', async () => {
    const { status, body } = await submit(devGame({ title: 'Space Rocks' }));
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(['id', 'slug', 'status']);
    expect(body).toEqual({ id: expect.any(Number), slug: 'space-rocks', status: 'PENDING' });
  });

  it('POST /api/games/submit takes the legacy fields and answers 201 PENDING', async () => {
    const { status, body } = await submitLegacy(legacyGame({ title: 'Brain Teaser' }));
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.any(Number), slug: 'brain-teaser', status: 'PENDING' });
    const [game] = (await pending()).filter((candidate) => candidate.id === body.id);
    expect(game).toMatchObject({ title: 'Brain Teaser', ageRating: 'E7', playType: 'IFRAME', multiplayer: false });
    expect(game!.categories.map((category) => category.name)).toEqual(['Puzzle']);
  });

  it('legacy submissions: only the legacy categories; tags are comma-separated', async () => {
    for (const category of ['kids', 'multiplayer', 'Puzzle', '']) {
      const response = await submitLegacy(legacyGame({ category }));
      expect(response.status, category).toBe(400);
      expect(response.body as unknown, category).toMatchObject({ message: expect.stringMatching(/^category:/) });
    }
    const accepted = await submitLegacy(legacyGame({ title: 'Tagged Game', category: 'strategy', multiplayer: 'true' }));
    expect(accepted.status).toBe(201);
    await call(t.app, 'POST', `/api/admin/games/${accepted.body.id}/approve`, { token: admin });
    const { body: game } = await call<PublicGame>(t.app, 'GET', `/api/games/${accepted.body.slug}`);
    expect(game.categories.map((category) => category.slug)).toEqual(['strategy']);
    expect(game.tags.map((tag) => tag.name).sort()).toEqual(['brain', 'fun', 'logic']);
    expect(game.multiplayer).toBe(true);
    expect(game.ageRating).toBe('E7');
  });

  it('developer submissions take optional categories, tags and the spec defaults', async () => {
    const { body } = await submit(devGame({ title: 'Defaults Game' }));
    const [shown] = (await pending()).filter((candidate) => candidate.id === body.id);
    expect(shown).toMatchObject({ ageRating: 'E13', playType: 'IFRAME', multiplayer: false, categories: [] });
    const rows = await t.db.orm.em
      .getConnection()
      .execute<{ single_player: boolean }[]>('select single_player from games where id = ?', [body.id]);
    expect(rows[0]!.single_player).toBe(true);

    const full = await submit(
      devGame({
        title: 'Full Game',
        categories: ['arcade', 'puzzle'],
        tags: ['Retro', 'retro', 'Pixel'],
        playType: 'CANVAS',
        multiplayer: true,
        singlePlayer: false,
        ageRating: 'KIDS',
        bannerUrl: 'https://studio.example.com/banner.png',
      }),
    );
    expect(full.status).toBe(201);
    const [fullShown] = (await pending()).filter((candidate) => candidate.id === full.body.id);
    expect(fullShown).toMatchObject({ ageRating: 'KIDS', playType: 'CANVAS', multiplayer: true });
    expect(fullShown!.categories.map((category) => category.name).sort()).toEqual(['Arcade', 'Puzzle']);
    await call(t.app, 'POST', `/api/admin/games/${full.body.id}/approve`, { token: admin });
    const { body: game } = await call<PublicGame>(t.app, 'GET', `/api/games/${full.body.slug}`);
    expect(game.tags.map((tag) => tag.name)).toEqual(['pixel', 'retro']);
  });

  it('is 400 naming the field for invalid developer submissions', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['title', devGame({ title: undefined })],
      ['title', devGame({ title: '' })],
      ['title', devGame({ title: '   ' })],
      ['title', devGame({ title: 'x'.repeat(81) })],
      ['title', devGame({ title: 42 })],
      ['description', devGame({ description: undefined })],
      ['description', devGame({ description: 'x'.repeat(2001) })],
      ['srcUrl', devGame({ srcUrl: undefined })],
      ['srcUrl', devGame({ srcUrl: 'not a url' })],
      ['srcUrl', devGame({ srcUrl: 'http://games.example.com/play/' })],
      ['srcUrl', devGame({ srcUrl: 'ftp://games.example.com/play/' })],
      ['srcUrl', devGame({ srcUrl: 'javascript:alert(1)' })],
      ['thumbUrl', devGame({ thumbUrl: undefined })],
      ['thumbUrl', devGame({ thumbUrl: 'http://cdn.example.com/thumb.png' })],
      ['bannerUrl', devGame({ bannerUrl: 'banner.png' })],
      ['playType', devGame({ playType: 'FLASH' })],
      ['ageRating', devGame({ ageRating: 'E21' })],
      ['multiplayer', devGame({ multiplayer: 'yes' })],
      ['categories', devGame({ categories: ['no-such-category'] })],
      ['categories', devGame({ categories: ['action', 'racing', 'puzzle', 'sports'] })],
      ['categories', devGame({ categories: 'action' })],
      ['tags', devGame({ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) })],
    ];
    for (const [field, body] of cases) {
      const response = await submit(body);
      const label = `${field}: ${JSON.stringify(body[field])}`;
      expect(response.status, label).toBe(400);
      expect((response.body as unknown as { message: string }).message, label).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('is 400 naming the field for invalid legacy submissions', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['title', legacyGame({ title: undefined })],
      ['description', legacyGame({ description: '' })],
      ['category', legacyGame({ category: undefined })],
      ['gameUrl', legacyGame({ gameUrl: undefined })],
      ['gameUrl', legacyGame({ gameUrl: 'not a url' })],
      ['gameUrl', legacyGame({ gameUrl: 'http://games.example.com/' })],
      ['thumbnailUrl', legacyGame({ thumbnailUrl: 'http://cdn.example.com/t.png' })],
      ['ageRating', legacyGame({ ageRating: 'PG' })],
    ];
    for (const [field, body] of cases) {
      const response = await submitLegacy(body);
      expect(response.status, field).toBe(400);
      expect((response.body as unknown as { message: string }).message, field).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('accepts plain HTTP on localhost and IP addresses', async () => {
    for (const srcUrl of ['http://localhost:8080/game/', 'http://127.0.0.1:5173/', 'http://192.168.1.20/game/']) {
      const response = await submit(devGame({ srcUrl, thumbUrl: `${srcUrl}thumb.png` }));
      expect(response.status, srcUrl).toBe(201);
    }
    const legacy = await submitLegacy(legacyGame({ gameUrl: 'http://localhost:9000/', thumbnailUrl: '' }));
    expect(legacy.status).toBe(201);
  });

  it('is 409 for a srcUrl that was already submitted, across both forms', async () => {
    const first = devGame();
    expect((await submit(first)).status).toBe(201);
    const again = await submit(devGame({ srcUrl: first.srcUrl }));
    expect(again.status).toBe(409);
    expect(Object.keys(again.body)).toEqual(['message']);
    const byOther = await submit(devGame({ srcUrl: first.srcUrl }), other);
    expect(byOther.status).toBe(409);
    const legacy = await submitLegacy(legacyGame({ gameUrl: first.srcUrl }));
    expect(legacy.status).toBe(409);
    // A built-in game's URL counts too.
    const { body: builtIn } = await call<PublicGame>(t.app, 'GET', '/api/games/star-blaster');
    expect((await submit(devGame({ srcUrl: builtIn.srcUrl }))).status).toBe(409);
  });

  it('gives unique slugs: the same title twice gets -2, a built-in title too', async () => {
    const first = await submit(devGame({ title: 'Twin Peaks' }));
    const second = await submit(devGame({ title: 'Twin Peaks' }), other);
    const third = await submitLegacy(legacyGame({ title: 'Twin  Peaks!' }));
    expect([first.body.slug, second.body.slug, third.body.slug]).toEqual(['twin-peaks', 'twin-peaks-2', 'twin-peaks-3']);
    const clash = await submit(devGame({ title: 'Star Blaster' }));
    expect(clash.body.slug).toBe('star-blaster-2');
    const accents = await submit(devGame({ title: 'Café Dash' }));
    expect(accents.body.slug).toBe('cafe-dash');
    const symbols = await submit(devGame({ title: '!!!' }));
    expect(symbols.status).toBe(201);
    expect(symbols.body.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('pending games are not public anywhere', async () => {
    expect.hasAssertions();
    const title = 'Hidden Treasure';
    const { body } = await submit(devGame({ title, ageRating: 'KIDS', multiplayer: true }));
    await expectNotPublic(body, title);
  });
});

describe(`the developer's list (${engineName})`, () => {
  it("GET /api/dev/games lists only the caller's games, newest first, with status", async () => {
    const newcomer = await signIn(t.app, 'newcomer@example.com');
    expect(await myGames(newcomer)).toEqual([]);
    const a = await submit(devGame({ title: 'Newcomer One' }), newcomer);
    const b = await submitLegacy(legacyGame({ title: 'Newcomer Two' }), newcomer);
    const list = await myGames(newcomer);
    expect(list.map((game) => game.id)).toEqual([b.body.id, a.body.id]);
    for (const game of list) {
      expect(Object.keys(game).sort()).toEqual(DEV_GAME_KEYS);
      expect(game).toMatchObject({ status: 'PENDING', metrics: { plays: 0 }, ratingSummary: { avg: 0, count: 0 } });
      expect(Number.isNaN(Date.parse(game.createdAt))).toBe(false);
    }
    expect(list[1]).toMatchObject({ title: 'Newcomer One', slug: 'newcomer-one', thumbUrl: expect.stringMatching(/^https:/) });
  });

  it("a user cannot see another user's submissions", async () => {
    const mine = await submit(devGame({ title: 'Private Project' }));
    const theirs = await myGames(other);
    expect(theirs.map((game) => game.id)).not.toContain(mine.body.id);
    expect(theirs.every((game) => game.slug.startsWith('twin-peaks') || game.title.startsWith('Test Game'))).toBe(true);
    const adminList = await myGames(admin);
    expect(adminList.map((game) => game.id)).not.toContain(mine.body.id);
    expect((await myGames()).map((game) => game.id)).toContain(mine.body.id);
  });
});
