/**
 * The admin's build checker tokens (issue #36): one per checker running on another machine
 * (`CHECKER_TOKEN=… PORTAL_URL=… npm run checker`, docs/OPERATIONS.md). A token is in the answer
 * that makes it only; revoking one stops its checker at its next claim.
 */
import { z } from 'zod';
import { idParamSchema, noInput } from '../../../shared/schemas';
import { requiredText } from '../../../shared/schemas/fields';
import { defineOperation } from '../operation';
import { NotFound } from '../errors';
import { createCheckerToken, listCheckerTokens, revokeCheckerToken } from './checker-tokens';
import { text } from '../../i18n/translate';

const checkerTokenOutput = z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });

export const checkerOperations = {
  create: defineOperation({
    method: 'POST',
    path: '/admin/checkers',
    access: 'admin',
    summary: 'Make a token for a build checker on another machine; the token is in this answer only, and can only claim checks and report their verdicts',
    tags: ['admin'],
    input: z.object({ name: requiredText(80) }),
    output: checkerTokenOutput.extend({ token: z.string() }),
    successStatus: 201,
    run: ({ ctx, input }) => createCheckerToken(ctx.em, input.name),
  }),
  list: defineOperation({
    method: 'GET',
    path: '/admin/checkers',
    access: 'admin',
    summary: 'Build checker tokens that still work (names only), the newest first',
    tags: ['admin'],
    input: noInput,
    output: z.array(checkerTokenOutput),
    run: ({ ctx }) => listCheckerTokens(ctx.em),
  }),
  revoke: defineOperation({
    method: 'DELETE',
    path: '/admin/checkers/{id}',
    access: 'admin',
    summary: 'Revoke a build checker token: its checker claims nothing from now on',
    tags: ['admin'],
    input: z.object({ id: idParamSchema }),
    output: z.void(),
    successStatus: 204,
    errors: [NotFound],
    run: async ({ ctx, input }) => {
      if (!(await revokeCheckerToken(ctx.em, input.id))) throw new NotFound(text('admin.checkerTokenNotFound'));
    },
  }),
};
