import { z } from 'zod';
import { apiKeyIdInput, apiKeyOutput, createdApiKeyOutput, noInput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Conflict, NotFound } from '../errors';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

export const apikeysOperations = {
  create: defineOperation({
    method: 'POST',
    path: '/dev/keys',
    access: 'user',
    summary: 'Make an API key for the public API (/api/v1); the key is in this answer only',
    tags: ['developer'],
    input: noInput,
    output: createdApiKeyOutput,
    successStatus: 201,
    rateLimit: { group: 'api-keys', perIp: 30, perAccount: 20, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Conflict],
    run: ({ ctx }) => createApiKey(ctx),
  }),
  list: defineOperation({
    method: 'GET',
    path: '/dev/keys',
    access: 'user',
    summary: 'Your API keys that still work (their prefixes only), the newest first',
    tags: ['developer'],
    input: noInput,
    output: z.array(apiKeyOutput),
    run: ({ ctx }) => listApiKeys(ctx),
  }),
  revoke: defineOperation({
    method: 'DELETE',
    path: '/dev/keys/{id}',
    access: 'user',
    summary: 'Revoke one of your API keys: it authenticates nothing from now on',
    tags: ['developer'],
    input: apiKeyIdInput,
    output: z.void(),
    successStatus: 204,
    errors: [NotFound],
    run: ({ ctx, input }) => revokeApiKey(ctx, input.id),
  }),
};
