/**
 * The unprivileged user uploaded builds run as when the checks are started by root (issue #36):
 * Chromium's sandbox needs a user it can drop from, and a build's code must not run with root's
 * rights. CHECKER_USER names it; without it, `nobody`.
 */
import { readFileSync } from 'node:fs';

export const DEFAULT_CHECKER_USER = 'nobody';

export type UnixUser = { name: string; uid: number; gid: number };

/** The account `name` (or a numeric uid) from /etc/passwd; throws when there is none, or it is root. */
export function unixUser(name: string = DEFAULT_CHECKER_USER): UnixUser {
  const lines = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const line of lines) {
    const [user, , uid, gid] = line.split(':');
    if (user === undefined || uid === undefined || gid === undefined) continue;
    if (user === name || uid === name) {
      if (Number(uid) === 0) throw new Error(`CHECKER_USER ${name} is root: builds must be checked as an unprivileged user`);
      return { name: user, uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error(`CHECKER_USER ${name} is not a user of this system (/etc/passwd)`);
}

/** Whether this process runs as root, and so must start the checks as another user. */
export function runsAsRoot(): boolean {
  return process.getuid?.() === 0;
}
