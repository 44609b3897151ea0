import { rateInput, rateOutput } from '../../../shared/schemas';
import { defineMutation, router } from '../../trpc/init';
import { rateGame } from './service';

export const ratingsRouter = router({
  rate: defineMutation({
    method: 'POST',
    path: '/games/{id}/rate',
    access: 'user',
    summary: 'Rate a game 1-5 with an optional comment; rating again replaces your rating',
    tags: ['ratings'],
    input: rateInput,
    output: rateOutput,
    rateLimit: { group: 'rate', perIp: 300, perAccount: 120, windowMs: 60 * 60_000, account: ({ ctx }) => String(ctx.user.id) },
    run: ({ ctx, input }) => rateGame(ctx, input),
  }),
});
