import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../../entities';
import { importSavesInput } from '../../../shared/schemas';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { NotFound } from '../errors';
import { exportSaves, getSave, importSaves, listSaves, putSave, savesFileName } from './service';

let t: DomainTest;
let starBlaster: number;
let cafeRacer: number;

beforeAll(async () => {
  t = await openDomainTest();
  const em = t.db.orm.em.fork();
  starBlaster = (await em.findOneOrFail(Game, { slug: 'star-blaster' })).id;
  cafeRacer = (await em.findOneOrFail(Game, { slug: 'cafe-racer' })).id;
});
afterAll(() => t.close());

describe(`saves service, called without any transport (${engineName})`, () => {
  it('writes a first save at version 1 and counts each write after it', async () => {
    const ada = await t.signedIn('ada@example.com');
    expect(await getSave(ada, starBlaster)).toBeNull();
    const first = await putSave(ada, starBlaster, { best: 10 }, 0);
    expect(first).toMatchObject({ status: 'saved', save: { gameId: starBlaster, data: { best: 10 }, version: 1 } });
    const second = await putSave(await t.signedIn('ada@example.com'), starBlaster, { best: 20 }, 1);
    expect(second).toMatchObject({ status: 'saved', save: { data: { best: 20 }, version: 2 } });
    expect(await getSave(await t.signedIn('ada@example.com'), starBlaster)).toEqual(second.save);
  });

  it('answers a conflict with the current save to a write naming another version, and changes nothing', async () => {
    const bob = await t.signedIn('bob@example.com');
    await putSave(bob, starBlaster, { coins: 5 }, 0);
    const stale = await putSave(await t.signedIn('bob@example.com'), starBlaster, { coins: 1 }, 0);
    expect(stale).toMatchObject({ status: 'conflict', save: { data: { coins: 5 }, version: 1 } });
    expect(stale.status === 'conflict' && stale.message).toBe('version: this save was changed elsewhere and is now at version 1; load it, then save naming that version');
    expect((await getSave(await t.signedIn('bob@example.com'), starBlaster))?.data).toEqual({ coins: 5 });
  });

  it('refuses games that are not published', async () => {
    const carol = await t.signedIn('carol@example.com');
    await expect(getSave(carol, 987_654)).rejects.toBeInstanceOf(NotFound);
    await expect(putSave(carol, 987_654, {}, 0)).rejects.toBeInstanceOf(NotFound);
  });

  it('lists every save of the caller (for the account data export) and exports them as one file', async () => {
    const dana = await t.signedIn('dana@example.com');
    expect(await listSaves(dana)).toEqual([]);
    await putSave(dana, starBlaster, { best: 1 }, 0);
    await putSave(await t.signedIn('dana@example.com'), cafeRacer, { lap: 2 }, 0);
    const saves = await listSaves(await t.signedIn('dana@example.com'));
    expect(saves.map((save) => [save.game.slug, save.data])).toEqual([
      ['cafe-racer', { lap: 2 }],
      ['star-blaster', { best: 1 }],
    ]);
    const file = await exportSaves(await t.signedIn('dana@example.com'));
    expect(file).toMatchObject({ format: 'playfree-saves', saves });
    expect(savesFileName(file)).toMatch(/^playfree-saves-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it('imports a file into another account; a save written later than the imported one is kept', async () => {
    const erin = await t.signedIn('erin@example.com');
    await putSave(erin, starBlaster, { best: 99 }, 0);
    const old = new Date(Date.now() - 60_000).toISOString();
    const file = importSavesInput.parse({
      format: 'playfree-saves',
      saves: [
        { game: { slug: 'star-blaster' }, data: { best: 5 }, updatedAt: old },
        { game: { slug: 'cafe-racer' }, data: { lap: 7 }, updatedAt: old },
        { game: { slug: 'gone-game' }, data: {}, updatedAt: old },
      ],
    });
    expect(await importSaves(await t.signedIn('erin@example.com'), file)).toEqual({
      imported: 1,
      skipped: [
        { slug: 'star-blaster', reason: 'newer-save-kept' },
        { slug: 'gone-game', reason: 'unknown-game' },
      ],
    });
    const after = await listSaves(await t.signedIn('erin@example.com'));
    expect(after.find((save) => save.game.slug === 'cafe-racer')).toMatchObject({ data: { lap: 7 }, version: 1, updatedAt: old });
    expect(after.find((save) => save.game.slug === 'star-blaster')).toMatchObject({ data: { best: 99 }, version: 1 });
  });

  it('imports in one transaction: when a write fails, none of the file is kept', async () => {
    const frank = await t.signedIn('frank@example.com');
    const now = new Date().toISOString();
    const file = importSavesInput.parse({
      format: 'playfree-saves',
      saves: [
        { game: { slug: 'star-blaster' }, data: { best: 3 }, updatedAt: now },
        { game: { slug: 'cafe-racer' }, data: { lap: 1 }, updatedAt: now },
      ],
    });
    // The second write fails (as a full disk or a lost connection would make it).
    const em = frank.em;
    let writes = 0;
    const original = em.transactional.bind(em);
    em.transactional = ((work: (em: typeof frank.em) => Promise<unknown>) =>
      original(async (tx) => {
        const kysely = tx.getKysely();
        const insertInto = kysely.insertInto.bind(kysely);
        (kysely as unknown as { insertInto: unknown }).insertInto = (table: never) => {
          if (++writes === 2) throw new Error('disk full');
          return insertInto(table);
        };
        return work(tx);
      })) as typeof em.transactional;
    await expect(importSaves(frank, file)).rejects.toThrow('disk full');
    expect(await listSaves(await t.signedIn('frank@example.com'))).toEqual([]);
  });
});
