import { z } from 'zod';
import { categoryOutput, noInput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { listCategories } from './service';

export const categoriesOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/categories',
    access: 'public',
    summary: 'All categories',
    tags: ['catalog'],
    input: noInput,
    output: z.array(categoryOutput),
    run: ({ ctx }) => listCategories(ctx),
  }),
};
