/** The root router, built from the operation registry: one router per domain. The web app imports only `type AppRouter`. */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { registry, type Registry } from '../domains/registry';
import { procedureFor, router, type ProcedureOf } from './init';

type ProceduresOf<T> = { [Name in keyof T]: ProcedureOf<T[Name]> };
type RouterRecordOf<R> = { [Domain in keyof R]: ReturnType<typeof router<ProceduresOf<R[Domain]>>> };

function proceduresOf<T extends object>(operations: T): ProceduresOf<T> {
  return Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, procedureFor(operation)])) as ProceduresOf<T>;
}

export const appRouter = router(
  Object.fromEntries(Object.entries(registry).map(([domain, operations]) => [domain, router(proceduresOf(operations))])) as RouterRecordOf<Registry>,
);

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
