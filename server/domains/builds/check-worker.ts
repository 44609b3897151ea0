/**
 * Runs the automatic checks of uploaded builds (checks/), one build at a time, inside the portal
 * process that claims it: a build is claimed with a lease (claimBuildToCheck), so several portal
 * processes never check the same build, and a build whose process died is taken over once the
 * lease runs out. The checks load the build from its preview host on this process's own games
 * origin, so they see exactly what players will be served.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BuildChecks } from '../../../shared/schemas/builds';
import { localPreviewUrlOf } from '../../../shared/urls';
import { buildFiles, claimBuildToCheck, recordChecks } from './queries';

/** Checks one build served at `url` (the real one is checks/index.ts's checkBuild; tests pass their own). */
export type CheckBuild = (build: { url: string; files: readonly { path: string; size: number }[] }) => Promise<BuildChecks>;

/** Longer than the checks' own time limit, so a live process never loses its build to another. */
const LEASE_SECONDS = 180;
/** How often builds left CHECKING by a process that stopped are looked for; new uploads are checked at once (`kick`). */
const POLL_MS = 60_000;
const STOP_WAIT_MS = 2_000;

export class BuildCheckWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly gamesPort: number,
    private readonly check: CheckBuild,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  start(): void {
    this.started = true;
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  /**
   * Stops claiming builds. A check under way is waited for only briefly: a shutdown does not sit
   * out a minute of Chromium, and the build's lease lets the next process check it again.
   */
  async stop(): Promise<void> {
    this.started = false;
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Checks every build waiting, starting now unless a run is under way (which then goes on). */
  kick(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once no build waits (tests await it after an upload). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.started) {
      let claimed: { id: number; preview_token: string } | undefined;
      try {
        claimed = await claimBuildToCheck(this.orm.em.fork(), LEASE_SECONDS);
        if (!claimed) return;
        const files = await buildFiles(this.orm.em.fork(), claimed.id);
        const checks = await this.check({ url: localPreviewUrlOf(this.gamesPort, claimed.preview_token), files });
        await recordChecks(this.orm.em.fork(), claimed.id, checks, checks.verdict === 'fail' ? 'FAILED' : 'READY');
      } catch (error) {
        // The database or the checker failed: the lease runs out and the build is checked again later.
        this.log(`build checks of build ${claimed?.id ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }
}
