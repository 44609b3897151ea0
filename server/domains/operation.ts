/**
 * An operation is one thing a caller can ask of the portal, defined once with its access level,
 * zod schemas, rate limits and the service call it runs, independent of any transport. The
 * registry (registry.ts) lists them all; the tRPC router, the /api routes, the /trpc fast path,
 * the server-rendered pages and the OpenAPI document are all built from it. `method` and `path`
 * say where the operation lives on HTTP (its /api route; GET reads are tRPC queries).
 */
import { z } from 'zod';
import { freshUntilOf } from './games/shared-answer';
import { keepOn } from './games/shared-json';
import { findApiKeyUser } from './apikeys/service';
import type { ApiKeyContext, AuthedContext, DomainContext } from './context';
import { BLOCKED_TEXT } from './auth/service';
import { Forbidden, InvalidOutput, Unauthorized, type ServiceErrorClass } from './errors';
import { text } from '../i18n/translate';

/** `apiKey`: a public API (/api/v1) call, made with a developer's API key instead of a session. */
export type Access = 'public' | 'user' | 'admin' | 'apiKey';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type ContextFor<A extends Access> = A extends 'public' ? DomainContext : A extends 'apiKey' ? ApiKeyContext : AuthedContext;

/** A method's parameter is checked bivariantly, so an operation with a typed answer is still an AnyOperation. */
type StatusOf<T> = { status(result: T): number }['status'];
type AttachmentNameOf<T> = { name(result: T): string }['name'];

export type RateLimit<I extends z.ZodType = z.ZodType, A extends Access = Access> = {
  group: string;
  /** Omitted: no limit per IP (the public API counts per key only). */
  perIp?: number;
  perAccount: number;
  windowMs: number;
  /** The account key: an e-mail for sign-in, the user id for signed-in writes. */
  account(args: { ctx: ContextFor<A>; input: z.output<I> }): string | null | undefined;
};

/** The window of most write limits. */
export const HOUR_MS = 60 * 60_000;

/** The account key of a signed-in write: who made it. */
export const signedInAccount = ({ ctx }: { ctx: AuthedContext }): string => String(ctx.user.id);

export type Operation<I extends z.ZodType, O extends z.ZodType, A extends Access, M extends HttpMethod> = {
  method: M;
  /** The /api path, with `{param}` placeholders, relative to /api. */
  path: `/${string}`;
  access: A;
  summary: string;
  tags: string[];
  input: I;
  output: O;
  /** HTTP status of a successful /api answer (default 200), or a function of the answer. */
  successStatus?: number | StatusOf<z.output<O>>;
  /** Largest request body of its /api route (default LIMITS.bodyBytes); larger ones get 413. */
  maxBodyBytes?: number;
  /**
   * The request body is a file (server/http/uploads.ts), of at most `maxBytes`: the transport
   * streams it to a temporary file, hands it to `run` as the input's `file` and removes it after.
   */
  upload?: { maxBytes: number };
  /** The /api answer is a file to download: its name, for the Content-Disposition header. */
  attachmentName?: AttachmentNameOf<z.output<O>>;
  /** Limits per IP and per account (enforced by the transports: server/http/rate-limit.ts). */
  rateLimit?: RateLimit<I, A>;
  /**
   * Every domain error `run` can raise (what its service throws: NotFound, Conflict…), so the
   * OpenAPI document declares each one's status. The statuses of the access level (401, 403), the
   * input (400), the rate limit (429), the body limit (413) and the database (503) are declared
   * from those properties; a service that raises Forbidden or Validation itself still lists it.
   */
  errors?: readonly ServiceErrorClass[];
  run(args: { ctx: ContextFor<A>; input: z.output<I> }): Promise<z.input<O>>;
};

export type AnyOperation = Operation<z.ZodType, z.ZodType, Access, HttpMethod>;

/** Defines an operation; the identity, there for the types. */
export function defineOperation<I extends z.ZodType, O extends z.ZodType, A extends Access, M extends HttpMethod>(
  spec: Operation<I, O, A, M>,
): Operation<I, O, A, M> {
  return spec;
}

/**
 * Resolves the caller and enforces an access level, before the input is even read. The context
 * gains its `user` in place (no copy: its getters stay lazy).
 */
export async function authorize(ctx: DomainContext, access: Access): Promise<DomainContext> {
  if (access === 'public') return ctx;
  if (access === 'apiKey') {
    const found = ctx.token ? await findApiKeyUser(ctx.em, ctx.token) : null;
    if (!found) throw new Unauthorized(text('access.apiKeyRequired'));
    if (found.user.blocked) throw new Forbidden(BLOCKED_TEXT);
    ctx.user = found.user;
    ctx.apiKeyId = found.apiKeyId;
    return ctx;
  }
  const user = await ctx.getUser();
  if (!user) throw new Unauthorized(text('access.signInRequired'));
  // Blocking ends the account's sessions; this refuses one that raced it (opened just before).
  if (user.blocked) throw new Forbidden(BLOCKED_TEXT);
  if (access === 'admin' && user.role !== 'ADMIN') throw new Forbidden(text('access.adminRequired'));
  ctx.user = user;
  return ctx;
}

/** Output checks passed once per shared answer (CatalogCache); a per-caller answer is checked every time. */
const checkedOutputs = new WeakSet<object>();

/**
 * On a shared object (a cached game), the element schema it was found to match: a list answer
 * nobody asked before mostly holds games other answers held, and checking all 24 again was a
 * tenth of a search's cost. Kept on the object (keepOn), as its JSON is.
 */
const CHECKED_AGAINST = Symbol('checkedAgainst');

/** Every transport checks an answer against the operation's output schema this way, and sends it as it is. */
export function checkOutput(operation: AnyOperation, value: unknown): void {
  const shared = freshUntilOf(value) !== undefined;
  if (shared && checkedOutputs.has(value as object)) return;
  if (!(shared && elementsMatch(operation.output, value))) {
    // Checked whole: the answer's error names the element's place.
    const checked = operation.output.safeParse(value);
    if (!checked.success) throw new InvalidOutput(checked.error);
  }
  if (shared) checkedOutputs.add(value as object);
}

/** Whether a shared list answer matches an array schema with no checks of its own, element by element, skipping elements already checked. */
function elementsMatch(schema: z.ZodType, value: unknown): boolean {
  if (!(schema instanceof z.ZodArray) || !Array.isArray(value) || (schema._zod.def.checks?.length ?? 0) > 0) return false;
  const element = schema.element as z.ZodType;
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return false;
    if ((item as { [CHECKED_AGAINST]?: z.ZodType })[CHECKED_AGAINST] === element) continue;
    if (!element.safeParse(item).success) return false;
    keepOn(item, CHECKED_AGAINST, element);
  }
  return true;
}
