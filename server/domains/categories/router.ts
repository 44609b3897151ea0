import { z } from 'zod';
import { categoryOutput, noInput } from '../../../shared/schemas';
import { defineQuery, router } from '../../trpc/init';
import { listCategories } from './service';

export const categoriesRouter = router({
  list: defineQuery({
    method: 'GET',
    path: '/categories',
    access: 'public',
    summary: 'All categories',
    tags: ['catalog'],
    input: noInput,
    output: z.array(categoryOutput),
    run: ({ ctx }) => listCategories(ctx),
  }),
});
