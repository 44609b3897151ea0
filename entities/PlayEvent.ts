import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

/**
 * One play of a game: the source of truth every play counter is derived from
 * (`npm run db:rebuild-stats`). The id is a bigint: a busy portal writes billions.
 */
export const PlayEventSchema = defineEntity({
  name: 'PlayEvent',
  tableName: 'play_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['game', 'createdAt'] }, { properties: ['createdAt'] }],
});

export class PlayEvent extends PlayEventSchema.class {}
PlayEventSchema.setClass(PlayEvent);
