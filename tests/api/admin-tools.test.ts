import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../shared/constants';
import { ADMIN_EMAIL, call, createTestApp, gameIdsBySlug, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type AdminGame = { id: number; slug: string; title: string; status: string; metrics: { plays: number }; owner: { email: string } | null };
type GamesPage = { games: AdminGame[]; page: number; hasMore: boolean; total: number };
type AdminUser = { id: number; email: string; name: string; role: string; blockedAt: string | null; lastSignInAt: string | null };
type UsersPage = { users: AdminUser[]; page: number; hasMore: boolean; total: number };
type AuditEntry = { action: string; targetType: string; targetId: number; details: Record<string, unknown> | null };
type Slugged = { slug: string };

let t: TestApp;
let admin: string;
let player: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  player = await signIn(t.app, 'player.one@example.com');
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']);
});
afterAll(() => t.close());

const sql = <T = Record<string, number>>(query: string, params: unknown[] = []) => t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
const asAdmin = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(t.app, method, url, { token: admin, ...(body === undefined ? {} : { body }) });
const adminGames = (query = '') => asAdmin<GamesPage>('GET', `/api/admin/games${query}`);
const adminUsers = (query = '') => asAdmin<UsersPage>('GET', `/api/admin/users${query}`);
const lastAudit = async () => (await asAdmin<AuditEntry[]>('GET', '/api/admin/audit-log?limit=1')).body[0];
const publicSlugs = async (url: string) => (await call<Slugged[]>(t.app, 'GET', url)).body.map((game) => game.slug);
const homeSlugs = async () => {
  const home = (await call<Record<string, Slugged[]>>(t.app, 'GET', '/api/home')).body;
  return Object.values(home).flatMap((list) => list.map((game) => game.slug));
};

let submitted = 0;
async function submitGame(token: string, title: string): Promise<{ id: number; slug: string }> {
  submitted += 1;
  const response = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
    token,
    body: { title, description: 'Submitted by the admin tools tests.', srcUrl: `https://tools-${submitted}.example.com/`, thumbUrl: `https://tools-${submitted}.example.com/t.png` },
  });
  expect(response.status).toBe(201);
  return response.body;
}

describe(`admin tools: access (${engineName})`, () => {
  it.each([
    ['GET', '/api/admin/games'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/stats'],
    ['POST', '/api/admin/games/1/unpublish'],
    ['POST', '/api/admin/games/1/republish'],
    ['POST', '/api/admin/users/1/block'],
    ['POST', '/api/admin/users/1/unblock'],
    ['POST', '/api/admin/users/1/promote'],
  ] as const)('%s %s is 401 signed out and 403 for a non-admin, with a JSON message', async (method, url) => {
    const anonymous = await call(t.app, method, url);
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body as object)).toEqual(['message']);
    const user = await call<{ message: string }>(t.app, method, url, { token: player });
    expect(user.status).toBe(403);
    expect(user.body.message).toBe('Admin privileges required');
  });
});

