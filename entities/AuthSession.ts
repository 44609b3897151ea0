import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { User } from './User';

/** A sign-in token. Only its SHA-256 hash is stored; the token itself is shown once, at sign-in. */
export const AuthSessionSchema = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  extends: BaseSchema,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    lastUsedAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});

export class AuthSession extends AuthSessionSchema.class {}
AuthSessionSchema.setClass(AuthSession);
