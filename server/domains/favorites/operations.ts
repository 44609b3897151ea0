import { z } from 'zod';
import { favoriteOutput, gameIdInput, gameOutput, noInput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { NotFound } from '../errors';
import { addFavorite, FAVORITES_LIST_MAX, listFavorites, removeFavorite } from './service';

export const favoritesOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/favorites',
    access: 'user',
    summary: `Your favourite games (published ones, the latest favourited first, up to ${FAVORITES_LIST_MAX})`,
    tags: ['favorites'],
    input: noInput,
    output: z.array(gameOutput),
    run: ({ ctx }) => listFavorites(ctx),
  }),
  add: defineOperation({
    method: 'POST',
    path: '/games/{id}/favorite',
    access: 'user',
    summary: 'Add a game to your favourites (idempotent)',
    tags: ['favorites'],
    input: gameIdInput,
    output: favoriteOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => addFavorite(ctx, input.id),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/games/{id}/favorite',
    access: 'user',
    summary: 'Remove a game from your favourites (idempotent)',
    tags: ['favorites'],
    input: gameIdInput,
    output: favoriteOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => removeFavorite(ctx, input.id),
  }),
};
