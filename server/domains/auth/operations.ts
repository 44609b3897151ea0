import { loginAnswerOutput, loginInput, loginOutput, noInput, okOutput, userOutput, verifyInput } from '../../../shared/schemas';
import { defineOperation } from '../operation';
import { Forbidden, Unauthorized } from '../errors';
import { requestSignIn, revokeAllSessions, revokeSession, verifySignIn } from './service';

export const authOperations = {
  me: defineOperation({
    method: 'GET',
    path: '/auth/me',
    access: 'user',
    summary: 'The signed-in user',
    tags: ['auth'],
    input: noInput,
    output: userOutput,
    run: async ({ ctx }) => {
      const { sessionId: _sessionId, blocked: _blocked, ...user } = ctx.user;
      return user;
    },
  }),
  login: defineOperation({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary:
      'Start signing in with an e-mail address: mails an 8-digit code and a sign-in link (202 {status: "code_sent"}). ' +
      'Where AUTH_EMAIL_VERIFICATION=off, non-admin accounts get {user, token} at once.',
    tags: ['auth'],
    input: loginInput,
    output: loginAnswerOutput,
    successStatus: (answer) => ('status' in (answer as object) ? 202 : 200),
    rateLimit: { group: 'sign-in', perIp: 20, perAccount: 5, windowMs: 15 * 60_000, account: ({ input }) => input.email },
    errors: [Forbidden],
    run: ({ ctx, input }) => requestSignIn(ctx, input.email),
  }),
  verify: defineOperation({
    method: 'POST',
    path: '/auth/verify',
    access: 'public',
    summary: 'Finish signing in with the mailed code; answers the user and a bearer token (also set as a cookie)',
    tags: ['auth'],
    input: verifyInput,
    output: loginOutput,
    rateLimit: { group: 'verify', perIp: 30, perAccount: 10, windowMs: 15 * 60_000, account: ({ input }) => input.email },
    errors: [Unauthorized, Forbidden],
    run: ({ ctx, input }) => verifySignIn(ctx, input.email, input.code),
  }),
  logout: defineOperation({
    method: 'POST',
    path: '/auth/logout',
    access: 'user',
    summary: 'Revoke the current token',
    tags: ['auth'],
    input: noInput,
    output: okOutput,
    run: async ({ ctx }) => {
      await revokeSession(ctx.em, ctx.user.sessionId);
      ctx.cookies.clearAuthCookie();
      return { ok: true as const };
    },
  }),
  logoutEverywhere: defineOperation({
    method: 'POST',
    path: '/auth/logout-all',
    access: 'user',
    summary: "Revoke every token of the signed-in user (sign out everywhere)",
    tags: ['auth'],
    input: noInput,
    output: okOutput,
    run: async ({ ctx }) => {
      await revokeAllSessions(ctx.em, ctx.user.id);
      ctx.cookies.clearAuthCookie();
      return { ok: true as const };
    },
  }),
};
