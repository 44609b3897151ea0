import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';

/**
 * A build checker's token (issue #36): it lets a checker claim a build's checks and report their
 * verdicts, and nothing else. Only its SHA-256 is stored; the token is shown once, when an admin
 * makes it. A revoked token authenticates nothing; the row stays for the record.
 */
export const CheckerTokenSchema = defineEntity({
  name: 'CheckerToken',
  tableName: 'checker_tokens',
  extends: BaseSchema,
  properties: {
    /** Which checker it is for, as the admin named it ("checks-2 in Frankfurt"). */
    name: p.string().length(80),
    tokenHash: p.string().length(64).unique(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});

export class CheckerToken extends CheckerTokenSchema.class {}
CheckerTokenSchema.setClass(CheckerToken);
