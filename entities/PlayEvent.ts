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
    /** Who played (server/domains/visitors/identity.ts): unique players, and linking a visitor's plays at sign-in. */
    visitorKey: p.string().length(64).nullable(),
    /** Where the play came from (ISO 3166-1 alpha-2), from the CDN's country header or the browser's language region; null: unknown. */
    country: p.string().length(2).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['game', 'createdAt'] }, { properties: ['createdAt'] }, { properties: ['visitorKey'] }],
});

export class PlayEvent extends PlayEventSchema.class {}
PlayEventSchema.setClass(PlayEvent);
