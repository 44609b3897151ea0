import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { KidDevice } from './KidDevice';
import { KidProfile } from './KidProfile';

/**
 * A play the server started for a profile: time counts only between its heartbeats
 * (`lastBeatAt`, null while the frame is out of sight), until it ends.
 */
export const KidPlaySchema = defineEntity({
  name: 'KidPlay',
  tableName: 'kid_plays',
  properties: {
    id: p.integer().primary().autoincrement(),
    profile: () => p.manyToOne(KidProfile).deleteRule('cascade'),
    device: () => p.manyToOne(KidDevice).nullable().deleteRule('set null'),
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    startedAt: p.datetime().onCreate(() => new Date()),
    lastBeatAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['profile', 'startedAt'] }, { properties: ['device'] }, { properties: ['game'] }],
});

export class KidPlay extends KidPlaySchema.class {}
KidPlaySchema.setClass(KidPlay);
