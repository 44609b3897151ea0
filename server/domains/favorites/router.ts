import { favoriteOutput, gameIdInput } from '../../../shared/schemas';
import { defineMutation, router } from '../../trpc/init';
import { addFavorite, removeFavorite } from './service';

export const favoritesRouter = router({
  add: defineMutation({
    method: 'POST',
    path: '/games/{id}/favorite',
    access: 'user',
    summary: 'Add a game to your favourites (idempotent)',
    tags: ['favorites'],
    input: gameIdInput,
    output: favoriteOutput,
    run: ({ ctx, input }) => addFavorite(ctx, input.id),
  }),
  remove: defineMutation({
    method: 'DELETE',
    path: '/games/{id}/favorite',
    access: 'user',
    summary: 'Remove a game from your favourites (idempotent)',
    tags: ['favorites'],
    input: gameIdInput,
    output: favoriteOutput,
    run: ({ ctx, input }) => removeFavorite(ctx, input.id),
  }),
});
