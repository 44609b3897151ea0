/**
 * What `npm start` prints (issue 38, point 15): a plain "ready" line with the addresses, readable
 * lines on a terminal, JSON lines when the output goes to a file or a log collector (or when
 * LOG_FORMAT=json asks for them).
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { logFormatOf } from '../../server/logging';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/** A port nothing listens on right now (the system's pick). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

// A fresh embedded database each: starting takes a while on a busy machine.
let server: SpawnedServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** Waits until the server has printed a line holding `text`, by default its ready line (it comes once both ports listen). */
async function readyLine(spawned: SpawnedServer, text = 'The portal is ready at'): Promise<string> {
  for (;;) {
    const line = spawned.output().split('\n').find((printed) => printed.includes(text));
    if (line) return line;
    if (spawned.child.exitCode !== null) throw new Error(`the server exited:\n${spawned.output()}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

describe('start-up and request logs', { timeout: 300_000 }, () => {
  it('are JSON lines when stdout is not a terminal, the ready line among them, with where /metrics answers', async () => {
    const metricsPort = await freePort();
    server = await spawnServer({ env: { LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) }, startTimeoutMs: 240_000 });
    const port = Number(new URL(server.url).port);
    await readyLine(server);
    // The build checker, a child process, says it started: its line must come as JSON too.
    await readyLine(server, 'checking builds for');
    await fetch(`${server.url}/api/health`);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^playfree_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1$/m);
    await server.stop();
    const lines = server.output().split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => JSON.parse(line) as { msg?: string; method?: string; path?: string });
    expect(parsed.map((entry) => entry.msg)).toContain(
      `The portal is ready at http://localhost:${port}, games at http://localhost:${port + 1}; metrics at http://127.0.0.1:${metricsPort}/metrics`,
    );
    expect(parsed.some((entry) => entry.msg === 'request' && entry.path === '/api/health')).toBe(true);
    expect(parsed.some((entry) => entry.msg?.startsWith('build checker 1: checking builds for'))).toBe(true);
  });

  it('are readable lines with LOG_FORMAT=pretty: the ready line, one line per request', async () => {
    server = await spawnServer({ env: { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, startTimeoutMs: 240_000 });
    const port = Number(new URL(server.url).port);
    expect(await readyLine(server)).toMatch(new RegExp(`INFO.*The portal is ready at http://localhost:${port}, games at http://localhost:${port + 1}; metrics off \\(METRICS_PORT=0\\)$`));
    await fetch(`${server.url}/api/health`);
    await server.stop();
    const lines = server.output().split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    expect(lines.some((line) => /INFO.*GET \/api\/health 200 [\d.]+ ms/.test(line))).toBe(true);
  });

  it('choose readable on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatOf(loadEnv({}), true)).toBe('pretty');
    expect(logFormatOf(loadEnv({}), false)).toBe('json');
    expect(logFormatOf(loadEnv({ LOG_FORMAT: 'json' }), true)).toBe('json');
    expect(logFormatOf(loadEnv({ LOG_FORMAT: 'pretty' }), false)).toBe('pretty');
    expect(() => loadEnv({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});