describe(`GET /api/admin/games (${engineName})`, () => {
  it('lists every game whatever its status, newest first, 20 a page, with the total', async () => {
    const pending = await submitGame(player, 'Moon Miner');
    const all = await adminGames();
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, hasMore: false });
    expect(all.body.total).toBe(all.body.games.length);
    expect(all.body.games[0]).toMatchObject({ id: pending.id, status: 'PENDING', owner: { email: 'player.one@example.com' } });
    expect(all.body.games.map((game) => game.slug)).toEqual(expect.arrayContaining(['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']));

    // Enough games for a second page.
    await sql(
      `insert into games (slug, title, description, status, created_at, updated_at)
         select 'filler-' || n, 'Filler ' || n, 'Paging filler', 'REJECTED', now() - interval '1 day', now() from generate_series(1, ?) n`,
      [ADMIN_PAGE_SIZE],
    );
    const first = await adminGames('?page=1');
    const second = await adminGames('?page=2');
    expect(first.body.games).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    expect(second.body.page).toBe(2);
    expect(first.body.total).toBe(all.body.total + ADMIN_PAGE_SIZE);
    expect(second.body.games).toHaveLength(first.body.total - ADMIN_PAGE_SIZE);
    const seen = [...first.body.games, ...second.body.games].map((game) => game.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by status and searches title or slug, any case, with LIKE wildcards taken literally', async () => {
    const rejected = await adminGames('?status=REJECTED');
    expect(rejected.body.games.every((game) => game.status === 'REJECTED')).toBe(true);
    expect(rejected.body.total).toBe(ADMIN_PAGE_SIZE);
    expect((await adminGames('?search=STAR%20blast')).body.games.map((game) => game.slug)).toEqual(['star-blaster']);
    expect((await adminGames('?search=cafe-rac')).body.games.map((game) => game.slug)).toEqual(['cafe-racer']);
    expect((await adminGames('?search=%25')).body.total).toBe(0);
    expect((await adminGames('?search=_')).body.total).toBe(0);
    // Empty filters filter nothing (the form sends them that way).
    expect((await adminGames('?status=&search=')).body.total).toBe((await adminGames()).body.total);
  });

  it('is 400 naming the field for a bad status or page', async () => {
    const status = await adminGames('?status=LIVE');
    expect(status.status).toBe(400);
    expect((status.body as unknown as { message: string }).message).toMatch(/status/);
    for (const page of ['0', 'two', '1.5']) {
      const response = await adminGames(`?page=${page}`);
      expect(response.status).toBe(400);
      expect((response.body as unknown as { message: string }).message).toMatch(/page/);
    }
  });
});

