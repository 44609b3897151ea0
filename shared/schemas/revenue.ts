/** A month's ad revenue, its statements and payouts (issue #37). Amounts are integer cents of the operator's currency. */
import { z } from 'zod';
import { idParamSchema, typeError } from './fields';

export const revenueMonthSchema = z
  .string({ error: typeError('text') })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month, YYYY-MM')
  .meta({ description: 'A calendar month (UTC), YYYY-MM.', examples: ['2026-10'] });

const REVENUE_IMPORT_FIELDS = { month: true, total: true, csv: true } as const;

export const revenueImportInput = z
  .object({
    month: revenueMonthSchema,
    total: z
      .string({ error: typeError('text, such as "1234.56"') })
      .max(20, 'Must be at most 20 characters')
      .optional()
      .meta({ description: "The month's revenue from the network, in the operator's currency's units.", examples: ['1234.56'] }),
    csv: z
      .string({ error: typeError('text') })
      .max(1_000_000, 'Must be at most 1,000,000 characters')
      .optional()
      .meta({
        description:
          'Instead of a total: the network\'s per-channel report, one `game,amount` line a game (its id or slug; `portal` for the portal\'s own pages), an optional header line',
        examples: ['game,amount\nneon-drift,120.50\n42,80\nportal,15.25'],
      }),
  })
  .loose()
  .superRefine((value, issues) => {
    // A field of another name (`amount`, `totalCents`) is named, not taken for a missing total.
    for (const key of Object.keys(value)) {
      if (!(key in REVENUE_IMPORT_FIELDS)) issues.addIssue({ code: 'custom', path: [key], message: 'Not a field of this call: give total (such as "1234.56") or csv' });
    }
    if (value.total === undefined && value.csv === undefined) {
      issues.addIssue({ code: 'custom', path: ['total'], message: 'Required: the month\'s revenue (such as "1234.56"), or a csv report instead' });
    } else if (value.total !== undefined && value.csv !== undefined) {
      issues.addIssue({ code: 'custom', path: ['csv'], message: 'Give either a total or a csv report, not both' });
    }
  })
  .meta({ examples: [{ month: '2026-10', total: '1234.56' }] });

export const revenueMonthOutput = z.object({
  month: z.string(),
  currency: z.string().length(3),
  totalCents: z.number().int(),
  developerCents: z.number().int(),
  portalCents: z.number().int(),
  breakWeight: z.number().int(),
  source: z.enum(['total', 'csv']),
  games: z.number().int(),
  statements: z.number().int(),
  payouts: z.number().int(),
  importedAt: z.string(),
});
export type RevenueMonth = z.infer<typeof revenueMonthOutput>;

export const statementGameOutput = z.object({
  gameId: z.number().int(),
  title: z.string(),
  slotImpressions: z.number().int(),
  breakImpressions: z.number().int(),
  revenueCents: z.number().int(),
  shareCents: z.number().int(),
});

export const payoutStatusSchema = z.enum(['CARRIED_OVER', 'DUE', 'PAID']);

export const statementOutput = z.object({
  month: z.string(),
  currency: z.string().length(3),
  slotImpressions: z.number().int(),
  breakImpressions: z.number().int(),
  /** The developer's games' revenue, before the split. */
  revenueCents: z.number().int(),
  /** The developer's share of it. */
  shareCents: z.number().int(),
  /** Balance brought from earlier months below the minimum. */
  carriedInCents: z.number().int(),
  balanceCents: z.number().int(),
  /** CARRIED_OVER: below the minimum payout, added to the next month's balance. */
  status: payoutStatusSchema,
  payout: z.object({ id: z.number().int(), amountCents: z.number().int(), dueOn: z.string(), paidAt: z.string().nullable(), reference: z.string().nullable() }).nullable(),
  games: z.array(statementGameOutput),
});
export type Statement = z.infer<typeof statementOutput>;

export const payoutsInput = z.object({
  status: z.enum(['due', 'paid', 'all']).default('all').meta({ description: 'due: not yet paid; paid: paid already; all (default).' }),
});

export const payoutOutput = z.object({
  id: z.number().int(),
  month: z.string(),
  developer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  amountCents: z.number().int(),
  currency: z.string().length(3),
  dueOn: z.string(),
  /** Its due day (the 15th) has come: it may be marked paid. */
  payable: z.boolean(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutOutput>;

export const markPayoutPaidInput = z.object({
  id: idParamSchema,
  reference: z
    .string({ error: typeError('text') })
    .trim()
    .min(1, 'Required')
    .max(200, 'Must be at most 200 characters')
    .meta({ description: "The payment's reference (the bank transfer's or the payment service's id)." }),
});
