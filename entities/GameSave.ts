import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

/**
 * A player's cloud save of one game (issue #14): the JSON object the game handed to the SDK's
 * `save`, kept as the text it arrived as (so it comes back byte for byte, and a string holding
 * \u0000, which jsonb refuses, is still stored). `version` counts the writes: a write must name
 * the version it replaces (last write wins, but never blindly over one it has not seen).
 */
export const GameSaveSchema = defineEntity({
  name: 'GameSave',
  tableName: 'game_saves',
  extends: BaseSchema,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade'),
    game: () => p.manyToOne(Game).deleteRule('cascade').index(),
    data: p.text(),
    version: p.integer(),
    updatedAt: p.datetime(),
  },
  uniques: [{ properties: ['user', 'game'] }],
});

export class GameSave extends GameSaveSchema.class {}
GameSaveSchema.setClass(GameSave);
