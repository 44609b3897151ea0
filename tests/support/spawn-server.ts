/**
 * Starts the real server (server/index.ts) as its own process, as `npm run serve` would, for tests
 * of what only a process shows: the data-folder lock, signals, crashes, outages. Each server gets a
 * random port pair in 4000–4499 (portal, games origin) and, unless given, a fresh temporary DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export type SpawnedServer = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote so far (the log on stdout, errors on stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM (or the given signal) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type SpawnOptions = {
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Resolve as soon as the process ended instead of waiting for /api/ready (a refused start). */
  expectExit?: boolean;
  startTimeoutMs?: number;
};

const root = resolve(import.meta.dirname, '../..');

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'playfree-ops-'));
}

/** Runs a TypeScript entry point of the project in one node process (so its pid is the one that holds locks). */
export function spawnTs(script: string, args: string[], env: Record<string, string | undefined>): ChildProcess {
  // Only what the caller gives: a test run's own DATABASE_URL or REDIS_URL must not leak in.
  const childEnv: Record<string, string> = { ...process.env, DATABASE_URL: '', REDIS_URL: '' } as Record<string, string>;
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  return spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function canListen(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const probe = createServer();
    probe.once('error', () => answer(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => answer(true)));
  });
}

/**
 * Ports of 4000–4499 on the Fetch standard's "bad ports" list: Node's fetch (and every browser)
 * refuses them ("bad port"), so a server there never answered the tests' probes.
 */
const FETCH_BAD_PORTS = new Set([4045, 4190]);

/**
 * A random port pair in 4000–4499 that nothing listens on right now: the range holds services
 * some machines run (Erlang's epmd on 4369, NATS on 4222), and a random pick once landed on one.
 */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = 4000 + 2 * Math.floor(Math.random() * 250);
    if (FETCH_BAD_PORTS.has(port) || FETCH_BAD_PORTS.has(port + 1)) continue;
    if ((await canListen(port)) && (await canListen(port + 1))) return port;
  }
}

export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const port = await freePortPair();
  const dataDir = options.dataDir ?? newDataDir();
  const child = spawnTs('server/index.ts', [], {
    PORT: String(port),
    GAMES_PORT: String(port + 1),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    AUTH_EMAIL_VERIFICATION: 'off',
    RATE_LIMIT_MULTIPLIER: '1000',
    // Off unless a test asks: its default port (PORT + 2) is the next server's pair.
    METRICS_PORT: '0',
    ...options.env,
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: SpawnedServer = {
    url,
    dataDir,
    child,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.expectExit) {
    await exited;
    return server;
  }
  let ended = false;
  void exited.then(() => (ended = true));
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  // What the last probe got, for the error if the server never becomes ready.
  let lastProbe = 'no probe answered: nothing listening yet';
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the server exited during start-up:\n${output}`);
    try {
      // Ready, as a load balancer waits for: the database answers and the server is not shedding
      // load (right after start-up on a busy machine it may still answer 503 for a moment).
      const probe = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      if (probe.ok) return server;
      lastProbe = `${probe.status} ${await probe.text()}`;
    } catch (error) {
      // Not listening yet, or the probe went unanswered.
      const cause = String((error as Error).cause ?? '');
      if (!cause.includes('ECONNREFUSED')) lastProbe = `${String(error)} ${cause}`.trim();
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer /api/ready within the start timeout (last probe: ${lastProbe}):\n${output}`);
}
