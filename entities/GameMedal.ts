import { defineEntity, p } from '@mikro-orm/core';
import type { MedalIcon } from '../shared/schemas/medals';
import { BaseSchema } from './base';
import { Game } from './Game';

/** A medal a game declares (issue #25): players unlock it through the SDK by its key. */
export const GameMedalSchema = defineEntity({
  name: 'GameMedal',
  tableName: 'game_medals',
  extends: BaseSchema,
  properties: {
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    /** The id the game's code unlocks it by, unique within the game. */
    key: p.string().length(40),
    name: p.string().length(40),
    description: p.string().length(120),
    /** One of MEDAL_ICONS, checked by the declaration's schema (a new icon needs no migration). */
    icon: p.string().length(20).$type<MedalIcon>(),
    points: p.integer(),
    secret: p.boolean(),
    /** Its place in the game's declaration. */
    position: p.integer(),
  },
  uniques: [{ properties: ['game', 'key'] }],
});

export class GameMedal extends GameMedalSchema.class {}
GameMedalSchema.setClass(GameMedal);
