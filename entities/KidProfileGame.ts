import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { KidProfile } from './KidProfile';

/** A game a parent approved for a profile (used when the profile plays approved games only). */
export const KidProfileGameSchema = defineEntity({
  name: 'KidProfileGame',
  tableName: 'kid_profile_games',
  properties: {
    profile: () => p.manyToOne(KidProfile).primary().deleteRule('cascade'),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
  },
  indexes: [{ properties: ['game'] }],
});

export class KidProfileGame extends KidProfileGameSchema.class {}
KidProfileGameSchema.setClass(KidProfileGame);
