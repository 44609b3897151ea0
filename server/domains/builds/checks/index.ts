/**
 * The automatic checks of an uploaded build (issue #24): its size and file count, and what
 * headless Chromium sees when a phone opens it: how long it takes to start and what it downloads
 * first, what it asks of other sites, its console errors, whether it fits the screen, and whether
 * it starts again with no network; and whether its index.html loads Poki's or CrazyGames' SDK from
 * their sites (index-html.ts reads the page without the browser). verdicts.ts judges; worker.ts
 * drives Chromium in a child process, killed with its whole process group at the time limit. The
 * child gets an environment built from nothing, and when this process is root it runs as an
 * unprivileged user (unprivileged.ts), so Chromium's sandbox is always on (issue #36).
 */
import { spawn } from 'node:child_process';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER } from '../../../tsx-loader';
import type { BuildChecks } from '../../../../shared/schemas/builds';
import { findChromium } from './chromium';
import { readIndexHtml } from './index-html';
import type { WorkerJob, WorkerMessage } from './protocol';
import { runsAsRoot, type UnixUser, unixUser } from './unprivileged';
import { type BrowserOutcome, CHECK_LIMITS, judgeBuild } from './verdicts';
import { type CompressedFilesTrial, otherWayOf } from '../compressed-files';

export { CHECK_LIMITS } from './verdicts';
export { CHROMIUM_CANDIDATES, findChromium } from './chromium';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
// Lower priority for the worker, and so for the Chromium it starts later (children inherit it): on
// a 2-core machine the portal keeps serving players while a check runs. 10 rather than 19, so a
// busy portal does not stretch a game's measured start past its limits.
const CHECK_NICENESS = 10;
const WORKER_HEAP_MB = 256;
const KILL_WAIT_MS = 5_000;

export interface CheckBuildOptions {
  /** Where the build is served, on its own origin with index.html at `/`: http://build--abc123.localhost:3901/ */
  url: string;
  /** Every file of the build (path without a leading slash). */
  files: readonly { path: string; size: number }[];
  /** CHROMIUM_PATH; without it (or when it is not there), Chromium is looked for among `chromiumCandidates`. */
  chromiumPath?: string;
  /** Where else to look (default CHROMIUM_CANDIDATES; tests pass [] to find none). */
  chromiumCandidates?: readonly string[];
  /** The whole run, default CHECK_LIMITS.timeoutSeconds. */
  timeoutMs?: number;
  /** Who the browser runs as when this process is root: CHECKER_USER, default `nobody`. */
  user?: string;
  /**
   * A build whose own .br/.gz files go as found: how they go at `url`, and where it is served the
   * other way, run there when the first run fails to decode them (issue #56).
   */
  compressedFiles?: CompressedFilesTrial | null;
}

/**
 * What a browser says when a file reached a game in the form it did not expect: pako's and zlib's
 * inflate on bytes the browser already decoded, Unity's loader on bytes left compressed, a wasm
 * compiled from compressed bytes, Chromium refusing a Content-Encoding that does not match.
 */
const DECODING_ERROR =
  /incorrect header check|invalid (?:stored )?block|unknown compression method|invalid distance|unexpected end of (?:data|file)|not in gzip format|Unable to parse [^\n]*\.(?:br|gz)|Content-Encoding|expected magic word|magic (?:word|number)|decompress|ERR_CONTENT_DECODING_FAILED/i;

/** Whether the game did not start, and said why in words of a decoding failure. */
export function failedToDecode(outcome: BrowserOutcome): boolean {
  if (outcome.kind !== 'ran' || outcome.firstLoad.start.started) return false;
  return [outcome.firstLoad.start.problem, ...outcome.firstLoad.errors.listed].some((text) => DECODING_ERROR.test(text));
}