describe(`unpublish and re-publish (${engineName})`, () => {
  it('takes a published game off every public list, search, its page and its writes, and brings it back as it was', async () => {
    const id = ids['star-blaster']!;
    await call(t.app, 'POST', `/api/games/${id}/play`, { token: player });
    // Warm the cache: the answers below were served before the unpublish.
    expect((await call(t.app, 'GET', '/api/games/star-blaster')).status).toBe(200);
    expect(await homeSlugs()).toContain('star-blaster');
    expect(await publicSlugs('/api/games?search=star')).toContain('star-blaster');
    expect(await publicSlugs('/api/games?sort=newest&limit=24')).toContain('star-blaster');
    expect((await call(t.app, 'POST', `/api/games/${id}/favorite`, { token: player })).status).toBe(200);
    const before = (await adminGames('?search=star-blaster')).body.games[0]!;

    const unpublished = await asAdmin<{ id: number; slug: string; status: string }>('POST', `/api/admin/games/${id}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body).toEqual({ id, slug: 'star-blaster', status: 'UNPUBLISHED' });
    expect(await lastAudit()).toMatchObject({ action: 'GAME_UNPUBLISHED', targetType: 'game', targetId: id, details: { slug: 'star-blaster' } });

    expect((await call(t.app, 'GET', '/api/games/star-blaster')).status).toBe(404);
    expect((await call(t.app, 'GET', '/trpc/games.bySlug?input=' + encodeURIComponent(JSON.stringify({ slug: 'star-blaster' })))).status).toBe(404);
    expect(await homeSlugs()).not.toContain('star-blaster');
    expect(await publicSlugs('/api/games?search=star')).not.toContain('star-blaster');
    expect(await publicSlugs('/api/games?sort=newest&limit=24')).not.toContain('star-blaster');
    expect(await publicSlugs('/api/games?sort=trending&limit=24')).not.toContain('star-blaster');
    expect((await call<Slugged[]>(t.app, 'GET', '/api/favorites', { token: player })).body.map((game) => game.slug)).not.toContain('star-blaster');
    expect((await call(t.app, 'POST', `/api/games/${id}/play`)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/games/${id}/rate`, { token: player, body: { score: 5 } })).status).toBe(404);
    expect((await asAdmin<GamesPage>('GET', '/api/admin/games?status=UNPUBLISHED')).body.games.map((game) => game.id)).toEqual([id]);
    expect((await asAdmin<{ totalGames: number }>('GET', '/api/admin/stats')).body.totalGames).toBe(3);

    // Twice is a conflict; a missing game is 404; a bad id is 400.
    expect((await asAdmin('POST', `/api/admin/games/${id}/unpublish`)).status).toBe(409);
    expect((await asAdmin('POST', '/api/admin/games/999999/unpublish')).status).toBe(404);
    expect((await asAdmin('POST', '/api/admin/games/abc/unpublish')).status).toBe(400);

    const republished = await asAdmin<{ status: string }>('POST', `/api/admin/games/${id}/republish`);
    expect(republished.status).toBe(200);
    expect(republished.body.status).toBe('APPROVED');
    expect(await lastAudit()).toMatchObject({ action: 'GAME_REPUBLISHED', targetId: id });
    expect((await call(t.app, 'GET', '/api/games/star-blaster')).status).toBe(200);
    expect(await homeSlugs()).toContain('star-blaster');
    expect(await publicSlugs('/api/games?search=star')).toContain('star-blaster');
    expect((await call<Slugged[]>(t.app, 'GET', '/api/favorites', { token: player })).body.map((game) => game.slug)).toContain('star-blaster');
    // Its plays and counters came back untouched.
    expect((await adminGames('?search=star-blaster')).body.games[0]).toEqual(before);
    expect((await asAdmin('POST', `/api/admin/games/${id}/republish`)).status).toBe(409);
  });

  it('only unpublishes a published game, and frees its source URL while it is off', async () => {
    const pending = await submitGame(player, 'Not Yet Live');
    const refused = await asAdmin<{ message: string }>('POST', `/api/admin/games/${pending.id}/unpublish`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only a published game can be unpublished; this one is pending');

    const id = ids['paddle-duel']!;
    expect((await asAdmin('POST', `/api/admin/games/${id}/unpublish`)).status).toBe(200);
    // Another game takes the freed source URL; putting the old one back would make two live games with it.
    await sql(`update games set src_url = (select src_url from games where id = ?) where id = ?`, [id, pending.id]);
    const clash = await asAdmin<{ message: string }>('POST', `/api/admin/games/${id}/republish`);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/source URL/);
    // Approving is for games under review: it does not bring an unpublished one back around that check.
    const approve = await asAdmin<{ message: string }>('POST', `/api/admin/games/${id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.body.message).toMatch(/re-publish it/);
    expect((await adminGames('?search=paddle-duel')).body.games[0]!.status).toBe('UNPUBLISHED');
    expect((await asAdmin('POST', `/api/admin/games/${pending.id}/reject`)).status).toBe(200);
    expect((await asAdmin('POST', `/api/admin/games/${id}/republish`)).status).toBe(200);
  });
});

async function gameReport(gameId: number): Promise<number> {
  const response = await call<{ id: number }>(t.app, 'POST', `/api/games/${gameId}/report`, { token: player, body: { reason: 'malware' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

describe(`resolving a report can unpublish the game (${engineName})`, () => {
  it('resolves and unpublishes in one step, audited both ways', async () => {
    const id = ids['balloon-pop']!;
    const reportId = await gameReport(id);
    const resolved = await asAdmin<{ status: string; gameId: number }>('POST', `/api/admin/reports/${reportId}/resolve`, { unpublish: true });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'RESOLVED', gameId: id });
    expect((await call(t.app, 'GET', '/api/games/balloon-pop')).status).toBe(404);
    const [report, unpublish] = (await asAdmin<AuditEntry[]>('GET', '/api/admin/audit-log?limit=2')).body;
    expect(report).toMatchObject({ action: 'REPORT_RESOLVED', targetId: reportId, details: { unpublishedGameId: id } });
    expect(unpublish).toMatchObject({ action: 'GAME_UNPUBLISHED', targetId: id, details: { reportId } });

    // A second report on the game (already off) resolves with the same request.
    const second = await gameReport(ids['cafe-racer']!);
    await sql(`update reports set game_id = ? where id = ?`, [id, second]);
    expect((await asAdmin('POST', `/api/admin/reports/${second}/resolve`, { unpublish: true })).status).toBe(200);
    expect((await asAdmin('POST', `/api/admin/games/${id}/republish`)).status).toBe(200);
  });

  it('still resolves without a body, and refuses to unpublish what it cannot, changing nothing', async () => {
    const bodiless = await gameReport(ids['cafe-racer']!);
    const plain = await call<{ status: string }>(t.app, 'POST', `/api/admin/reports/${bodiless}/resolve`, { token: admin });
    expect(plain.status).toBe(200);
    expect(plain.body.status).toBe('RESOLVED');
    expect((await call(t.app, 'GET', '/api/games/cafe-racer')).status).toBe(200);

    const general = await call<{ id: number }>(t.app, 'POST', '/api/reports', {
      body: { gameUrl: 'https://elsewhere.example.com/', reportType: 'malware', description: 'Bad site' },
    });
    const noGame = await asAdmin<{ message: string }>('POST', `/api/admin/reports/${general.body.id}/resolve`, { unpublish: true });
    expect(noGame.status).toBe(400);
    expect(noGame.body.message).toMatch(/^unpublish/);

    const pending = await submitGame(player, 'Reported While Pending');
    const onPending = await gameReport(ids['cafe-racer']!);
    await sql(`update reports set game_id = ? where id = ?`, [pending.id, onPending]);
    expect((await asAdmin('POST', `/api/admin/reports/${onPending}/resolve`, { unpublish: true })).status).toBe(409);
    const open = await asAdmin<{ id: number }[]>('GET', '/api/admin/reports?status=OPEN');
    expect(open.body.map((report) => report.id)).toContain(onPending);

    expect((await asAdmin('POST', `/api/admin/reports/${onPending}/resolve`, { unpublish: 'yes' })).status).toBe(400);
  });
});

describe(`users: list, block, unblock, promote (${engineName})`, () => {
  it('lists accounts newest first and searches e-mail or display name', async () => {
    await signIn(t.app, 'grace.hopper@example.com');
    const all = await adminUsers();
    expect(all.status).toBe(200);
    expect(all.body.users[0]).toMatchObject({ email: 'grace.hopper@example.com', name: 'Grace Hopper', role: 'USER', blockedAt: null });
    expect(all.body.total).toBe(all.body.users.length);
    expect((await adminUsers('?search=HOPPER')).body.users.map((user) => user.email)).toEqual(['grace.hopper@example.com']);
    expect((await adminUsers('?search=Grace%20H')).body.users.map((user) => user.email)).toEqual(['grace.hopper@example.com']);
    expect((await adminUsers('?search=nobody-like-this')).body).toEqual({ users: [], page: 1, hasMore: false, total: 0 });
    expect((await adminUsers('?page=-1')).status).toBe(400);
  });

  it('leaves out a deleted account: the anonymous row keeping its ratings and scores is nobody to manage', async () => {
    const leaving = await signIn(t.app, 'leaving.soon@example.com');
    const before = (await adminUsers()).body;
    expect(before.users.map((user) => user.email)).toContain('leaving.soon@example.com');
    expect((await call(t.app, 'DELETE', '/api/me', { token: leaving, body: { email: 'leaving.soon@example.com' } })).status).toBeLessThan(300);
    const after = (await adminUsers()).body;
    expect(after.total).toBe(before.total - 1);
    expect(after.users.map((user) => user.email)).not.toContain('leaving.soon@example.com');
    expect(after.users.filter((user) => user.name === 'Deleted player')).toEqual([]);
  });

  it('blocking ends the sessions, refuses sign-in with a clear 403, and unblocking lets the account back in', async () => {
    const token = await signIn(t.app, 'mallory@example.com');
    const second = await signIn(t.app, 'mallory@example.com');
    const id = (await adminUsers('?search=mallory')).body.users[0]!.id;

    const blocked = await asAdmin<AdminUser>('POST', `/api/admin/users/${id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body.blockedAt).not.toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'USER_BLOCKED', targetType: 'user', targetId: id, details: { email: 'mallory@example.com', sessionsEnded: 2 } });
    for (const session of [token, second]) {
      expect((await call(t.app, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
      expect((await call(t.app, 'POST', `/api/games/${ids['cafe-racer']}/favorite`, { token: session })).status).toBe(401);
    }
    const signInAgain = await call<{ message: string }>(t.app, 'POST', '/api/auth/login', { body: { email: 'mallory@example.com' } });
    expect(signInAgain.status).toBe(403);
    expect(signInAgain.body.message).toMatch(/blocked/);
    expect((await sql(`select count(*)::int as n from auth_sessions s join users u on u.id = s.user_id where u.email = 'mallory@example.com'`))[0]!.n).toBe(0);
    expect((await asAdmin('POST', `/api/admin/users/${id}/block`)).status).toBe(409);
    expect((await asAdmin<{ activeUsers: number }>('GET', '/api/admin/stats')).body.activeUsers).toBeGreaterThan(0);

    const unblocked = await asAdmin<AdminUser>('POST', `/api/admin/users/${id}/unblock`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.blockedAt).toBeNull();
    expect(await lastAudit()).toMatchObject({ action: 'USER_UNBLOCKED', targetId: id });
    expect((await asAdmin('POST', `/api/admin/users/${id}/unblock`)).status).toBe(409);
    const back = await signIn(t.app, 'mallory@example.com');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: back })).status).toBe(200);
  });

  it('a session that outlived the block gets 403 on every write, on /api and /trpc', async () => {
    const token = await signIn(t.app, 'raced@example.com');
    // As if the session had opened in the instant the block committed.
    await sql(`update users set blocked_at = now() where email = 'raced@example.com'`);
    const rest = await call<{ message: string }>(t.app, 'POST', `/api/games/${ids['cafe-racer']}/favorite`, { token });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/blocked/);
    const trpc = await call(t.app, 'POST', '/trpc/favorites.add', { token, body: { id: ids['cafe-racer'] } });
    expect(trpc.status).toBe(403);
    expect((await call(t.app, 'POST', '/api/dev/games', { token, body: {} })).status).toBe(403);
  });

  it('refuses to block yourself or another admin, and promotes a user once', async () => {
    const me = (await adminUsers(`?search=${ADMIN_EMAIL}`)).body.users[0]!;
    const self = await asAdmin<{ message: string }>('POST', `/api/admin/users/${me.id}/block`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot block your own account');

    const grace = (await adminUsers('?search=grace.hopper')).body.users[0]!;
    const promoted = await asAdmin<AdminUser>('POST', `/api/admin/users/${grace.id}/promote`);
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('ADMIN');
    expect(await lastAudit()).toMatchObject({ action: 'USER_PROMOTED', targetId: grace.id, details: { email: 'grace.hopper@example.com' } });
    expect((await asAdmin('POST', `/api/admin/users/${grace.id}/promote`)).status).toBe(409);
    const otherAdmin = await asAdmin<{ message: string }>('POST', `/api/admin/users/${grace.id}/block`);
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body.message).toBe('Administrators cannot be blocked');
    expect((await asAdmin('POST', '/api/admin/users/999999/block')).status).toBe(404);
    expect((await asAdmin('POST', '/api/admin/users/999999/promote')).status).toBe(404);
  });
});

