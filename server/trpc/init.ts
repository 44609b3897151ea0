/**
 * All tRPC set-up in one place (create-t3-app style): init, error formatting, and the procedure
 * of each registry operation (server/domains/registry.ts). Access rules run in one middleware,
 * before the input is read; the resolver runs the operation as every transport does
 * (server/http/operations.ts) and maps domain errors to tRPC codes (errors.ts).
 */
import { initTRPC, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Access, AnyOperation, HttpMethod, Operation } from '../domains/operation';
import { authorize } from '../domains/operation';
import type { RequestContext } from '../http/context';
import { requestLocale } from '../i18n/locale';
import { runOperation } from '../http/operations';
import { DEFAULT_LOCALE } from '../../src/i18n/locales';
import { localizedMessage, messageIdOf, toTRPCError } from './errors';

export type Meta = { operation: AnyOperation };

const t = initTRPC
  .context<RequestContext>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // Never send stack traces; name the failing field for input errors; say it in the caller's language, with the message's id for code to read.
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message: localizedMessage(error, shape.message, ctx ? requestLocale(ctx.request.headers) : DEFAULT_LOCALE), data: { ...data, messageId: messageIdOf(error) } };
    },
  });

export const router = t.router;

const accessControlled = t.procedure.use(async ({ ctx, meta, next }) => {
  try {
    await authorize(ctx, meta?.operation.access ?? 'public');
  } catch (error) {
    throw toTRPCError(error);
  }
  return next();
});

/** The procedure type of an operation: a query for GET, a mutation otherwise. */
export type ProcedureOf<T> =
  T extends Operation<infer I, infer O, Access, infer M extends HttpMethod>
    ? M extends 'GET'
      ? TRPCQueryProcedure<{ input: z.input<I>; output: z.output<O>; meta: Meta }>
      : TRPCMutationProcedure<{ input: z.input<I>; output: z.output<O>; meta: Meta }>
    : never;

/** The tRPC procedure of one operation. Its output is checked by `runOperation`, as on every transport. */
export function procedureFor(operation: AnyOperation) {
  const procedure = accessControlled.meta({ operation }).input(operation.input);
  const resolve = async ({ ctx, input }: { ctx: RequestContext; input: unknown }) => {
    try {
      return await runOperation(operation, ctx, input);
    } catch (error) {
      throw toTRPCError(error);
    }
  };
  return operation.method === 'GET' ? procedure.query(resolve) : procedure.mutation(resolve);
}
