import { defineEntity, p } from '@mikro-orm/core';
import { KID_AGE_BANDS } from '../shared/kids-family';
import { BaseSchema } from './base';
import { User } from './User';

/**
 * A child's profile under a parent's account: a nickname, an avatar and an age band (no e-mail,
 * nothing that identifies the child), and the limits every paired device follows: daily minutes,
 * a bedtime (minutes after midnight in the parent's time zone; it may wrap past midnight), cartoon
 * violence allowed or not, approved games only, and time a parent added for one day.
 */
export const KidProfileSchema = defineEntity({
  name: 'KidProfile',
  tableName: 'kid_profiles',
  extends: BaseSchema,
  properties: {
    parent: () => p.manyToOne(User).deleteRule('cascade').index(),
    name: p.string().length(40),
    avatar: p.string().length(20),
    ageBand: p.enum(KID_AGE_BANDS),
    dailyMinutes: p.integer().nullable(),
    bedtimeStart: p.smallint().nullable(),
    bedtimeEnd: p.smallint().nullable(),
    allowCartoonViolence: p.boolean().default(false),
    approvedOnly: p.boolean().default(false),
    bonusDay: p.date().nullable(),
    bonusMinutes: p.integer().default(0),
  },
});

export class KidProfile extends KidProfileSchema.class {}
KidProfileSchema.setClass(KidProfile);
