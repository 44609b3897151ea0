import { defineEntity, p } from '@mikro-orm/core';
import { KidProfile } from './KidProfile';

/**
 * A child's device paired to a profile: it holds a random token in an httpOnly cookie, stored
 * here as its SHA-256. `releasedUntil` is set while a parent's PIN has let it out of the zone.
 */
export const KidDeviceSchema = defineEntity({
  name: 'KidDevice',
  tableName: 'kid_devices',
  properties: {
    id: p.integer().primary().autoincrement(),
    profile: () => p.manyToOne(KidProfile).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    label: p.string().length(80),
    pairedAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    releasedUntil: p.datetime().nullable(),
  },
});

export class KidDevice extends KidDeviceSchema.class {}
KidDeviceSchema.setClass(KidDevice);
