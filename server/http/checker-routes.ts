/**
 * The portal's interface to build checkers (issue #36), all a checker token can reach:
 *   POST /api/checker/claim                 the next build to check: its preview address, its files
 *                                           and the limits, or 204 when none came within CLAIM_WAIT_MS
 *   POST /api/checker/builds/{id}/checks    the verdicts, with the claim they were made under
 * A checker holds no database address and no portal secret: the queue, leases and verdicts stay
 * here (check-worker.ts). Not in the OpenAPI document: it is for the portal's own checkers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storedBuildChecksSchema, type CompressedFilesServing } from '../../shared/schemas/builds';
import { localPreviewUrlOf, previewOriginOf } from '../../shared/urls';
import { logServerError, toHttpError } from './errors';
import { apiHeaders } from './security';
import type { Services } from '../services';
import { type Checker, checkerOfToken } from '../domains/builds/checker-tokens';
import { hashToken } from '../domains/auth/tokens';
import { CHECK_LIMITS } from '../domains/builds/checks/verdicts';
import { compressedFilesTrialOf, type CompressedFilesTrial } from '../domains/builds/compressed-files';

export const CHECKER_PREFIX = '/api/checker';
/** How long a claim waits for an upload before answering 204 (the checker then asks again). */
export const CLAIM_WAIT_MS = 20_000;
/** Verdicts list at most CHECK_LIMITS.listed entries of CHECK_LIMITS.detailChars per check: far under this. */
const REPORT_BODY_BYTES = 256 * 1024;

/** What a claim answers: everything the checker needs, nothing more. */
export type CheckerClaim = {
  build: {
    id: number;
    claim: string;
    url: string;
    files: { path: string; size: number }[];
    timeoutSeconds: number;
    leaseSeconds: number;
    /** For a build whose own .br/.gz files go as found (AUTO): how they go, and where it is served the other way (compressed-files.ts). */
    compressedFiles: CompressedFilesTrial | null;
  };
};

const reportSchema = z.object({ claim: z.string().min(1).max(100), checks: storedBuildChecksSchema });
const buildIdSchema = z.coerce.number().int().positive();

function bearer(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

export function registerCheckerRoutes(app: FastifyInstance, services: Services): void {
  const headers = apiHeaders(services.env);
  const answer = (reply: FastifyReply, status: number, body?: unknown) => {
    void reply.headers(headers).header('cache-control', 'no-store').code(status);
    return body === undefined ? reply.send() : reply.send(body);
  };

  /** The checker the request's token belongs to; answers 401 itself otherwise. */
  async function checkerOf(request: FastifyRequest, reply: FastifyReply): Promise<Checker | null> {
    const token = bearer(request);
    const checker = token ? await checkerOfToken(services.orm.em.fork(), services.checkerTokens, token) : null;
    if (!checker) void answer(reply, 401, { message: 'authorization: a build checker token is needed (Authorization: Bearer <token>)' });
    else services.buildChecks.noteChecker(hashToken(token!));
    return checker;
  }

  /** Where the checker loads the build: its own machine's games port for a checker this process started, the public preview host otherwise. */
  const previewUrl = (checker: Checker, token: string, compressedFiles?: CompressedFilesServing) =>
    checker.kind === 'local'
      ? localPreviewUrlOf(services.env.GAMES_PORT, token, compressedFiles)
      : `${previewOriginOf(services.env.GAMES_PUBLIC_URL, token, compressedFiles)}/`;

  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const { statusCode, message } = toHttpError(error);
    logServerError(request.log, error, statusCode, 'checker request failed');
    return answer(reply, statusCode, { message });
  };

  app.post(`${CHECKER_PREFIX}/claim`, async (request, reply) => {
    try {
      const checker = await checkerOf(request, reply);
      if (!checker) return reply;
      const queue = services.buildChecks;
      // Until a build is due or CLAIM_WAIT_MS has passed: a wake-up can come before a lease ends
      // (another upload, a checker's report), and the claim then waits on for what is left.
      const deadline = Date.now() + CLAIM_WAIT_MS;
      let claimed = await queue.claim();
      while (!claimed && Date.now() < deadline && !request.socket.destroyed && (await queue.waitForWork(deadline - Date.now()))) {
        claimed = await queue.claim();
      }
      if (!claimed) return answer(reply, 204);
      const build: CheckerClaim['build'] = {
        id: claimed.id,
        claim: claimed.claim,
        url: previewUrl(checker, claimed.preview_token),
        files: await queue.files(claimed.id),
        timeoutSeconds: CHECK_LIMITS.timeoutSeconds,
        leaseSeconds: queue.leaseSeconds,
        compressedFiles: compressedFilesTrialOf(claimed, (way) => previewUrl(checker, claimed.preview_token, way)),
      };
      request.log.info({ buildId: claimed.id, checker: checker.kind === 'local' ? 'local' : checker.name }, 'build claimed for checks');
      return answer(reply, 200, { build } satisfies CheckerClaim);
    } catch (error) {
      return failed(request, reply, error);
    }
  });

  app.post<{ Params: { id: string } }>(`${CHECKER_PREFIX}/builds/:id/checks`, { bodyLimit: REPORT_BODY_BYTES }, async (request, reply) => {
    try {
      if (!(await checkerOf(request, reply))) return reply;
      const id = buildIdSchema.safeParse(request.params.id);
      if (!id.success) return answer(reply, 400, { message: 'id: must be a build id' });
      const report = reportSchema.safeParse(request.body);
      if (!report.success) {
        const issue = report.error.issues[0]!;
        return answer(reply, 400, { message: `${issue.path.join('.') || 'body'}: ${issue.message}` });
      }
      const recorded = await services.buildChecks.record(id.data, report.data.claim, report.data.checks);
      if (!recorded) return answer(reply, 409, { message: 'claim: this build is no longer yours to check (its lease was taken over, or its verdicts are in)' });
      return answer(reply, 200, { recorded: true });
    } catch (error) {
      return failed(request, reply, error);
    }
  });
}
