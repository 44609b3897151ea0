import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/**
 * What one visitor (a signed-in account, a first-party visitor cookie, or an
 * address and browser; see server/domains/visitors/identity.ts) last did with one
 * game: when a play of theirs was last counted (plays count at most once per
 * visitor and game in PLAY_DEDUP_WINDOW), when they last started it, and when
 * they were last seen playing (plays and play-time heartbeats: "playing now").
 * Rows idle past every window are deleted.
 */
export const VisitorGameActivitySchema = defineEntity({
  name: 'VisitorGameActivity',
  tableName: 'visitor_game_activity',
  properties: {
    visitorKey: p.string().length(64).primary(),
    game: () => p.manyToOne(Game).primary().deleteRule('cascade'),
    countedAt: p.datetime().nullable(),
    lastPlayAt: p.datetime().nullable(),
    seenAt: p.datetime(),
  },
  indexes: [{ properties: ['game', 'seenAt'] }, { properties: ['seenAt'] }],
});

export class VisitorGameActivity extends VisitorGameActivitySchema.class {}
VisitorGameActivitySchema.setClass(VisitorGameActivity);
