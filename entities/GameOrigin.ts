import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/** An origin the portal's game frame may load for this game (spec: allowed-origin entry). */
export const GameOriginSchema = defineEntity({
  name: 'GameOrigin',
  tableName: 'game_origins',
  properties: {
    id: p.integer().primary(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    allowedOrigin: p.string().length(2048),
  },
  uniques: [{ properties: ['game', 'allowedOrigin'] }],
});

export class GameOrigin extends GameOriginSchema.class {}
GameOriginSchema.setClass(GameOrigin);
