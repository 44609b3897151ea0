/**
 * All tRPC set-up in one place (create-t3-app style): init, error formatting,
 * and `defineQuery`/`defineMutation`, which define an operation once for both
 * tRPC and its documented /api path. Access rules run in one middleware for
 * every call; rate limits run with the operation, on both transports.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { AuthedContext, Context } from './context';
import { DATABASE_UNAVAILABLE_MESSAGE, describeValidationError, isDatabaseUnavailable } from '../http/errors';

export type Access = 'public' | 'user' | 'admin';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type ContextFor<A extends Access> = A extends 'public' ? Context : AuthedContext;

export type OperationSpec<I extends z.ZodType, O extends z.ZodType, A extends Access> = {
  method: HttpMethod;
  /** The /api path, with `{param}` placeholders, relative to /api. */
  path: `/${string}`;
  access: A;
  summary: string;
  tags: string[];
  input: I;
  output: O;
  /** HTTP status of a successful /api answer (default 200), or a function of the answer. */
  successStatus?: number | ((result: z.output<O>) => number);
  /** Largest request body of its /api route (default LIMITS.bodyBytes); larger ones get 413. */
  maxBodyBytes?: number;
  /** Limits per IP and per account (see server/http/rate-limit.ts). */
  rateLimit?: {
    group: string;
    perIp: number;
    perAccount: number;
    windowMs: number;
    /** The account key: an e-mail for sign-in, the user id for signed-in writes. */
    account(args: { ctx: ContextFor<A>; input: z.output<I> }): string | null | undefined;
  };
  run(args: { ctx: ContextFor<A>; input: z.output<I> }): Promise<z.input<O>>;
};

export type AnyOperation = OperationSpec<z.ZodType, z.ZodType, Access>;

export type Meta = OpenApiMeta & { operation?: AnyOperation };

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      // Never send stack traces; name the failing field for input errors.
      const { stack: _stack, ...data } = shape.data;
      const message = error.code === 'BAD_REQUEST' && error.cause ? describeValidationError(error.cause) ?? shape.message : shape.message;
      return { ...shape, message, data };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Counts the call against its rate limits; 429 with Retry-After when one is exhausted. */
async function enforceRateLimit(ctx: Context, spec: AnyOperation, input: unknown): Promise<void> {
  const limit = spec.rateLimit;
  const limiter = ctx.services.rateLimiter;
  if (!limit || !limiter || !ctx.request) return;
  const account = limit.account({ ctx: ctx as AuthedContext, input });
  const rules = [
    { kind: 'ip' as const, key: ctx.ip, max: limit.perIp },
    ...(account ? [{ kind: 'account' as const, key: account, max: limit.perAccount }] : []),
  ];
  for (const rule of rules) {
    const check = await limiter(ctx.request, { group: limit.group, windowMs: limit.windowMs, ...rule });
    if (!check.allowed) {
      ctx.setHeader('Retry-After', String(check.retryAfterSeconds));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many requests: try again in ${check.retryAfterSeconds} seconds`,
      });
    }
  }
}

/** Resolves the caller and enforces an operation's access level. Shared with the /api routes. */
export async function authorize(ctx: Context, access: Access): Promise<Context | AuthedContext> {
  if (access === 'public') return ctx;
  const user = await ctx.getUser();
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in required' });
  if (access === 'admin' && user.role !== 'ADMIN') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Admin privileges required' });
  }
  return { ...ctx, user } as AuthedContext;
}

/** A database outage answers SERVICE_UNAVAILABLE (503), not INTERNAL_SERVER_ERROR. */
function unavailableOr(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause: error }) : error;
}

const accessControlled = t.procedure.use(async ({ ctx, meta, next }) => {
  const authorized = await authorize(ctx, meta?.operation?.access ?? 'public').catch((error: unknown) => {
    throw unavailableOr(error);
  });
  const result = await next({ ctx: authorized });
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) throw unavailableOr(result.error.cause);
  return result;
});

/** The operation as both transports run it: rate limits first, then the operation itself. */
function guarded<I extends z.ZodType, O extends z.ZodType, A extends Access>(spec: OperationSpec<I, O, A>): AnyOperation {
  const operation = spec as unknown as AnyOperation;
  return {
    ...operation,
    run: async (args) => {
      await enforceRateLimit(args.ctx, operation, args.input);
      return operation.run(args);
    },
  };
}

function procedureFor<I extends z.ZodType, O extends z.ZodType>(spec: { input: I; output: O }, operation: AnyOperation) {
  return accessControlled
    .meta({
      operation,
      openapi: {
        method: operation.method,
        path: operation.path,
        summary: operation.summary,
        tags: operation.tags,
        protect: operation.access !== 'public',
      },
    })
    .input(spec.input)
    .output(spec.output);
}

// The middleware has already authorized the caller for the operation's access level, so the
// context narrows safely; tRPC validates the answer against `output`, so the resolver's generic
// result type is left to the builder.
const runnerFor =
  (operation: AnyOperation) =>
  ({ ctx, input }: { ctx: Context; input: unknown }) =>
    operation.run({ ctx: ctx as AuthedContext, input }) as Promise<never>;

/** A read: GET on /api, a query on tRPC. The operation is kept in the procedure's meta for the /api adapter. */
export function defineQuery<I extends z.ZodType, O extends z.ZodType, A extends Access>(spec: OperationSpec<I, O, A> & { method: 'GET' }) {
  const operation = guarded(spec);
  return procedureFor(spec, operation).query(runnerFor(operation));
}

/** A write: POST/PUT/DELETE on /api, a mutation on tRPC. */
export function defineMutation<I extends z.ZodType, O extends z.ZodType, A extends Access>(
  spec: OperationSpec<I, O, A> & { method: 'POST' | 'PUT' | 'DELETE' },
) {
  const operation = guarded(spec);
  return procedureFor(spec, operation).mutation(runnerFor(operation));
}
