import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './orm';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ pglite: await PGlite.create() });
  await db.orm.em.getConnection().execute('create table counters (id int primary key, n int not null)');
  await db.orm.em.getConnection().execute('insert into counters values (1, 0)');
});
afterAll(() => db.close());

describe('MikroORM on in-process PGlite', () => {
  it('parses values the way node-postgres does for MikroORM', async () => {
    const [row] = await db.orm.em
      .getConnection()
      .execute(`select 1::int8 as big, 1.5::numeric as num, 2::int4 as small, true as flag, '{"a":1}'::json as doc`);
    expect(row).toEqual({ big: '1', num: '1.5', small: 2, flag: true, doc: { a: 1 } });
  });

  it('keeps a transaction to itself while other requests queue for the one connection', async () => {
    const em = db.orm.em.fork();
    let outsideSawUncommitted: number | undefined;
    const inTransaction = em.transactional(async (tx) => {
      await tx.getConnection().execute('update counters set n = 100 where id = 1', [], 'run', tx.getTransactionContext());
      // A query from another request while the transaction is open must wait, not join it.
      const outside = db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: number }[]>('select n from counters where id = 1')
        .then((rows) => {
          outsideSawUncommitted = rows[0]?.n;
        });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(outsideSawUncommitted).toBeUndefined();
      throw Object.assign(new Error('roll back'), { outside });
    });
    const error = (await inTransaction.catch((caught: unknown) => caught)) as { outside: Promise<void> };
    await error.outside;
    expect(outsideSawUncommitted).toBe(0);
  });

  it('runs multi-statement SQL without parameters (as migrations do)', async () => {
    await db.orm.em.getConnection().execute('create table a (x int); create table b (y int);');
    const rows = await db.orm.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from information_schema.tables where table_name in ('a', 'b')`);
    expect(rows[0]?.n).toBe(2);
  });
});
