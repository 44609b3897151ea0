/**
 * `npm run db:backup` / `db:restore` on the embedded database: a backup taken while the portal
 * runs and writes holds what was acknowledged before it; a restore is refused while a server
 * holds the folder, and a restored folder serves the backed-up data. PGlite only (PostgreSQL
 * has pg_dump and pg_restore).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../server/db/catalog';
import { engineName } from '../support/engine';
import { newDataDir, spawnServer, spawnTs, type SpawnedServer } from '../support/spawn-server';

const servers: SpawnedServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop('SIGKILL'))));

/** Runs `npm run db:<command> -- <file>` on DATA_DIR; answers its exit code and output. */
async function dbScript(command: 'backup' | 'restore', dataDir: string, file: string): Promise<{ code: number | null; output: string }> {
  const child = spawnTs('server/db/cli.ts', [command, file], { DATA_DIR: dataDir });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

async function signIn(url: string, email: string): Promise<number> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) });
  const body = (await response.json()) as { user: { id: number } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.user.id;
}

describe.skipIf(engineName !== 'pglite')('backup and restore of the embedded database (pglite)', { timeout: 180_000 }, () => {
  it('backs up a running portal, refuses to restore under it, and a restored folder serves the data', async () => {
    const dataDir = newDataDir();
    const file = join(mkdtempSync(join(tmpdir(), 'playfree-backup-')), 'portal.backup');
    const running = await spawnServer({ dataDir });
    servers.push(running);
    const before = await signIn(running.url, 'before-backup@example.com');

    const backup = await dbScript('backup', dataDir, file);
    expect(backup.output, backup.output).toContain('taken by the running server');
    expect(backup.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    // The portal kept serving while it was taken.
    await signIn(running.url, 'after-backup@example.com');

    const refused = await dbScript('restore', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`in use by process ${running.child.pid}`);
    expect((await running.stop()).code).toBe(0);

    // Into a new folder (a new machine), then a server on it.
    const restoredDir = newDataDir();
    const restore = await dbScript('restore', restoredDir, file);
    expect(restore.code, restore.output).toBe(0);
    // What was acknowledged before the backup: the catalog and the first user, not the later one
    // (the other account is the portal's own, which the built-in games' builds belong to).
    expect(restore.output).toMatch(new RegExp(`Restored .*: ${loadCatalog().length} games, 2 users$`, 'm'));
    const restored = await spawnServer({ dataDir: restoredDir });
    servers.push(restored);
    expect(await signIn(restored.url, 'before-backup@example.com')).toBe(before);
    expect((await fetch(`${restored.url}/api/ready`)).status).toBe(200);
    expect((await restored.stop()).code).toBe(0);

    // A backup with no server running takes the folder's lock and dumps it itself.
    const offline = await dbScript('backup', restoredDir, `${file}-2`);
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('taken by the folder');
  });
});
