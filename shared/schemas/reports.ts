/** Reports about a game or about anything on the portal. */
import { z } from 'zod';
import { GAME_REPORT_REASONS, GENERAL_REPORT_TYPES, LIMITS, REPORT_KINDS, REPORT_PRIORITIES, REPORT_STATUSES } from '../constants';
import { emailSchema, idParamSchema, requiredText, trimmed, webUrl } from './fields';

export const gameReportInput = z.object({
  id: idParamSchema,
  reason: z.enum(GAME_REPORT_REASONS, { error: 'Choose a reason' }),
});

export const generalReportInput = z.object({
  gameUrl: webUrl,
  gameTitle: trimmed(LIMITS.titleMax).optional(),
  reportType: z.enum(GENERAL_REPORT_TYPES, { error: 'Choose a report type' }),
  description: requiredText(LIMITS.reportDescriptionMax),
  email: z.union([z.literal(''), emailSchema]).optional(),
  priority: z.enum(REPORT_PRIORITIES).default('medium'),
});

export const reportOutput = z.object({
  id: z.number(),
  kind: z.enum(REPORT_KINDS),
  gameId: z.number().nullable(),
  userId: z.number().nullable(),
  /** A game report's reason, or a general report's type. */
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  /** General reports only. */
  gameUrl: z.string().nullable(),
  gameTitle: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  priority: z.enum(REPORT_PRIORITIES).nullable(),
});
export type Report = z.infer<typeof reportOutput>;
