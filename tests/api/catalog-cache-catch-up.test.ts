/**
 * A write on this server drops the catalog cache's answers once, not twice: the answers loaded
 * after it are current, and the search index taking that write in leaves them alone. A write by
 * another server (SQL straight into the database, as another instance or an import writes it)
 * still drops them once the index has taken it in, and so does one that commits after this
 * server's drop, even when the same catch-up takes in this server's write too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const NEWEST = '/api/games?sort=newest&limit=4';

describe(`catalog answers across the search index's catch-up (${engineName})`, () => {
  let t: TestApp;
  let admin: string;
  let developer: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, ADMIN_EMAIL);
    developer = await signIn(t.app, 'catch-up.dev@example.com');
  });
  afterAll(() => t?.close());

  /** A published game written in one SQL statement, as another server would. */
  const writeElsewhere = (slug: string) =>
    t.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into games (slug, title, description, status, published_at, search_text, search_title, created_at, updated_at)
         values (?, ?, 'Written elsewhere', 'APPROVED', now(), ?, ?, now(), now())`,
        [slug, slug, slug.replace(/-/g, ' '), slug.replace(/-/g, ' ')],
      );

  const newestSlugs = async () => (await call<{ slug: string }[]>(t.app, 'GET', NEWEST)).body.map((game) => game.slug);

  /**
   * The newest list read and kept, then the index's catch-up run now (as its check every second
   * runs it), with the clock standing still so that no answer goes stale meanwhile: whether the
   * answer kept before the catch-up is still the one served after it.
   */
  async function keptAcrossCatchUp(between: () => Promise<unknown> = async () => {}): Promise<{ kept: boolean; slugs: string[] }> {
    const cache = t.services.catalogCache;
    const em = t.db.orm.em.fork();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await newestSlugs();
      const answer = cache.answerFor(NEWEST);
      expect(answer).toBeDefined();
      await between();
      await (cache.searchIndex as unknown as { update(em: EntityManager): Promise<unknown> }).update(em);
      expect(await cache.searchIndex.secondsBehind(em)).toBe(0);
      return { kept: cache.answerFor(NEWEST) === answer, slugs: await newestSlugs() };
    } finally {
      vi.useRealTimers();
    }
  }

  it('an answer loaded after an approval on this server survives the catch-up that takes the approval in', async () => {
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    const approved = await publishGame(t.app, developer, admin, 'Kept Across');
    const { kept, slugs } = await keptAcrossCatchUp();
    expect(slugs[0]).toBe(approved.slug);
    expect(kept).toBe(true);
  });

  it("another server's write committed before this server's approval is covered by the approval's drop", async () => {
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    await writeElsewhere('written-before-approval');
    const approved = await publishGame(t.app, developer, admin, 'Approved After');
    const { kept, slugs } = await keptAcrossCatchUp();
    expect(slugs.slice(0, 2).sort()).toEqual([approved.slug, 'written-before-approval'].sort());
    expect(kept).toBe(true);
  });

  it("another server's write drops the answers once the index has taken it in", async () => {
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    const { kept, slugs } = await keptAcrossCatchUp(() => writeElsewhere('written-elsewhere'));
    expect(kept).toBe(false);
    expect(slugs[0]).toBe('written-elsewhere');
  });

  it("another server's write committed after this server's approval drops the answers, in the same catch-up", async () => {
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    const approved = await publishGame(t.app, developer, admin, 'Approved Before');
    const { kept, slugs } = await keptAcrossCatchUp(() => writeElsewhere('written-after-approval'));
    expect(kept).toBe(false);
    expect(slugs.slice(0, 2).sort()).toEqual([approved.slug, 'written-after-approval'].sort());
  });
});
