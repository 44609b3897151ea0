import type { MikroORM } from '@mikro-orm/postgresql';
import { deleteActivityOlderThan } from './queries';

/**
 * How long a visitor's activity with a game is kept: past every window that reads
 * it (plays counting once in 10 minutes, playing now in 5, a score's play session).
 */
export const ACTIVITY_KEPT_MINUTES = 60;

/** Deletes activity nobody reads any more. */
export function pruneVisitorActivity(orm: MikroORM): Promise<number> {
  return deleteActivityOlderThan(orm.em.fork(), ACTIVITY_KEPT_MINUTES);
}