/** Checks one build. Never throws for anything a build can do: what went wrong becomes a verdict. */
export async function checkBuild(options: CheckBuildOptions): Promise<BuildChecks> {
  const began = performance.now();
  const timeoutMs = options.timeoutMs ?? CHECK_LIMITS.timeoutSeconds * 1000;
  // Read while the browser runs: a few kilobytes, and judged even when there is no browser.
  const index = readIndexHtml(options.url, timeoutMs);
  const chromiumPath = findChromium(options.chromiumPath, options.chromiumCandidates);
  const run = async (url: string, ms: number): Promise<BrowserOutcome> => {
    if (!chromiumPath) return { kind: 'not-run', reason: 'Chromium is not installed on this server' };
    try {
      const user = runsAsRoot() ? unixUser(options.user) : null;
      return await runWorker(url, chromiumPath, ms, user);
    } catch (error) {
      // No unprivileged user to run as: the build is not run at all rather than run as root.
      return { kind: 'not-run', reason: `the checks could not run as an unprivileged user (${error instanceof Error ? error.message : String(error)})` };
    }
  };
  let outcome = await run(options.url, timeoutMs);
  const trial = options.compressedFiles;
  let compressedFiles: BuildChecks['compressedFiles'];
  if (trial) {
    compressedFiles = { tried: [trial.served], works: outcome.kind === 'ran' && outcome.firstLoad.start.started ? trial.served : null };
    if (failedToDecode(outcome)) {
      // The other way, a run of its own (a claim's lease holds two): it is judged instead when the game starts so.
      const other = await run(trial.otherWayUrl, timeoutMs);
      const started = other.kind === 'ran' && other.firstLoad.start.started;
      compressedFiles = { tried: [trial.served, otherWayOf(trial.served)], works: started ? otherWayOf(trial.served) : null };
      if (started) outcome = other;
    }
  }
  const checks = judgeBuild({ files: options.files, index: await index, outcome, seconds: (performance.now() - began) / 1000 });
  return compressedFiles ? { ...checks, compressedFiles } : checks;
}

/**
 * All the worker is given: no variable of the process that checks (a portal's database address,
 * a checker's token) reaches the build's browser.
 */
function workerEnvironment(tempDir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: tempDir, TMPDIR: join(tempDir, 'tmp'), LANG: 'C.UTF-8' };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

async function runWorker(url: string, chromiumPath: string, timeoutMs: number, user: UnixUser | null): Promise<BrowserOutcome> {
  // Short: Chromium puts a Unix socket (paths of at most 107 bytes) in a folder of TMPDIR, set below under this one.
  const tempDir = await mkdtemp(join(tmpdir(), 'playfree-check-'));
  try {
    await mkdir(join(tempDir, 'tmp'));
    if (user) for (const dir of [tempDir, join(tempDir, 'tmp')]) await chown(dir, user.uid, user.gid);
    const job: WorkerJob = { url, chromiumPath, tempDir, deadline: Date.now() + timeoutMs };
    const child = spawn(process.execPath, [`--max-old-space-size=${WORKER_HEAP_MB}`, '--import', TSX_LOADER, WORKER, JSON.stringify(job)], {
      // A process group of its own, killed whole: the worker, Chromium and Chromium's children.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Chromium's and Playwright's temporary files land in the run's folder, removed below even after a kill.
      env: workerEnvironment(tempDir),
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, CHECK_NICENESS);
      } catch {
        // Not allowed here: the check runs at normal priority.
      }
    }
    const messages: WorkerMessage[] = [];
    let stderr = '';
    child.on('message', (message: WorkerMessage) => messages.push(message));
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const closed = new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.on('error', () => resolve());
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
    ]);
    clearTimeout(timer);
    // Also after a normal end: Chromium's helper processes outlive its main one for a moment.
    killGroup(child.pid);
    if (timedOut) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, KILL_WAIT_MS))]);
    return outcomeOf(messages, timedOut ? timeoutMs / 1000 : null, stderr);
  } finally {
    await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** What the worker's messages say, `killedAfter` seconds when it was killed at the time limit. */
function outcomeOf(messages: readonly WorkerMessage[], killedAfter: number | null, stderr: string): BrowserOutcome {
  const failed = messages.find((message) => message.type === 'failed');
  const first = messages.find((message) => message.type === 'firstLoad');
  const offline = messages.find((message) => message.type === 'offline');
  if (first) {
    const stopped = killedAfter !== null ? `did not finish within the time limit of ${killedAfter} s` : (failed?.message ?? 'the check stopped');
    return { kind: 'ran', firstLoad: first.firstLoad, offline: offline?.offline ?? { started: false, problem: stopped } };
  }
  if (killedAfter !== null) return { kind: 'timed-out', timeoutSeconds: killedAfter };
  const why = failed?.message ?? (stderr.trim().split('\n').pop() || 'it stopped with no message');
  // Never run without the sandbox: say so, as when Chromium is missing.
  if (/No usable sandbox|setuid sandbox|namespace/i.test(why)) {
    return { kind: 'not-run', reason: `Chromium's sandbox could not start on this server (no user namespaces and no setuid sandbox helper), and builds are never run without it (${why.slice(0, 200)})` };
  }
  return { kind: 'not-run', reason: `Chromium could not run the checks on this server (${why})` };
}
