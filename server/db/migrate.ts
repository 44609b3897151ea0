import type { MikroORM } from '@mikro-orm/postgresql';

/** Applies every pending migration in migrations/, all or nothing. Returns their names. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}
