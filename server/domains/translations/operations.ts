/**
 * Game listings in other languages (issue #59): written by the game's developer in the developer
 * portal and on /api/v1, removed by an admin, read by every player in their language.
 */
import { z } from 'zod';
import { okOutput } from '../../../shared/schemas';
import { listingInput, listingOutput, translationKeyInput, translationOutput, translationPutInput, translationRemovedOutput, translationsOutput } from '../../../shared/schemas/translations';
import { idParamSchema } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount, type RateLimit } from '../operation';
import { NotFound, Validation } from '../errors';
import { deleteTranslation, getListing, getTranslation, listTranslations, putTranslation } from './service';

const gameIdInput = z.object({ id: idParamSchema.meta({ description: 'The id of your game.' }) });
/** Sixteen languages of a few games an hour is far below this; a loop writing them is not. */
const writes = { group: 'translation-write', perIp: 600, perAccount: 300, windowMs: HOUR_MS, account: signedInAccount };
const perKey: RateLimit<never, 'apiKey'> = { group: 'v1-translations', perAccount: 600, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) };

export const translationsOperations = {
  listing: defineOperation({
    method: 'GET',
    path: '/games/{id}/listing',
    access: 'public',
    summary: "A published game's title, description and instructions in `locale`, as its developer translated them; `listing` is null when there is none (show the original)",
    tags: ['catalog'],
    input: listingInput,
    output: listingOutput,
    run: ({ ctx, input }) => getListing(ctx, input),
  }),
  mine: defineOperation({
    method: 'GET',
    path: '/dev/games/{id}/translations',
    access: 'user',
    summary: "Every language one of your games' listing is translated into",
    tags: ['developer'],
    input: gameIdInput,
    output: translationsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => listTranslations(ctx, input.id),
  }),
  put: defineOperation({
    method: 'PUT',
    path: '/dev/games/{id}/translations/{locale}',
    access: 'user',
    summary: "Write one of your games' title, description and instructions in a language (replacing what was there); a published game shows it at once",
    tags: ['developer'],
    input: translationPutInput,
    output: translationOutput,
    rateLimit: writes,
    errors: [Validation, NotFound],
    run: ({ ctx, input }) => putTranslation(ctx, input),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/dev/games/{id}/translations/{locale}',
    access: 'user',
    summary: "Remove one of your games' listing in a language: players of it see the original again",
    tags: ['developer'],
    input: translationKeyInput,
    output: okOutput,
    rateLimit: writes,
    errors: [NotFound],
    run: ({ ctx, input }) => deleteTranslation(ctx, input),
  }),
  adminPut: defineOperation({
    method: 'PUT',
    path: '/admin/games/{id}/translations/{locale}',
    access: 'admin',
    summary: "Write a built-in game's title, description and instructions in a language (the portal's own games; a developer's game is its developer's to translate)",
    tags: ['admin'],
    input: translationPutInput,
    output: translationOutput,
    errors: [Validation, NotFound],
    run: ({ ctx, input }) => putTranslation(ctx, input, { builtIn: true }),
  }),
  adminRemove: defineOperation({
    method: 'DELETE',
    path: '/admin/games/{id}/translations/{locale}',
    access: 'admin',
    summary: "Remove a game's listing in a language (an admin: any game)",
    tags: ['admin'],
    input: translationKeyInput,
    output: okOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => deleteTranslation(ctx, input, { admin: true }),
  }),
};

/** The same on /api/v1, with an API key: the key owner's games only (anyone else's is a 404). */
export const v1TranslationsOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/games/{id}/translations',
    access: 'apiKey',
    summary: "Every language one of your games' listing is translated into",
    tags: ['v1'],
    input: gameIdInput,
    output: translationsOutput,
    rateLimit: perKey,
    errors: [NotFound],
    run: ({ ctx, input }) => listTranslations(ctx, input.id),
  }),
  get: defineOperation({
    method: 'GET',
    path: '/games/{id}/translations/{locale}',
    access: 'apiKey',
    summary: "One of your games' listing in a language (404 when it has none)",
    tags: ['v1'],
    input: translationKeyInput,
    output: translationOutput,
    rateLimit: perKey,
    errors: [NotFound],
    run: ({ ctx, input }) => getTranslation(ctx, input),
  }),
  put: defineOperation({
    method: 'PUT',
    path: '/games/{id}/translations/{locale}',
    access: 'apiKey',
    summary: "Write one of your games' `title`, `description` and optional `instructions` in a language (replacing what was there); a published game shows it to that language's players at once",
    tags: ['v1'],
    input: translationPutInput,
    output: translationOutput,
    rateLimit: perKey,
    errors: [Validation, NotFound],
    run: ({ ctx, input }) => putTranslation(ctx, input),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/games/{id}/translations/{locale}',
    access: 'apiKey',
    summary: "Remove one of your games' listing in a language: its players see the original again",
    tags: ['v1'],
    input: translationKeyInput,
    output: translationRemovedOutput,
    rateLimit: perKey,
    errors: [NotFound],
    run: ({ ctx, input }) => deleteTranslation(ctx, input),
  }),
};
