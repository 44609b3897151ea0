/**
 * Issue #58: imported games are never rated KIDS and never in the Kids Zone unless an admin
 * approves them there, one by one (PUT /api/admin/games/{id}/kids-zone); the Kids Zone's lists
 * and a paired child's play honour it.
 */
import { describe, expect, it } from 'vitest';
import { call, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { type FeedServer } from '../support/feed-server';
import { feedsBed } from '../support/feeds-bed';

let t: TestApp;
let feeds: FeedServer;
let admin: string;

feedsBed((bed) => ({ t, feeds, admin } = bed));

type Listed = { id: number; slug: string; ageRating: string; kidsApprovedAt: string | null };
const kidsSlugs = async (query = '') => (await call<{ slug: string }[]>(t.app, 'GET', `/api/kids/games${query}`)).body.map((game) => game.slug);
const setKidsZone = (id: number, body: unknown, token = admin) => call<{ message?: string }>(t.app, 'PUT', `/api/admin/games/${id}/kids-zone`, { token, body });
const imported = async (search: string) => (await call<Listed[]>(t.app, 'GET', `/api/admin/feeds/games?kind=imported&search=${encodeURIComponent(search)}`, { token: admin })).body;

describe(`imported games in the Kids Zone (${engineName})`, () => {
  it('are E13 and out of the Kids Zone until an admin approves each one; a withdrawal or a new address takes them out again', async () => {
    feeds.items.gamemonetize = [
      { id: 'k-1', title: 'Counting Ducks', category: 'Puzzle' },
      { id: 'k-2', title: 'Shape Garden', category: 'Kids' },
    ];
    const created = await call<{ id: number }>(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { url: `${feeds.url}/feeds/gamemonetize`, format: 'gamemonetize', name: 'GM', publish: 'now' } });
    expect((await call(t.app, 'POST', `/api/admin/feeds/${created.body.id}/sync`, { token: admin })).body).toMatchObject({ added: 2 });
    const [ducks] = await imported('counting ducks');
    const [garden] = await imported('shape garden');
    expect(ducks).toMatchObject({ slug: 'counting-ducks', ageRating: 'E13', kidsApprovedAt: null });
    expect(garden).toMatchObject({ ageRating: 'E13', kidsApprovedAt: null });
    expect(await kidsSlugs()).not.toContain('counting-ducks');
    expect(await kidsSlugs()).not.toContain('shape-garden');

    // Only an admin, with a body it can read, on an imported game that exists.
    const player = await signIn(t.app, 'kids-zone-player@example.com');
    expect((await setKidsZone(ducks!.id, { approved: true }, player)).status).toBe(403);
    const bad = await setKidsZone(ducks!.id, { approved: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^approved: /);
    expect((await setKidsZone(ducks!.id, { approved: true, ageRating: 'E13' })).body.message).toMatch(/^ageRating: /);
    expect((await setKidsZone(999_999, { approved: true })).status).toBe(404);
    const own = (await call<{ id: number }>(t.app, 'GET', '/api/games/paddle-duel')).body;
    const ownAnswer = await setKidsZone(own.id, { approved: true });
    expect(ownAnswer.status).toBe(409);
    expect(ownAnswer.body.message).toMatch(/^Only imported games/);

    // Approved: rated KIDS, in the Kids Zone's list, its category and a search; audited.
    expect((await setKidsZone(ducks!.id, { approved: true })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/games/counting-ducks')).body).toMatchObject({ ageRating: 'KIDS' });
    expect(await kidsSlugs()).toContain('counting-ducks');
    expect(await kidsSlugs('?category=puzzle')).toContain('counting-ducks');
    expect(await kidsSlugs('?search=ducks')).toContain('counting-ducks');
    expect(await kidsSlugs()).not.toContain('shape-garden');
    const log = await call<{ action: string; targetId: number; details: unknown }[]>(t.app, 'GET', '/api/admin/audit-log', { token: admin });
    expect(log.body[0]).toMatchObject({ action: 'GAME_KIDS_ZONE_APPROVED', targetId: ducks!.id, details: { ageRating: 'KIDS' } });
    expect((await imported('counting ducks'))[0]!.kidsApprovedAt).not.toBeNull();

    // A kid-safe rating alone does not let an imported game in: the approval does.
    await t.db.orm.em.fork().getConnection().execute(`update games set age_rating = 'KIDS' where id = ?`, [garden!.id]);
    await t.services.catalogCache.invalidateCommitted(t.db.orm.em.fork());
    expect(await kidsSlugs()).not.toContain('shape-garden');

    // Withdrawn: E13 again and out.
    expect((await setKidsZone(ducks!.id, { approved: false })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/games/counting-ducks')).body).toMatchObject({ ageRating: 'E13' });
    expect(await kidsSlugs()).not.toContain('counting-ducks');

    // Approved as 7+ (which, undeclared, counts as cartoon violence: not under the Kids Zone's defaults); a new address from its feed withdraws it.
    expect((await setKidsZone(ducks!.id, { approved: true, ageRating: 'E7' })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/games/counting-ducks')).body).toMatchObject({ ageRating: 'E7' });
    expect(await kidsSlugs()).not.toContain('counting-ducks');
    feeds.items.gamemonetize[0] = { id: 'k-1', title: 'Counting Ducks', category: 'Puzzle', path: '/play/k-1-elsewhere/' };
    expect((await call(t.app, 'POST', `/api/admin/feeds/${created.body.id}/sync`, { token: admin })).body).toMatchObject({ updated: 1 });
    expect((await call(t.app, 'GET', '/api/games/counting-ducks')).body).toMatchObject({ ageRating: 'E13' });
    expect((await imported('counting ducks'))[0]!.kidsApprovedAt).toBeNull();
  });
});
