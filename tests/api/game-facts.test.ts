/**
 * Issue #14: every game says how it plays and what it contains. Games carry `controls` and
 * `contentFacts`, the game page also its own `instructions`; submissions declare them and the
 * review queue shows them; `device` filters the game lists and the Kids Zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDetailOutput, gameOutput } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Card = { slug: string; controls: string[]; contentFacts: Record<string, unknown> | null };

let t: TestApp;
let dev: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  dev = await signIn(t.app, 'facts.dev@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
});
afterAll(() => t.close());

const facts = { ads: true, chat: false, externalLinks: true, inAppPurchases: false, saves: 'cloud', violence: 'cartoon' };
let counter = 0;

function submission(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Pad Racer ${counter}`,
    description: 'Drift round the track.',
    srcUrl: `https://pad-racer-${counter}.example.com/`,
    thumbUrl: `https://pad-racer-${counter}.example.com/thumb.png`,
    ageRating: 'E7',
    categories: ['racing'],
    instructions: 'Steer with the left stick, accelerate with the right trigger.',
    controls: ['gamepad', 'keyboard'],
    contentFacts: facts,
    ...overrides,
  };
}

const submit = (body: unknown) => call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', { token: dev, body });
const slugs = (games: { slug: string }[]) => games.map((game) => game.slug);

async function list(query: string): Promise<Card[]> {
  const response = await call<Card[]>(t.app, 'GET', `/api/games${query}`);
  expect(response.status, query).toBe(200);
  return response.body;
}

describe(`game controls and content facts (${engineName})`, () => {
  it('GET /api/games/{slug} answers the instructions, controls and content facts', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/games/star-blaster');
    expect(status).toBe(200);
    expect(gameDetailOutput.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      instructions: null,
      controls: ['keyboard', 'mouse'],
      contentFacts: { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'device', violence: 'cartoon' },
    });
  });

  it('lists carry controls and content facts on every game, without the instructions', async () => {
    for (const game of await list('')) {
      expect(gameOutput.strict().parse(game)).toEqual(game);
      expect(game.controls.length).toBeGreaterThan(0);
    }
    const home = await call<{ popular: Card[] }>(t.app, 'GET', '/api/home');
    expect(home.body.popular.find((game) => game.slug === 'cafe-racer')).toMatchObject({ controls: ['touch', 'keyboard'], contentFacts: { ads: true, externalLinks: false } });
  });

  it('GET /api/games?device= keeps only the games playable with that control, in any order and with the other filters', async () => {
    expect(slugs(await list('?device=touch')).sort()).toEqual(['balloon-pop', 'cafe-racer', 'paddle-duel']);
    expect(slugs(await list('?device=keyboard')).sort()).toEqual(['cafe-racer', 'paddle-duel', 'star-blaster']);
    expect(slugs(await list('?device=mouse&sort=newest'))).toEqual(['balloon-pop', 'paddle-duel', 'star-blaster']);
    expect(await list('?device=gamepad')).toEqual([]);
    expect(slugs(await list('?device=touch&category=arcade'))).toEqual(['paddle-duel']);
    expect(slugs(await list('?device=keyboard&search=blast'))).toEqual(['star-blaster']);
    expect(await list('?device=touch&search=blast')).toEqual([]);
    // The unfiltered list, asked right after, is its own cached answer.
    expect(await list('')).toHaveLength(4);
  });

  it('an unknown device is a 400 naming the field', async () => {
    for (const url of ['/api/games?device=joystick', '/api/games?device=TOUCH', '/api/kids/games?device=']) {
      const response = await call(t.app, 'GET', url);
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ message: expect.stringMatching(/^device: Must be one of touch, keyboard, mouse, gamepad/) });
    }
  });

  it('GET /api/kids/games?device= filters the Kids Zone', async () => {
    const kids = await call<{ slug: string }[]>(t.app, 'GET', '/api/kids/games?device=mouse');
    expect(kids.status).toBe(200);
    expect(slugs(kids.body).sort()).toEqual(['balloon-pop', 'paddle-duel']);
    const keyboard = await call<{ slug: string }[]>(t.app, 'GET', '/api/kids/games?device=keyboard&category=racing');
    expect(slugs(keyboard.body)).toEqual(['cafe-racer']);
  });

  it('a developer submission declares them; the review queue shows them; once approved the game page and the device filter do', async () => {
    const body = submission({ controls: ['keyboard', 'gamepad'] });
    const submitted = await submit(body);
    expect(submitted.status).toBe(201);

    const queue = await call<{ id: number }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(queue.body.find((game) => game.id === submitted.body.id)).toMatchObject({
      instructions: body.instructions,
      // Kept in the one canonical order, whatever order they were ticked in.
      controls: ['keyboard', 'gamepad'],
      contentFacts: facts,
    });
    expect(await list('?device=gamepad')).toEqual([]);

    expect((await call(t.app, 'POST', `/api/admin/games/${submitted.body.id}/approve`, { token: admin })).status).toBe(200);
    const page = await call(t.app, 'GET', `/api/games/${submitted.body.slug}`);
    expect(page.body).toMatchObject({ instructions: body.instructions, controls: ['keyboard', 'gamepad'], contentFacts: facts });
    expect(slugs(await list('?device=gamepad'))).toEqual([submitted.body.slug]);
    expect(slugs(await list('?device=touch'))).not.toContain(submitted.body.slug);
  });

  it('the Kids Zone leaves out a kid-rated game that declares chat, links out, purchases or cartoon violence, and keeps one with ads only', async () => {
    const plain = { ...facts, ads: false, externalLinks: false, violence: 'none' };
    const decided: Record<string, string> = {};
    const cases = { chat: { ...plain, chat: true }, purchases: { ...plain, inAppPurchases: true }, cartoon: { ...plain, violence: 'cartoon' }, ads: { ...plain, ads: true } };
    for (const [name, declared] of Object.entries(cases)) {
      const submitted = await submit(submission({ ageRating: 'KIDS', categories: ['puzzle'], controls: ['touch'], contentFacts: declared }));
      expect(submitted.status).toBe(201);
      expect((await call(t.app, 'POST', `/api/admin/games/${submitted.body.id}/approve`, { token: admin })).status).toBe(200);
      decided[name] = submitted.body.slug;
    }
    const kids = slugs((await call<{ slug: string }[]>(t.app, 'GET', '/api/kids/games?category=puzzle')).body);
    expect(kids).toContain(decided.ads);
    expect(kids).not.toContain(decided.chat);
    expect(kids).not.toContain(decided.purchases);
    expect(kids).not.toContain(decided.cartoon);
    // Still published for everyone else.
    expect(slugs(await list('?category=puzzle&limit=100'))).toEqual(expect.arrayContaining([decided.chat, decided.purchases, decided.cartoon]));
  });

  it('a submission without them (the spec\'s bare call) is accepted and shows them undeclared', async () => {
    const { controls: _controls, contentFacts: _facts, instructions: _instructions, ...bare } = submission();
    const submitted = await submit(bare);
    expect(submitted.status).toBe(201);
    const queue = await call<{ id: number }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(queue.body.find((game) => game.id === submitted.body.id)).toMatchObject({ instructions: null, controls: [], contentFacts: null });
  });

  it('the legacy submission takes them too', async () => {
    counter += 1;
    const submitted = await call<{ id: number }>(t.app, 'POST', '/api/games/submit', {
      token: dev,
      body: {
        title: `Legacy Facts ${counter}`,
        description: 'A legacy submission that declares its facts.',
        category: 'puzzle',
        gameUrl: `https://legacy-facts-${counter}.example.com/`,
        controls: ['mouse', 'touch'],
        contentFacts: { ...facts, ads: false },
      },
    });
    expect(submitted.status).toBe(201);
    const queue = await call<{ id: number }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(queue.body.find((game) => game.id === submitted.body.id)).toMatchObject({ controls: ['touch', 'mouse'], contentFacts: { ...facts, ads: false } });
    const refused = await call(t.app, 'POST', '/api/games/submit', {
      token: dev,
      body: { title: 'Legacy Bad Facts', description: 'd', category: 'puzzle', gameUrl: 'https://legacy-bad.example.com/', controls: ['voice'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^controls\.0:/) });
  });

  it('invalid declarations are a 400 naming the field, and nothing is stored', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ controls: [] }, /^controls: Choose at least one control/],
      [{ controls: ['touch', 'joystick'] }, /^controls\.1: Must be one of/],
      [{ controls: ['touch', 'touch'] }, /^controls: Each control at most once/],
      [{ controls: 'touch' }, /^controls:/],
      [{ contentFacts: { ...facts, saves: 'server' } }, /^contentFacts\.saves: Must be one of none, device, cloud/],
      [{ contentFacts: { ...facts, violence: 'gory' } }, /^contentFacts\.violence: Must be one of none, cartoon, realistic/],
      [{ contentFacts: { ...facts, ads: 'yes' } }, /^contentFacts\.ads: Must be true or false/],
      [{ contentFacts: { ads: false } }, /^contentFacts\.chat:/],
      [{ contentFacts: { ...facts, lootBoxes: true } }, /^contentFacts:/],
      [{ instructions: 'x'.repeat(2001) }, /^instructions: Must be at most 2000 characters/],
    ];
    const before = await t.db.orm.em.fork().getConnection().execute<{ count: number }[]>('select count(*)::int as count from games');
    for (const [overrides, message] of cases) {
      const response = await submit(submission(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((response.body as unknown as { message: string }).message, JSON.stringify(overrides)).toMatch(message);
    }
    const after = await t.db.orm.em.fork().getConnection().execute<{ count: number }[]>('select count(*)::int as count from games');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('the database refuses controls and facts the API would refuse', async () => {
    const connection = t.db.orm.em.fork().getConnection();
    await expect(connection.execute(`update games set controls = '{joystick}' where slug = 'star-blaster'`)).rejects.toThrow(/games_controls_check/);
    await expect(
      connection.execute(`update games set content_facts = '{"ads": false, "chat": false, "externalLinks": false, "inAppPurchases": false, "saves": "server", "violence": "none"}' where slug = 'star-blaster'`),
    ).rejects.toThrow(/games_content_facts_check/);
    await expect(connection.execute(`update games set content_facts = '{"ads": "no"}' where slug = 'star-blaster'`)).rejects.toThrow(/games_content_facts_check/);
  });
});
