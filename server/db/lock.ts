/**
 * Single writer on the embedded database: PGlite has no lock of its own, and two processes on
 * one data folder silently lose each other's writes and can corrupt it. Whoever opens the folder
 * (the server, the db:* and user:promote scripts) first creates DATA_DIR/playfree.lock exclusively,
 * holding its pid; a second opener refuses with a message naming the holder. A lock left by a
 * process that died (kill -9, power loss) is stale and taken over: its pid is gone, or the pid now
 * belongs to another process (its start time differs, read from /proc on Linux).
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'playfree.lock';

type LockOwner = { pid: number; host: string; command: string; since: string; startTicks?: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} (${owner.command}, since ${owner.since}). ` +
        `Only one process may open it at a time: stop that process first, or point DATA_DIR at another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { readonly dataDir: string; readonly file: string; release(): void };

/** The start time of a live process in clock ticks since boot (Linux), to tell a reused pid apart. */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may contain spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // A folder shared over the network: never guess.
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const ticks = startTicksOf(owner.pid);
  return !(owner.startTicks && ticks && ticks !== owner.startTicks);
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the data folder's lock (creating the folder), or throws DataDirLockedError naming the holder. */
export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString(), startTicks: startTicksOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      // An unreadable lock is one being written right now, or garbage; wait a moment before judging.
      if (!owner) {
        if (attempt < 2) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
          continue;
        }
      } else if (isAlive(owner)) {
        throw new DataDirLockedError(dir, owner);
      }
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed the stale lock first; the next attempt decides between us.
      }
      continue;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only remove our own lock: never one a later process took over.
      if (readOwner(file)?.pid === process.pid) unlinkSync(file);
    };
    process.on('exit', release);
    return { dataDir: dir, file, release };
  }
  const owner = readOwner(file);
  if (owner) throw new DataDirLockedError(dir, owner);
  throw new Error(`Could not take the lock ${file}`);
}
