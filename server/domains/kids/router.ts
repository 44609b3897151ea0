import { z } from 'zod';
import { categoryOutput, kidsGameOutput, kidsGamesInput, noInput } from '../../../shared/schemas';
import { defineQuery, router } from '../../trpc/init';
import { listKidsCategories, listKidsGames } from './service';

export const kidsRouter = router({
  games: defineQuery({
    method: 'GET',
    path: '/kids/games',
    access: 'public',
    summary: 'Kid-safe games (rated KIDS or E7), filtered by search text and category slug',
    tags: ['kids'],
    input: kidsGamesInput,
    output: z.array(kidsGameOutput),
    run: ({ ctx, input }) => listKidsGames(ctx, input),
  }),
  categories: defineQuery({
    method: 'GET',
    path: '/kids/categories',
    access: 'public',
    summary: 'Categories that have kid-safe games',
    tags: ['kids'],
    input: noInput,
    output: z.array(categoryOutput),
    run: ({ ctx }) => listKidsCategories(ctx),
  }),
});
