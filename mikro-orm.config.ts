/**
 * MikroORM settings shared by the server, the database CLI and the tests. The
 * connection (embedded PGlite or DATABASE_URL) is added by server/db/orm.ts.
 */
import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import { entities } from './entities';

export const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

export default defineConfig({
  entities,
  extensions: [Migrator],
  // The schema is only ever made by migrations; never synced from the entities.
  migrations: {
    path: migrationsDir,
    pathTs: migrationsDir,
    glob: '!(*.d).ts',
    snapshot: false,
    transactional: true,
    allOrNothing: true,
    silent: true,
  },
  forceUtcTimezone: true,
  debug: false,
  // Entity discovery is explicit (the list above): no folder scanning at start-up.
  discovery: { warnWhenNoEntities: true },
});
