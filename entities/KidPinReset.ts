import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { User } from './User';

/** A code mailed to a parent to reset a forgotten Kids Zone PIN: salted hash, 10 minutes, single use, 5 wrong tries. */
export const KidPinResetSchema = defineEntity({
  name: 'KidPinReset',
  tableName: 'kid_pin_resets',
  extends: BaseSchema,
  properties: {
    parent: () => p.manyToOne(User).deleteRule('cascade'),
    codeSalt: p.string().length(32),
    codeHash: p.string().length(64),
    failedAttempts: p.integer().default(0),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['parent', 'createdAt'] }],
});

export class KidPinReset extends KidPinResetSchema.class {}
KidPinResetSchema.setClass(KidPinReset);
