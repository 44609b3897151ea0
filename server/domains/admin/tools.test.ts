import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { BLOCKED_MESSAGE, signIn } from '../auth/service';
import { findSessionUser } from '../auth/sessions';
import { Conflict, Forbidden, NotFound } from '../errors';
import { getGameBySlug, listGames } from '../games/service';
import { authorize } from '../operation';
import { listAllGames, republishGame, unpublishGame } from './catalog';
import { getAdminStats, listAuditLog } from './service';
import { blockUser, listUsers, promoteToAdmin, unblockUser } from './users';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

const list = { sort: 'popular' as const, limit: 24, offset: 0 };

describe(`admin tools, called without any transport (${engineName})`, () => {
  it('unpublishing hides a game from the catalog reads at once (cache included); re-publishing restores it', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    const visitor = t.context();
    const game = await getGameBySlug(visitor, 'cafe-racer');
    expect((await listGames(visitor, list)).map((g) => g.slug)).toContain('cafe-racer');
    const published = (await getAdminStats(admin)).totalGames;

    expect(await unpublishGame(admin, game.id)).toEqual({ id: game.id, slug: 'cafe-racer', status: 'UNPUBLISHED' });
    await expect(getGameBySlug(t.context(), 'cafe-racer')).rejects.toBeInstanceOf(NotFound);
    expect((await listGames(t.context(), list)).map((g) => g.slug)).not.toContain('cafe-racer');
    expect((await getAdminStats(admin)).totalGames).toBe(published - 1);
    expect((await listAllGames(admin, { status: 'UNPUBLISHED', page: 1 })).games.map((g) => g.slug)).toEqual(['cafe-racer']);
    await expect(unpublishGame(admin, game.id)).rejects.toBeInstanceOf(Conflict);

    expect((await republishGame(admin, game.id)).status).toBe('APPROVED');
    expect(await getGameBySlug(t.context(), 'cafe-racer')).toEqual(game);
    await expect(republishGame(admin, game.id)).rejects.toBeInstanceOf(Conflict);
    const actions = (await listAuditLog(admin, 2)).map((entry) => entry.action);
    expect(actions).toEqual(['GAME_REPUBLISHED', 'GAME_UNPUBLISHED']);
  });

  it('blocking deletes the sessions and refuses sign-in; a session that raced the block is Forbidden', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    const { token, user } = await signIn(t.db.orm.em.fork(), 'eve@example.com', t.env.ADMIN_EMAILS);
    expect((await blockUser(admin, user.id)).blockedAt).not.toBeNull();
    expect(await findSessionUser(t.db.orm.em.fork(), token)).toBeNull();
    await expect(signIn(t.db.orm.em.fork(), 'eve@example.com', t.env.ADMIN_EMAILS)).rejects.toThrow(new Forbidden(BLOCKED_MESSAGE));
    await expect(blockUser(admin, user.id)).rejects.toBeInstanceOf(Conflict);

    await unblockUser(admin, user.id);
    const again = await signIn(t.db.orm.em.fork(), 'eve@example.com', t.env.ADMIN_EMAILS);
    await t.db.orm.em.fork().getConnection().execute(`update users set blocked_at = now() where id = ?`, [user.id]);
    await expect(authorize(t.context({ token: again.token }), 'user')).rejects.toThrow(new Forbidden(BLOCKED_MESSAGE));
    await expect(authorize(t.context({ token: again.token }), 'public')).resolves.toBeDefined();
  });

  it('never blocks an admin (yourself included), and promotes only an unblocked user', async () => {
    const admin = await t.signedIn(ADMIN_EMAIL);
    await expect(blockUser(admin, admin.user.id)).rejects.toThrow(new Forbidden('You cannot block your own account'));
    const { user } = await signIn(t.db.orm.em.fork(), 'frank@example.com', t.env.ADMIN_EMAILS);
    await blockUser(admin, user.id);
    await expect(promoteToAdmin(admin, user.id)).rejects.toThrow(new Conflict('Unblock the user before promoting them'));
    await unblockUser(admin, user.id);
    expect((await promoteToAdmin(admin, user.id)).role).toBe('ADMIN');
    await expect(blockUser(admin, user.id)).rejects.toThrow(new Forbidden('Administrators cannot be blocked'));
    await expect(unblockUser(admin, 999_999)).rejects.toBeInstanceOf(NotFound);
    expect((await listUsers(admin, { search: 'FRANK', page: 1 })).users.map((u) => u.role)).toEqual(['ADMIN']);
  });
});
