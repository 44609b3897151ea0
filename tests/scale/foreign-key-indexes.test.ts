/**
 * Every foreign key is served by an index that starts with its column. Deleting or re-keying a
 * parent row checks each table that refers to it: without such an index, that is a sequential scan
 * of the child table per parent row. Deleting 100,000 games (the scale bench) took 98 s, nearly all
 * of it scanning play_sessions once per game. On both engines (the schema is the migrations').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/orm';
import { openTestDatabase } from '../support/database';
import { engineName } from '../support/engine';

describe(`foreign keys (${engineName})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('each has an index whose first columns are the key', async () => {
    const unindexed = await db.orm.em.fork().getConnection().execute<{ key: string }[]>(
      `select c.conrelid::regclass::text || '(' || array_to_string(array(select a.attname from unnest(c.conkey) with ordinality k(num, ord)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.ord), ', ') || ') -> ' || c.confrelid::regclass::text as key
         from pg_constraint c
        where c.contype = 'f'
          and not exists (select 1 from pg_index i
                           where i.indrelid = c.conrelid
                             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey)
        order by 1`,
    );
    expect(unindexed.map((row) => row.key)).toEqual([]);
  });
});
