import { defineEntity, p } from '@mikro-orm/core';
import { User } from './User';

/**
 * A parent's Kids Zone settings (issue #26): the PIN every paired device asks for (scrypt, never
 * the PIN itself), its wrong tries and the wait they earned, and the time zone days and bedtimes
 * are counted in.
 */
export const KidParentSchema = defineEntity({
  name: 'KidParent',
  tableName: 'kid_parents',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    timeZone: p.string().length(64).default('UTC'),
    pinHash: p.string().length(200).nullable(),
    pinFailures: p.integer().default(0),
    pinBlockedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class KidParent extends KidParentSchema.class {}
KidParentSchema.setClass(KidParent);
