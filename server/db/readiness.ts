/** What the readiness probe (GET /api/ready) asks of the database. */
import type { MikroORM } from '@mikro-orm/postgresql';

/** Resolves when the database answers a query; rejects when it cannot be reached. */
export async function pingDatabase(orm: MikroORM): Promise<void> {
  // No table is involved: the smallest statement the server must answer.
  await orm.em.getConnection().execute('select 1');
}

/** How many migrations the database has not applied yet. */
export async function pendingMigrationCount(orm: MikroORM): Promise<number> {
  return (await orm.migrator.getPending()).length;
}
