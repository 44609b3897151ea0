/** API keys for the public API. */
import { z } from 'zod';
import { idParamSchema } from './fields';

export const apiKeyIdInput = z.object({ id: idParamSchema });
export const apiKeyOutput = z.object({ id: z.number(), prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type ApiKeyInfo = z.infer<typeof apiKeyOutput>;
/** The key itself is in this answer only: it is stored hashed. */
export const createdApiKeyOutput = z.object({ id: z.number(), key: z.string(), prefix: z.string(), createdAt: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeyOutput>;
