import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

/**
 * What one account has played of one game, kept for as long as the account: when it last
 * started it (the Recently played row, issue #25) and how many seconds of gameplay the portal
 * measured while it was signed in (shown beside its review). Written by the play batches
 * (games/plays.ts), the play-time reports (scores/service.ts) and the device list a browser hands
 * over at sign-in (recent/service.ts).
 */
export const PlayerGameSchema = defineEntity({
  name: 'PlayerGame',
  tableName: 'player_games',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade').index(),
    lastPlayedAt: p.datetime(),
    playSeconds: p.integer().default(0),
  },
  // The row: an account's games, the latest played first.
  indexes: [{ properties: ['user', 'lastPlayedAt'] }],
});

export class PlayerGame extends PlayerGameSchema.class {}
PlayerGameSchema.setClass(PlayerGame);
