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
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
