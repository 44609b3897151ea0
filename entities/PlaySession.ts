import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * One sitting with a game: it starts when a play is recorded (in the play's own
 * batch, server/domains/games/plays.ts), is extended by the frame bridge's
 * play-time reports (each moves `endedAt` to the report and adds its seconds)
 * and is completed by the SDK's game-over. A report more than
 * SESSION_IDLE_MINUTES after the last one no longer extends it. Rolled up per
 * game and day in game_daily_sessions (server/domains/analytics/).
 */
export const PlaySessionSchema = defineEntity({
  name: 'PlaySession',
  tableName: 'play_sessions',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    /** Who played (server/domains/visitors/identity.ts): unique players and retention. */
    visitorKey: p.string().length(64),
    startedAt: p.datetime(),
    /** The last sign of play: the start, then the latest play-time report. */
    endedAt: p.datetime(),
    /** Seconds of gameplay the bridge measured (paused and hidden time excluded). */
    seconds: p.integer().default(0),
    /** When the game reported the end of a round (SDK gameOver): completion rate. */
    completedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['visitorKey', 'game', 'startedAt'] }, { properties: ['startedAt'] }, { properties: ['game'] }],
});

export class PlaySession extends PlaySessionSchema.class {}
PlaySessionSchema.setClass(PlaySession);
