import { z } from 'zod';
import { adminReportsInput, auditEntryOutput, auditLogInput, gameIdInput, noInput, pendingGameOutput, reportOutput, submissionOutput } from '../../../shared/schemas';
import { defineMutation, defineQuery, router } from '../../trpc/init';
import { findReports } from '../reports/service';
import { approveGame, closeReport, listAuditLog, listPendingGames, rejectGame } from './service';

export const adminRouter = router({
  pendingGames: defineQuery({
    method: 'GET',
    path: '/admin/games/pending',
    access: 'admin',
    summary: 'Games waiting for review, oldest first',
    tags: ['admin'],
    input: noInput,
    output: z.array(pendingGameOutput),
    run: ({ ctx }) => listPendingGames(ctx),
  }),
  approve: defineMutation({
    method: 'POST',
    path: '/admin/games/{id}/approve',
    access: 'admin',
    summary: "Publish a game and allowlist its srcUrl's origin",
    tags: ['admin'],
    input: gameIdInput,
    output: submissionOutput,
    run: ({ ctx, input }) => approveGame(ctx, input.id),
  }),
  reject: defineMutation({
    method: 'POST',
    path: '/admin/games/{id}/reject',
    access: 'admin',
    summary: 'Reject a game: it leaves the review list and is not published',
    tags: ['admin'],
    input: gameIdInput,
    output: submissionOutput,
    run: ({ ctx, input }) => rejectGame(ctx, input.id),
  }),
  reports: defineQuery({
    method: 'GET',
    path: '/admin/reports',
    access: 'admin',
    summary: 'Reports of both kinds with the given status (default OPEN), newest first',
    tags: ['admin'],
    input: adminReportsInput,
    output: z.array(reportOutput),
    run: ({ ctx, input }) => findReports(ctx.em, input.status),
  }),
  resolveReport: defineMutation({
    method: 'POST',
    path: '/admin/reports/{id}/resolve',
    access: 'admin',
    summary: 'Mark an open report as resolved',
    tags: ['admin'],
    input: gameIdInput,
    output: reportOutput,
    run: ({ ctx, input }) => closeReport(ctx, input.id, 'RESOLVED'),
  }),
  dismissReport: defineMutation({
    method: 'POST',
    path: '/admin/reports/{id}/dismiss',
    access: 'admin',
    summary: 'Dismiss an open report',
    tags: ['admin'],
    input: gameIdInput,
    output: reportOutput,
    run: ({ ctx, input }) => closeReport(ctx, input.id, 'DISMISSED'),
  }),
  auditLog: defineQuery({
    method: 'GET',
    path: '/admin/audit-log',
    access: 'admin',
    summary: 'Who approved, rejected, resolved or dismissed what, and when (newest first)',
    tags: ['admin'],
    input: auditLogInput,
    output: z.array(auditEntryOutput),
    run: ({ ctx, input }) => listAuditLog(ctx, input.limit),
  }),
});
