import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { KidProfile } from './KidProfile';

/** Play time a profile spent on a game on one day of the parent's time zone, summed over its devices. */
export const KidPlayDaySchema = defineEntity({
  name: 'KidPlayDay',
  tableName: 'kid_play_days',
  properties: {
    profile: () => p.manyToOne(KidProfile).primary().deleteRule('cascade'),
    day: p.date().primary(),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    ms: p.bigint('number').default(0),
  },
  indexes: [{ properties: ['game'] }],
});

export class KidPlayDay extends KidPlayDaySchema.class {}
KidPlayDaySchema.setClass(KidPlayDay);
