import { defineEntity, p } from '@mikro-orm/core';

/**
 * How far a derived statistic has been brought forward, shared by every server
 * instance: `trending-window` is the last UTC day whose 7-day window
 * games.trending_plays reflects (see server/domains/games/stats.ts).
 */
export const StatsWatermarkSchema = defineEntity({
  name: 'StatsWatermark',
  tableName: 'stats_watermarks',
  properties: {
    name: p.string().length(40).primary(),
    day: p.date(),
  },
});

export class StatsWatermark extends StatsWatermarkSchema.class {}
StatsWatermarkSchema.setClass(StatsWatermark);
