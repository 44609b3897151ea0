import { z } from 'zod';
import {
  markPayoutPaidInput,
  noInput,
  payoutOutput,
  payoutsInput,
  revenueImportInput,
  revenueMonthOutput,
  statementOutput,
} from '../../../shared/schemas';
import { Conflict, NotFound, Validation } from '../errors';
import { PUBLIC_API } from '../../../shared/constants';
import { defineOperation, HOUR_MS } from '../operation';
import { importRevenue, listRevenueMonths } from './import';
import { listPayouts, listStatements, markPayoutPaid } from './payouts';

export const revenueOperations = {
  months: defineOperation({
    method: 'GET',
    path: '/admin/revenue',
    access: 'admin',
    summary: 'Every month of ad revenue entered, newest first: its total, what developers and the portal got, its statements and payouts',
    tags: ['admin'],
    input: noInput,
    output: z.array(revenueMonthOutput),
    run: ({ ctx }) => listRevenueMonths(ctx),
  }),
  import: defineOperation({
    method: 'POST',
    path: '/admin/revenue/{month}',
    access: 'admin',
    summary:
      "Enter a finished month's ad revenue (a total split by weighted viewable impressions, or a per-game CSV report): it becomes the developers' statements and payouts. Entering a month again replaces it, until one of its payouts (or a later month's) is marked paid (409)",
    tags: ['admin'],
    input: revenueImportInput,
    output: revenueMonthOutput,
    maxBodyBytes: 1_100_000,
    errors: [Validation, Conflict],
    run: ({ ctx, input }) => importRevenue(ctx, input),
  }),
  payouts: defineOperation({
    method: 'GET',
    path: '/admin/payouts',
    access: 'admin',
    summary: 'Payouts of the balances that reached the minimum: due on the 15th of the month after their statement, unpaid first',
    tags: ['admin'],
    input: payoutsInput,
    output: z.array(payoutOutput),
    run: ({ ctx, input }) => listPayouts(ctx, input.status),
  }),
  markPaid: defineOperation({
    method: 'POST',
    path: '/admin/payouts/{id}/paid',
    access: 'admin',
    summary: "Mark a payout paid, with the payment's reference: once, and not before its due day (409 otherwise)",
    tags: ['admin'],
    input: markPayoutPaidInput,
    output: payoutOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => markPayoutPaid(ctx, input.id, input.reference),
  }),
  statements: defineOperation({
    method: 'GET',
    path: '/dev/statements',
    access: 'user',
    summary: "The caller's monthly statements, newest first: impressions, revenue and share per game, carried balance, balance and payout",
    tags: ['developer'],
    input: noInput,
    output: z.array(statementOutput),
    run: ({ ctx }) => listStatements(ctx),
  }),
};

/** The public API's view of the same statements (paths relative to /api/v1), limited per key like its analytics. */
export const v1StatementsOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/statements',
    access: 'apiKey',
    summary: "The key owner's monthly statements, newest first: impressions, revenue and share per game, carried balance, balance and payout",
    tags: ['v1'],
    // The v1 transport reads a query object, even an empty one.
    input: z.object({}),
    output: z.array(statementOutput).meta({
      examples: [
        [
          {
            month: '2026-10',
            currency: 'USD',
            slotImpressions: 18_240,
            breakImpressions: 610,
            revenueCents: 9_812,
            shareCents: 6_868,
            carriedInCents: 2_150,
            balanceCents: 9_018,
            status: 'DUE',
            payout: { id: 12, amountCents: 9_018, dueOn: '2026-11-15', paidAt: null, reference: null },
            games: [{ gameId: 42, title: 'Neon Drift', slotImpressions: 18_240, breakImpressions: 610, revenueCents: 9_812, shareCents: 6_868 }],
          },
        ],
      ],
    }),
    rateLimit: { group: 'v1-analytics', perAccount: PUBLIC_API.analyticsPerHour, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) },
    run: ({ ctx }) => listStatements(ctx),
  }),
};
