/**
 * The checkers `npm start` runs as its children (LOCAL_CHECKERS, default 1), so a portal checks
 * uploads with nothing to install beyond Chromium. Each gets a token that lives in this process's
 * memory only, is started again when it ends, and is stopped with the portal.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Env } from '../env';
import type { Services } from '../services';
import { findChromium } from '../domains/builds/checks/chromium';
import { signalChecker, spawnCheckerProcess } from './spawn';

const RESTART_MS = { first: 1_000, max: 30_000 };
const STOP_WAIT_MS = 3_000;

export type LocalCheckers = {
  stop(): Promise<void>;
  pids(): number[];
  /** Why these checkers cannot load builds in a browser (Chromium missing), or null. */
  checksOff: string | null;
};

/** Where a child reaches this process: loopback when it listens on every address. */
export function localPortalUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = ['0.0.0.0', '::', ''].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

/**
 * Why this machine's checkers cannot load a build in a browser, in words a newcomer can act on, or
 * null when they can. Uploads are then still checked for size and files, and marked "not run" for the rest.
 */
export function checksOffReason(env: Pick<Env, 'CHROMIUM_PATH'>, candidates?: readonly string[]): string | null {
  if (findChromium(env.CHROMIUM_PATH, candidates)) return null;
  return 'Build checks in the browser are off: Chromium is not installed. Uploaded games get "not run" for them until it is: apt-get install -y chromium, then start again';
}

function forwardLines(stream: Readable | null, write: (line: string) => void): void {
  if (!stream) return;
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    const text = line.replace(/^checker: /, '').trim();
    if (text) write(text);
  });
}

export function startLocalCheckers(services: Services, log: { info(message: string): void; warn(message: string): void }): LocalCheckers {
  const { env } = services;
  const children = new Set<ChildProcess>();
  let stopping = false;

  function start(index: number, restartMs: number): void {
    let child: ChildProcess;
    try {
      child = spawnCheckerProcess({ portalUrl: localPortalUrl(env), token: services.checkerTokens.issue(), user: env.CHECKER_USER, chromiumPath: env.CHROMIUM_PATH, output: 'pipe' });
    } catch (error) {
      log.warn(`build checker ${index + 1} could not be started, uploads wait for another checker: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    children.add(child);
    // Its lines go through the portal's log, so a log collector reading JSON lines gets JSON lines only.
    forwardLines(child.stdout, (line) => log.info(`build checker ${index + 1}: ${line}`));
    forwardLines(child.stderr, (line) => log.warn(`build checker ${index + 1}: ${line}`));
    const began = Date.now();
    child.once('error', (error) => log.warn(`build checker ${index + 1}: ${error.message}`));
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      // One that ran a while restarts soon; one that keeps failing at start waits longer each time.
      const next = Date.now() - began > RESTART_MS.max ? RESTART_MS.first : Math.min(restartMs * 2, RESTART_MS.max);
      log.warn(`build checker ${index + 1} stopped (${signal ?? `exit code ${code}`}); starting it again in ${restartMs / 1000} s`);
      setTimeout(() => !stopping && start(index, next), restartMs).unref();
    });
  }

  for (let index = 0; index < env.LOCAL_CHECKERS; index++) start(index, RESTART_MS.first);
  // Said in the ready line (server/ready-line.ts), where a newcomer looks.
  const checksOff = env.LOCAL_CHECKERS > 0 ? checksOffReason(env) : null;
  if (env.LOCAL_CHECKERS > 0 && !checksOff) log.info(`${env.LOCAL_CHECKERS} build checker(s) started${process.getuid?.() === 0 ? ` as ${env.CHECKER_USER ?? 'nobody'}` : ''}`);

  return {
    checksOff,
    pids: () => [...children].flatMap((child) => (child.pid === undefined ? [] : [child.pid])),
    async stop() {
      stopping = true;
      const exits = [...children].map((child) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()))));
      for (const child of children) signalChecker(child, 'SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([Promise.all(exits).then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), STOP_WAIT_MS)))]);
      clearTimeout(timer);
      if (!ended) for (const child of children) signalChecker(child, 'SIGKILL');
    },
  };
}
