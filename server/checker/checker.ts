/**
 * A build checker's work loop (issue #36): claim a build from the portal, check it in headless
 * Chromium, report the verdicts, again. It knows the portal's address and its own token, nothing
 * else: the portal keeps the queue, the leases and the verdicts (server/http/checker-routes.ts).
 */
import type { BuildChecks } from '../../shared/schemas/builds';
import type { CheckerClaim } from '../http/checker-routes';
import type { CompressedFilesTrial } from '../domains/builds/compressed-files';

export type CheckOne = (build: {
  url: string;
  files: readonly { path: string; size: number }[];
  timeoutMs: number;
  /** Where to run it the other way when its compressed files fail to decode (absent from an older portal's claims). */
  compressedFiles: CompressedFilesTrial | null;
}) => Promise<BuildChecks>;

/** Whatever answered, a claim is given up on after its long poll and this much more. */
const CLAIM_TIMEOUT_MS = 40_000;
const REPORT_TIMEOUT_MS = 30_000;
/** After the portal could not be reached: wait this long before asking again. */
const RETRY_MS = 5_000;

/** The portal refused the token: no point asking again. */
export class TokenRefused extends Error {}

export type CheckerOptions = {
  portalUrl: string;
  token: string;
  check: CheckOne;
  log?: (message: string) => void;
};

export class Checker {
  private readonly stopped = new AbortController();
  private readonly log: (message: string) => void;
  /** Builds this checker reported, for its log and the tests. */
  checked = 0;

  constructor(private readonly options: CheckerOptions) {
    this.log = options.log ?? ((message) => console.info(`checker: ${message}`));
  }

  stop(): void {
    this.stopped.abort();
  }

  /** Works until stopped; rejects with TokenRefused when the portal refuses the token. */
  async run(): Promise<void> {
    while (!this.stopped.signal.aborted) {
      let build: CheckerClaim['build'] | null;
      try {
        build = await this.claim();
      } catch (error) {
        if (error instanceof TokenRefused) throw error;
        if (this.stopped.signal.aborted) return;
        this.log(`could not reach the portal (${messageOf(error)}); asking again in ${RETRY_MS / 1000} s`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RETRY_MS);
          this.stopped.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
        continue;
      }
      if (!build || this.stopped.signal.aborted) continue;
      const checks = await this.options.check({ url: build.url, files: build.files, timeoutMs: build.timeoutSeconds * 1000, compressedFiles: build.compressedFiles ?? null });
      try {
        const recorded = await this.report(build.id, build.claim, checks);
        this.checked++;
        this.log(recorded ? `build ${build.id}: ${checks.verdict} in ${checks.seconds.toFixed(1)} s` : `build ${build.id}: taken over by another checker, verdicts dropped`);
      } catch (error) {
        if (error instanceof TokenRefused) throw error;
        // Its lease runs out and the build is checked again.
        this.log(`build ${build.id}: the verdicts could not be reported (${messageOf(error)})`);
      }
    }
  }

  /** `stoppable`: stop() ends it (a claim waiting for work; never a report under way). */
  private request(path: string, body: unknown, timeoutMs: number, stoppable: boolean): Promise<Response> {
    return fetch(new URL(path, this.options.portalUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: stoppable ? AbortSignal.any([AbortSignal.timeout(timeoutMs), this.stopped.signal]) : AbortSignal.timeout(timeoutMs),
    });
  }

  private async claim(): Promise<CheckerClaim['build'] | null> {
    const response = await this.request('/api/checker/claim', {}, CLAIM_TIMEOUT_MS, true);
    if (response.status === 401) throw new TokenRefused('the portal refused this checker token (revoked, or never made)');
    if (response.status === 204) return null;
    if (!response.ok) throw new Error(`the portal answered ${response.status}`);
    return ((await response.json()) as CheckerClaim).build;
  }

  /** Whether the verdicts were recorded (false: the build was taken over). */
  private async report(buildId: number, claim: string, checks: BuildChecks): Promise<boolean> {
    const response = await this.request(`/api/checker/builds/${buildId}/checks`, { claim, checks }, REPORT_TIMEOUT_MS, false);
    if (response.status === 401) throw new TokenRefused('the portal refused this checker token (revoked, or never made)');
    if (response.status === 409) return false;
    if (!response.ok) throw new Error(`the portal answered ${response.status}: ${await response.text()}`);
    return true;
  }
}

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}
