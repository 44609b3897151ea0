import { searchSuggestInput, searchSuggestOutput } from '../../../shared/search-schemas';
import { defineOperation } from '../operation';
import { suggest } from './service';

export const searchOperations = {
  suggest: defineOperation({
    method: 'GET',
    path: '/search/suggest',
    access: 'public',
    summary: 'Up to 8 suggestions for typed text (a prefix): published games whose title has a word starting with it, then categories and tags whose name starts with it',
    tags: ['catalog'],
    input: searchSuggestInput,
    output: searchSuggestOutput,
    run: ({ ctx, input }) => suggest(ctx, input.q, input.locale),
  }),
};
