/**
 * PostgreSQL unreachable (through a proxy this test cuts): /api answers 503 {message} with
 * Retry-After and /trpc SERVICE_UNAVAILABLE within 3 s, /api/ready 503, /api/health 200; when
 * the database returns, the same process serves again. Runs in the PostgreSQL suite (`npm run
 * test:pg`): the embedded PGlite lives in the process and cannot become unreachable.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/http/errors';
import { engineName, testDatabaseUrl, withDatabase } from '../support/engine';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

const json = { 'Content-Type': 'application/json' };

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

describe.runIf(engineName === 'postgresql')('a database outage', { timeout: 120_000 }, () => {
  const database = `playfree_ops_outage_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let server: SpawnedServer;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const target = new URL(testDatabaseUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(withDatabase(testDatabaseUrl!, database));
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await spawnServer({ databaseUrl: viaProxy.toString() });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await proxy?.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  const signIn = (email: string) => fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });

  it('answers 503 within 3 s while it lasts, and serves again without a restart when it ends', async () => {
    expect((await signIn('before@example.com')).status).toBe(200);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

    proxy.down();
    const api = await timed(() => signIn('during@example.com'));
    expect(api.value.status).toBe(503);
    expect(api.ms).toBeLessThan(3_000);
    expect(api.value.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await api.value.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });

    const trpc = await timed(() => fetch(`${server.url}/trpc/auth.login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'trpc@example.com' }) }));
    expect(trpc.value.status).toBe(503);
    expect(trpc.ms).toBeLessThan(3_000);
    expect(trpc.value.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await trpc.value.json()) as { error: { data: { code: string } } }).error.data.code).toBe('SERVICE_UNAVAILABLE');

    const ready = await timed(() => fetch(`${server.url}/api/ready`));
    expect(ready.value.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Many requests during the outage are logged once, not once each.
    await Promise.all(Array.from({ length: 5 }, (_, index) => signIn(`burst${index}@example.com`)));
    expect(server.output().match(/database unavailable/g)?.length ?? 0).toBe(1);

    proxy.up();
    await expect.poll(async () => (await signIn('after@example.com')).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  });
});