describe(`GET /api/admin/stats (${engineName})`, () => {
  it('counts published games and accounts not blocked that signed in within 30 days', async () => {
    const before = await asAdmin<{ totalGames: number; activeUsers: number }>('GET', '/api/admin/stats');
    expect(before.status).toBe(200);
    const [expected] = await sql(
      `select (select count(*) from games where status = 'APPROVED')::int as games,
              (select count(*) from users where blocked_at is null and last_sign_in_at > now() - interval '30 days')::int as users`,
    );
    expect(before.body).toEqual({ totalGames: expected!.games, activeUsers: expected!.users });

    await signIn(t.app, 'lapsed@example.com');
    expect((await asAdmin<{ activeUsers: number }>('GET', '/api/admin/stats')).body.activeUsers).toBe(before.body.activeUsers + 1);
    await sql(`update users set last_sign_in_at = now() - interval '31 days' where email = 'lapsed@example.com'`);
    expect((await asAdmin<{ activeUsers: number }>('GET', '/api/admin/stats')).body.activeUsers).toBe(before.body.activeUsers);
  });

  it('documents every admin tools path in the OpenAPI document', async () => {
    const doc = await call<{ paths: Record<string, Record<string, unknown>> }>(t.app, 'GET', '/api/openapi.json');
    expect(doc.body.paths['/admin/games']?.get).toBeDefined();
    expect(doc.body.paths['/admin/users']?.get).toBeDefined();
    expect(doc.body.paths['/admin/stats']?.get).toBeDefined();
    for (const action of ['unpublish', 'republish']) expect(doc.body.paths[`/admin/games/{id}/${action}`]?.post).toBeDefined();
    for (const action of ['block', 'unblock', 'promote']) expect(doc.body.paths[`/admin/users/{id}/${action}`]?.post).toBeDefined();
  });
});
