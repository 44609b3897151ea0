import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../server/db/lock';
import { newDataDir, spawnServer, spawnTs, type SpawnedServer } from '../support/spawn-server';

describe('the data folder lock', () => {
  it('refuses a second holder, naming the first', () => {
    const dir = newDataDir();
    const lock = acquireDataDirLock(dir, 'first');
    try {
      expect(() => acquireDataDirLock(dir, 'second')).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir, 'second')).toThrow(`in use by process ${process.pid} (first`);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir, 'third').release();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = newDataDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    const lockFile = join(dir, LOCK_FILE_NAME);
    writeFileSync(lockFile, JSON.stringify({ pid: dead, host: hostname(), command: 'killed', since: new Date().toISOString() }));
    const lock = acquireDataDirLock(dir, 'after the crash');
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process', () => {
    const dir = newDataDir();
    // Our own pid with another start time: the holder died and the pid was reused.
    writeFileSync(
      join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.pid, host: hostname(), command: 'old', since: '2020-01-01T00:00:00Z', startTicks: '1' }),
    );
    const lock = acquireDataDirLock(dir, 'new');
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).command).toBe('new');
    lock.release();
  });
});

describe('a second process on the same embedded database', { timeout: 120_000 }, () => {
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it('is refused before it touches the folder, by the server and by the database scripts', async () => {
    const first = await spawnServer();
    servers.push(first);
    const signIn = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com' }),
    });
    expect(signIn.status).toBe(200);

    const second = await spawnServer({ dataDir: first.dataDir, expectExit: true });
    servers.push(second);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid} (`);

    for (const command of ['migrate', 'seed', 'reset', 'promote']) {
      const script = spawnTs('server/db/cli.ts', command === 'promote' ? [command, 'a@example.com'] : [command], { DATA_DIR: first.dataDir });
      let stderr = '';
      script.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((done) => script.once('exit', done));
      expect(code, command).toBe(1);
      expect(stderr, command).toContain(`is in use by process ${first.child.pid} (`);
    }

    // The first server still serves, with its data intact (reset emptied nothing).
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    expect((await first.stop()).code).toBe(0);
    expect(existsSync(join(first.dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
