import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';

/**
 * A short code a child's device shows until a parent enters it (like pairing a TV): its hash, the
 * hash of the device token it will pair, valid 10 minutes, single use.
 */
export const KidPairingCodeSchema = defineEntity({
  name: 'KidPairingCode',
  tableName: 'kid_pairing_codes',
  extends: BaseSchema,
  properties: {
    codeHash: p.string().length(64).index(),
    tokenHash: p.string().length(64),
    label: p.string().length(80),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
  },
});

export class KidPairingCode extends KidPairingCodeSchema.class {}
KidPairingCodeSchema.setClass(KidPairingCode);
