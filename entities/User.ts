import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { ROLES } from '../shared/constants';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  extends: BaseSchema,
  properties: {
    email: p.string().length(254).unique(),
    name: p.string().length(80),
    role: p.enum(ROLES).default('USER'),
    lastSignInAt: p.datetime().nullable(),
    /** The studio name the developer form last used; the next submission starts from it. */
    studioName: p.string().length(80).nullable(),
    /** Set by an admin: a blocked account cannot sign in, and its sessions were ended when it was blocked. */
    blockedAt: p.datetime().nullable(),
    /** The language the account last signed in from (a portal locale): mails sent later, with no request, are written in it. */
    locale: p.string().length(5).nullable(),
    /**
     * Set only on the anonymous row a deleted account's ratings, scores and plays move to
     * (server/domains/account): it holds no personal data and shows as "Deleted player".
     */
    deletedAt: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
