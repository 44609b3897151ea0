/**
 * Issue 49, point 11: after a large catalog change made elsewhere (one SQL statement, as another
 * server or an import writes it), the first misspelt search once the index has caught up answers
 * from the new vocabulary, as the second one does: nothing kept from before the catch-up answers
 * it, neither a search that was still being answered when it happened (under load there always
 * are some) nor one the database answered while a write of this server had the index stale.
 * Issue 60: nor a snapshot the index began before another connection's write, taking over from the
 * database, which had already found the write's games by their plain word.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { call, createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const NEW_GAMES = 3000;

describe(`typos after a large catalog change (${engineName})`, { timeout: 120_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** `NEW_GAMES` published games titled "<Word> Quest n", written in one SQL statement, as another server would. */
  const writeGamesElsewhere = (word: string) =>
    t.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
         select '${word}-' || i, initcap('${word}') || ' Quest ' || i, 'A quest', 'APPROVED', now(), '${word} quest ' || i || ' a quest', '${word} quest ' || i, now(), now()
           from generate_series(1, ${NEW_GAMES}) i`,
      );

  /** Until the index has taken every write in (it looks every second). */
  async function caughtUp(em: EntityManager): Promise<void> {
    const deadline = Date.now() + 60_000;
    while ((await t.services.catalogCache.searchIndex.secondsBehind(em)) > 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
    expect(await t.services.catalogCache.searchIndex.secondsBehind(em)).toBe(0);
  }

  const search = (text: string) => call<{ title: string }[]>(t.app, 'GET', `/api/games?search=${text}`);

  /** The first and the second search for `typo` find the games of `word`, the same ones. */
  async function firstAnswersAsSecond(typo: string, word: string): Promise<void> {
    const first = await search(typo);
    const second = await search(typo);
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(0);
    expect(first.body.every((game) => game.title.startsWith(`${word[0]!.toUpperCase()}${word.slice(1)} Quest`))).toBe(true);
    expect(first.body).toEqual(second.body);
  }

  it('the very first misspelt search finds the games the new word came with', async () => {
    // The index is built and looking for other servers' writes, as on a portal that serves searches.
    const em = t.db.orm.em.fork();
    await t.services.catalogCache.searchIndex.ready(em);
    expect((await search('zorblat')).body).toEqual([]);
    // The typo was asked before: nothing then.
    expect((await search('zorbalt')).body).toEqual([]);
    await writeGamesElsewhere('zorblat');
    await caughtUp(em);
    await firstAnswersAsSecond('zorbalt', 'zorblat');
  });

  it('a misspelt search still being answered when the index catches up is not what the next player gets', async () => {
    const em = t.db.orm.em.fork();
    await t.services.catalogCache.searchIndex.ready(em);
    // Asked once before: the next answer is kept (cache.ts, keepWhenAskedAgain).
    expect((await search('vatnrel')).body).toEqual([]);
    // The second ask is held while it reads its games (as a search is under load) until the index
    // has caught up with the write below.
    const gamesById = t.services.catalogCache.gamesById;
    const get = gamesById.get.bind(gamesById);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads = vi.spyOn(gamesById, 'get').mockImplementationOnce(async (ids, read) => {
      await held;
      return get(ids, read);
    });
    const inFlight = search('vatnrel');
    while (reads.mock.calls.length === 0) await new Promise((wait) => setTimeout(wait, 10));
    await writeGamesElsewhere('vantrel');
    await caughtUp(em);
    release();
    // Asked before the catch-up, it may answer as the catalog was.
    expect((await inFlight).status).toBe(200);
    reads.mockRestore();
    await firstAnswersAsSecond('vatnrel', 'vantrel');
  });

  it('the first misspelt search once the index answers again finds what the database already found', async () => {
    const em = t.db.orm.em.fork();
    const index = t.services.catalogCache.searchIndex;
    await index.ready(em);
    // A write on this server: the database answers searches until the index has caught up.
    t.services.catalogCache.invalidate();
    // That catch-up has read the catalog's changes and is still making its snapshot (under load it
    // takes seconds) when another connection's write commits.
    const updating = index as unknown as { nextSnapshot(em: EntityManager): Promise<unknown>; stale: boolean };
    const nextSnapshot = updating.nextSnapshot;
    let readChanges!: () => void;
    const changesRead = new Promise<void>((resolve) => (readChanges = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const making = vi.spyOn(updating, 'nextSnapshot').mockImplementationOnce(async function (this: unknown, ...args: [EntityManager]) {
      const made = await nextSnapshot.apply(this, args);
      readChanges();
      await held;
      return made;
    });
    // A search starts the catch-up.
    await search('quest');
    await changesRead;
    await writeGamesElsewhere('qorvath');
    // The plain word finds the new games: the database answers it.
    const plain = await search('qorvath');
    expect(plain.body.length).toBeGreaterThan(0);
    release();
    while (updating.stale) await new Promise((wait) => setTimeout(wait, 10));
    making.mockRestore();
    // Asked once: the index answering now knows every game the database found a moment before.
    const typo = await search('qrovath');
    expect(typo.body.length).toBeGreaterThan(0);
    expect(typo.body.every((game) => game.title.startsWith('Qorvath Quest'))).toBe(true);
  });

  it('a misspelt search the database answered while this server wrote is dropped when the index catches up', async () => {
    const em = t.db.orm.em.fork();
    const index = t.services.catalogCache.searchIndex;
    await index.ready(em);
    // A write on this server: the index stops answering until it has caught up, and the database
    // answers meanwhile. Its catch-up is held until another server's write has landed, as one
    // under way while that write commits.
    const updating = index as unknown as { update(em: EntityManager): Promise<unknown> };
    const update = updating.update;
    const catchUp = vi.spyOn(updating, 'update');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    catchUp.mockImplementation(async function (this: unknown, ...args: [EntityManager]) {
      await held;
      return update.apply(this, args);
    });
    t.services.catalogCache.invalidate();
    expect((await search('mroquin')).body).toEqual([]);
    // Asked again: this answer is kept (cache.ts, keepWhenAskedAgain).
    expect((await search('mroquin')).body).toEqual([]);
    await writeGamesElsewhere('morquin');
    release();
    await index.ready(em);
    catchUp.mockRestore();
    await caughtUp(em);
    await firstAnswersAsSecond('mroquin', 'morquin');
  });
});
