import { z } from 'zod';
import { categoryOutput, kidsGameOutput, kidsGamesInput, noInput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { listKidsCategories, listKidsGames } from './service';

export const kidsOperations = {
  games: defineOperation({
    method: 'GET',
    path: '/kids/games',
    access: 'public',
    summary: 'Kid-safe games (rated KIDS or E7), filtered by search text, category slug and device (a control the game can be played with)',
    tags: ['kids'],
    input: kidsGamesInput,
    output: z.array(kidsGameOutput),
    run: ({ ctx, input }) => listKidsGames(ctx, input),
  }),
  categories: defineOperation({
    method: 'GET',
    path: '/kids/categories',
    access: 'public',
    summary: 'Categories that have kid-safe games',
    tags: ['kids'],
    input: noInput,
    output: z.array(categoryOutput),
    run: ({ ctx }) => listKidsCategories(ctx),
  }),
};
