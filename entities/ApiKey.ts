import { defineEntity, p } from '@mikro-orm/core';
import { BaseSchema } from './base';
import { User } from './User';

/**
 * A developer's key for the public API (/api/v1). Only its SHA-256 is stored: the key itself is
 * shown once, when it is made; its first characters (`prefix`) tell the owner's keys apart.
 */
export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  extends: BaseSchema,
  properties: {
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    keyHash: p.string().length(64).unique(),
    prefix: p.string().length(16),
    lastUsedAt: p.datetime().nullable(),
    /** A revoked key authenticates nothing and is no longer listed; the row stays for the record. */
    revokedAt: p.datetime().nullable(),
  },
});

export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
