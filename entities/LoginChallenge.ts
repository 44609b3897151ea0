import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';

/**
 * One e-mail sign-in request: an 8-digit code (stored as a salted hash), valid
 * for 10 minutes, single use, at most 5 wrong tries. A newer request for the
 * same e-mail supersedes it.
 */
export const LoginChallengeSchema = defineEntity({
  name: 'LoginChallenge',
  tableName: 'login_challenges',
  extends: BaseSchema,
  properties: {
    email: p.string().length(254),
    codeSalt: p.string().length(32),
    codeHash: p.string().length(64),
    failedAttempts: p.integer().default(0),
    expiresAt: p.datetime(),
    consumedAt: p.datetime().nullable(),
    requestIp: p.string().length(64).nullable(),
  },
  indexes: [{ properties: ['email', 'createdAt'] }],
});

export class LoginChallenge extends LoginChallengeSchema.class {}
LoginChallengeSchema.setClass(LoginChallenge);
