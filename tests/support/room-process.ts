/**
 * Room processes (`npm run rooms`, server/rooms/main.ts) and a Redis of a test's own, as separate
 * processes, for the rooms' fault tests: what only a killed process or a stopped Redis shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { spawnTs } from './spawn-server';
import { until } from './until';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

type Spawned = { child: ChildProcess; output(): string; exited: Promise<Exit>; kill(signal?: NodeJS.Signals): Promise<Exit> };

function watch(child: ChildProcess): Spawned {
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => output,
    exited,
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A port nothing listens on right now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type RoomProcess = Spawned & { processId: string; port: number; publicAddress: string };

/** A room process on a free port of 127.0.0.1, once it says it is ready. */
export async function spawnRoomProcess(redisUrl: string): Promise<RoomProcess> {
  const port = await freePort();
  const publicAddress = `127.0.0.1:${port}/rooms`;
  const spawned = watch(spawnTs('server/rooms/main.ts', [], { REDIS_URL: redisUrl, ROOMS_PORT: String(port), ROOMS_PUBLIC_ADDRESS: publicAddress, HOST: '127.0.0.1' }));
  let ended = false;
  void spawned.exited.then(() => (ended = true));
  const ready = await until(() => {
    if (ended) throw new Error(`the room process exited during start-up:\n${spawned.output()}`);
    return /Room process (\S+) ready/.exec(spawned.output());
  }, 'the room process to be ready', 30_000).catch((error: unknown) => {
    void spawned.kill('SIGKILL');
    throw new Error(`${String(error)}; its output:\n${spawned.output()}`);
  });
  return { ...spawned, processId: ready[1]!, port, publicAddress };
}

export type RedisServer = Spawned & { url: string };

/** A redis-server of the test's own (never the machine's: others use it), keeping nothing on disk. */
export async function startRedis(port: number): Promise<RedisServer> {
  const spawned = watch(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  const url = `redis://127.0.0.1:${port}`;
  // A fresh client each try: one that failed to connect once is not to be trusted to try again.
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 }).on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  await until(answers, `redis-server on ${port}`, 10_000);
  return { ...spawned, url };
}
