import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from '../shared/constants';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary(),
    email: p.string().length(254).unique(),
    name: p.string().length(80),
    role: p.enum(ROLES).default('USER'),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSignInAt: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
