import { defineEntity, p } from '@mikro-orm/core';

/**
 * A play acknowledged while maintenance held the stats lock (a rebuild, the trending window's
 * move): kept here, durably, and counted once the lock is free (server/domains/games/plays.ts).
 * No foreign keys: writing here must never wait on a lock of the rows maintenance is rewriting;
 * a play of a game that is gone by then is dropped when it is counted.
 */
export const PendingPlaySchema = defineEntity({
  name: 'PendingPlay',
  tableName: 'pending_plays',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    gameId: p.integer(),
    userId: p.integer().nullable(),
    visitorKey: p.string().length(64),
    /** The play's country, or null (PlayEvent.country). */
    country: p.string().length(2).nullable(),
    /** When the play arrived: it is counted as of then. */
    playedAt: p.datetime(),
  },
});

export class PendingPlay extends PendingPlaySchema.class {}
PendingPlaySchema.setClass(PendingPlay);
