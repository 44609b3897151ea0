/**
 * Backups of the embedded database (PGlite). A backup is PGlite's own dump of the data folder
 * (a gzipped tar), taken between two statements, so it is what the folder would hold after a
 * crash at that instant: restoring it replays the log and keeps exactly the committed writes.
 *
 * While the portal runs it holds the folder (one process per embedded database), so it also
 * answers backups itself: it listens on a Unix socket named after the data folder (in the system's
 * temporary folder: a socket inside the data folder would end up in the dump), reachable only by
 * the account that runs it (mode 0600), and sends a fresh dump to whoever connects. `db:backup` asks
 * it there, or, when no server runs, takes the folder's lock and dumps it itself.
 */
import { PGlite } from '@electric-sql/pglite';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './lock';

export function backupSocketPath(dataDir: string): string {
  const folder = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(tmpdir(), `playfree-backup-${folder}.sock`);
}

/** A consistent dump of an open PGlite's data folder (queries wait while it is taken). */
export async function dumpPGlite(pglite: PGlite): Promise<Buffer> {
  const dump = await pglite.dumpDataDir('gzip');
  return Buffer.from(await dump.arrayBuffer());
}

/** The running server's side: answers each connection on the data folder's socket with a dump. */
export function serveBackups(pglite: PGlite, dataDir: string): Promise<Server> {
  const path = backupSocketPath(dataDir);
  // A socket file left by a process that died: the folder's lock says this process owns it now.
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    dumpPGlite(pglite).then(
      (dump) => socket.end(dump),
      (error: unknown) => socket.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
  return new Promise((resolveListening, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      chmodSync(path, 0o600);
      resolveListening(server);
    });
  });
}

function dumpFromServer(dataDir: string): Promise<Buffer> {
  return new Promise((resolveDump, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(backupSocketPath(dataDir));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => resolveDump(Buffer.concat(chunks)));
  });
}

/** Dumps the folder itself: no process holds it (DataDirLockedError otherwise). */
async function dumpFolder(dataDir: string): Promise<Buffer> {
  const lock = acquireDataDirLock(dataDir);
  try {
    if (!existsSync(join(lock.dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no embedded database to back up.`);
    const pglite = await PGlite.create({ dataDir: lock.dataDir });
    try {
      return await dumpPGlite(pglite);
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

/** Writes a backup of the embedded database in `dataDir` to `file`; answers how it was taken. */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number; from: 'running server' | 'folder' }> {
  let taken: { dump: Buffer; from: 'running server' | 'folder' };
  try {
    taken = { dump: await dumpFolder(dataDir), from: 'folder' };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The portal holds the folder: it takes the dump itself.
    let dump: Buffer;
    try {
      dump = await dumpFromServer(dataDir);
    } catch (cause) {
      throw new Error(`${error.message}\nIt did not answer the backup request on ${backupSocketPath(dataDir)}.`, { cause });
    }
    taken = { dump, from: 'running server' };
  }
  if (taken.dump.length === 0) throw new Error('The backup came back empty.');
  // Written beside the target first: a failed write never leaves half a backup under its name.
  const partial = `${file}.partial`;
  writeFileSync(partial, taken.dump);
  renameSync(partial, file);
  return { bytes: taken.dump.length, from: taken.from };
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `file`. Refuses while a process
 * holds the folder (DataDirLockedError names it). The backup is opened and checked in memory
 * before anything in the folder is touched.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<{ games: number; users: number }> {
  const lock = acquireDataDirLock(dataDir);
  const ownLock = readFileSync(lock.file);
  try {
    const backup = new Blob([readFileSync(file)]);
    const check = await PGlite.create({ loadDataDir: backup }).catch((cause: unknown) => {
      throw new Error(`${file} is not a backup of the embedded database.`, { cause });
    });
    let counts: { games: number; users: number };
    try {
      const rows = await check.query<{ games: number; users: number }>(
        'select (select count(*) from games)::int as games, (select count(*) from users)::int as users',
      );
      counts = rows.rows[0]!;
    } finally {
      await check.close();
    }
    for (const entry of readdirSync(lock.dataDir)) {
      if (entry !== LOCK_FILE_NAME) rmSync(join(lock.dataDir, entry), { recursive: true, force: true });
    }
    const restored = await PGlite.create({ dataDir: lock.dataDir, loadDataDir: backup });
    await restored.close();
    // The dump may hold the lock file of the process that was running then: this one holds it now.
    writeFileSync(lock.file, ownLock);
    return counts;
  } finally {
    lock.release();
  }
}
