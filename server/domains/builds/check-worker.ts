/**
 * The queue of uploaded builds' automatic checks (checks/), kept in the database: a build is
 * claimed with a lease and a random claim id (claimBuildToCheck), so two checkers never check the
 * same build, a build whose checker died is taken over once the lease runs out, and only the
 * current claim's verdicts are recorded.
 *
 * The checks themselves run in checkers, programs of their own (server/checker/) that claim work
 * through the portal's checker interface (server/http/checker-routes.ts): `npm start` starts one as a child,
 * others may run anywhere. Tests and tools that pass a `CheckBuild` function have it run here, in
 * this process, through the same queue.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BuildChecks } from '../../../shared/schemas/builds';
import { localPreviewUrlOf } from '../../../shared/urls';
import { compressedFilesTrialOf, type CompressedFilesTrial } from './compressed-files';
import { buildFiles, claimBuildToCheck, type ClaimedBuild, msUntilLeaseEnds, recordChecks } from './queries';

/** Checks one build served at `url` (the real one is checks/index.ts's checkBuild, run by a checker; tests pass their own). */
export type CheckBuild = (build: { url: string; files: readonly { path: string; size: number }[]; compressedFiles?: CompressedFilesTrial | null }) => Promise<BuildChecks>;

/** Longer than the checks' own time limit (60 s), so a live checker never loses its build to another. */
export const DEFAULT_LEASE_SECONDS = 180;
/** How often builds left CHECKING by a checker that stopped are looked for; new uploads wake waiting checkers at once (`kick`). */
const POLL_MS = 60_000;
const STOP_WAIT_MS = 2_000;

export class BuildCheckWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  /** Checkers waiting for work (a long-polled claim): woken by an upload or by stop(). */
  private waiters = new Set<() => void>();
  /** When each checker (by its token's hash) last reached this process. */
  private checkersSeen = new Map<string, number>();

  constructor(
    private readonly orm: MikroORM,
    private readonly gamesPort: number,
    /** Runs the checks in this process; null when checkers do (the portal's default). */
    private readonly check: CheckBuild | null,
    readonly leaseSeconds: number = DEFAULT_LEASE_SECONDS,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  start(): void {
    this.started = true;
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  /**
   * Stops claiming builds and answers waiting checkers. A check under way here is waited for only
   * briefly: a shutdown does not sit out a minute of Chromium, and the lease lets another take it.
   */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** A build is waiting: wake the checkers waiting for work, or check it here (unless a run is under way, which then goes on). */
  kick(): void {
    if (!this.started) return;
    this.wake();
    if (!this.check) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain(this.check).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once no build waits for checks run here (tests await it after an upload). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** A checker (its token's hash) reached this process: claimed work or reported verdicts. */
  noteChecker(tokenHash: string): void {
    this.checkersSeen.set(tokenHash, Date.now());
  }

  /**
   * Checkers heard from within a lease (/metrics): a live one asks for work again within a claim's
   * wait, or reports within the lease while it checks a build.
   */
  checkersConnected(now = Date.now()): number {
    let connected = 0;
    for (const [checker, seenAt] of this.checkersSeen) {
      if (now - seenAt <= this.leaseSeconds * 1000) connected++;
      else this.checkersSeen.delete(checker);
    }
    return connected;
  }

  /** Claims the next build due for checks, or undefined when none is. */
  claim(): Promise<ClaimedBuild | undefined> {
    return claimBuildToCheck(this.orm.em.fork(), this.leaseSeconds);
  }

  /** Records the verdicts of a claimed build; false when the claim is no longer the build's (taken over, or already recorded). */
  record(buildId: number, claim: string, checks: BuildChecks): Promise<boolean> {
    return recordChecks(this.orm.em.fork(), buildId, claim, checks, checks.verdict === 'fail' ? 'FAILED' : 'READY');
  }

  files(buildId: number): Promise<{ path: string; size: number }[]> {
    return buildFiles(this.orm.em.fork(), buildId);
  }

  /**
   * Resolves after `ms`, or as soon as a build is uploaded, a lease held by a checker that may have
   * died runs out, or the portal stops. Answers false once the portal is stopping (nothing more to claim).
   */
  async waitForWork(ms: number): Promise<boolean> {
    if (!this.started) return false;
    const leaseEnds = await msUntilLeaseEnds(this.orm.em.fork());
    if (leaseEnds !== null) ms = Math.min(ms, leaseEnds + 50);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(this.started);
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  private wake(): void {
    // Each waiter removes itself; a Set's iteration allows that.
    for (const waiter of this.waiters) waiter();
  }

  private async drain(check: CheckBuild): Promise<void> {
    while (this.started) {
      let claimed: ClaimedBuild | undefined;
      try {
        claimed = await this.claim();
        if (!claimed) return;
        const token = claimed.preview_token;
        const compressedFiles = compressedFilesTrialOf(claimed, (way) => localPreviewUrlOf(this.gamesPort, token, way));
        const checks = await check({ url: localPreviewUrlOf(this.gamesPort, token), files: await this.files(claimed.id), compressedFiles });
        await this.record(claimed.id, claimed.claim, checks);
      } catch (error) {
        // The database or the checks failed: the lease runs out and the build is checked again later.
        this.log(`build checks of build ${claimed?.id ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }
}
