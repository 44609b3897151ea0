import { gameReportInput, generalReportInput, reportOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { NotFound } from '../errors';
import { createGeneralReport, reportGame } from './service';

export const reportsOperations = {
  reportGame: defineOperation({
    method: 'POST',
    path: '/games/{id}/report',
    access: 'user',
    summary: 'Report a game for one of the listed reasons',
    tags: ['reports'],
    input: gameReportInput,
    output: reportOutput,
    successStatus: 201,
    rateLimit: { group: 'report', perIp: 30, perAccount: 20, windowMs: HOUR_MS, account: signedInAccount },
    errors: [NotFound],
    run: ({ ctx, input }) => reportGame(ctx, input),
  }),
  create: defineOperation({
    method: 'POST',
    path: '/reports',
    access: 'public',
    summary: 'Send a general report (no sign-in needed)',
    tags: ['reports'],
    input: generalReportInput,
    output: reportOutput,
    successStatus: 201,
    rateLimit: { group: 'report', perIp: 30, perAccount: 20, windowMs: HOUR_MS, account: ({ input }) => input.email || null },
    run: ({ ctx, input }) => createGeneralReport(ctx, input),
  }),
};
