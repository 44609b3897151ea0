import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

/** One play of a game; trending counts these over the last 7 days. */
export const PlayEventSchema = defineEntity({
  name: 'PlayEvent',
  tableName: 'play_events',
  properties: {
    id: p.integer().primary(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['game', 'createdAt'] }, { properties: ['createdAt'] }],
});

export class PlayEvent extends PlayEventSchema.class {}
PlayEventSchema.setClass(PlayEvent);
