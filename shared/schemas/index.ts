/**
 * One zod schema per input, shared by the tRPC procedures, the /api adapter and
 * the React forms; plus the output shapes of spec section 3. One file per domain;
 * import from here (`shared/schemas`). Imports only zod and the constants.
 */
export { emailSchema, idParamSchema, idSchema, isStorableText, noInput, okOutput, secureUrlSchema, slugSchema, splitTags, typeError } from './fields';
export * from './auth';
export * from './games';
export * from './ratings';
export * from './reports';
export * from './developer';
export * from './admin';
export * from './webhooks';
export * from './kids';
export * from './kids-family';
export * from './newsletter';
export * from './messages';
export * from './scores';
export * from './medals';
export * from './apikeys';
export * from './v1';
export * from './saves';
export * from './account';
export * from './builds';
export * from './collections';
export * from './recent';
export * from './review-reports';
export * from './ads';
export * from './revenue';
export * from './feeds';
