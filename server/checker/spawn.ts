/**
 * Starts a checker process (main.ts) with an environment built from nothing but what it needs:
 * the portal's address, its token, PATH, a home of its own and CHROMIUM_PATH. As root, the
 * process runs as an unprivileged user (CHECKER_USER, else `nobody`), so Chromium's sandbox works
 * and a build that broke out of it would hold nobody's rights. Used by the portal (local.ts) and
 * by `npm run checker` started as root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER } from '../tsx-loader';
import { runsAsRoot, unixUser } from '../domains/builds/checks/unprivileged';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Set in a checker started by another process: it stops when its stdin closes (that process ended, even by SIGKILL). */
export const SUPERVISED_VARIABLE = 'CHECKER_SUPERVISED';

export type CheckerProcessOptions = {
  portalUrl: string;
  token: string;
  /** CHECKER_USER: who to run as when this process is root. */
  user?: string;
  chromiumPath?: string;
  /** 'pipe' to read its output line by line (the portal logs it in its own format); 'inherit' by default. */
  output?: 'inherit' | 'pipe';
};

export function spawnCheckerProcess(options: CheckerProcessOptions): ChildProcess {
  const user = runsAsRoot() ? unixUser(options.user) : null;
  const home = mkdtempSync(join(tmpdir(), 'playfree-checker-'));
  if (user) chownSync(home, user.uid, user.gid);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: home,
    LANG: 'C.UTF-8',
    PORTAL_URL: options.portalUrl,
    CHECKER_TOKEN: options.token,
    [SUPERVISED_VARIABLE]: '1',
    ...(options.chromiumPath ? { CHROMIUM_PATH: options.chromiumPath } : {}),
  };
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN], {
    env,
    // A process group of its own: stopped whole, apart from whatever signals reach this one's.
    detached: true,
    stdio: ['pipe', options.output ?? 'inherit', options.output ?? 'inherit'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  child.once('exit', () => rmSync(home, { recursive: true, force: true, maxRetries: 3 }));
  return child;
}

/** Sends `signal` to the checker's process group (its build check workers stop when it ends). */
export function signalChecker(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
