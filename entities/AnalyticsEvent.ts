import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';

/** A custom gameplay event a developer sent for their game (POST /api/v1/analytics/events), with their own player id. */
export const AnalyticsEventSchema = defineEntity({
  name: 'AnalyticsEvent',
  tableName: 'analytics_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    playerId: p.string().length(128),
    event: p.string().length(64),
    properties: p.json<Record<string, unknown>>(),
    /** When it happened, as the developer sent it (or when it was received). */
    occurredAt: p.datetime(),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['game', 'occurredAt'] }],
});

export class AnalyticsEvent extends AnalyticsEventSchema.class {}
AnalyticsEventSchema.setClass(AnalyticsEvent);
