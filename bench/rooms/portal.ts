/**
 * A portal for the rooms bench, started as `npm start` serves it (server/index.ts with its Node
 * flags, default settings, its log at the default level to a file, a fresh embedded database),
 * and measured once its own start-up work (the search index) is done. One setting differs: no
 * local build checker (LOCAL_CHECKERS=0). It is a program of its own, no part of rooms, and with a
 * fresh data folder its first round checks every built-in game in Chromium for minutes, which
 * would load the machine under the measure at a time of its choosing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode, stop, waitFor, waitUntilIdle } from '../support';

export type Portal = { url: string; child: ChildProcess; pid: number; log: string; stop(): Promise<void> };

export async function startPortal(name: string, port: number, env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), `playfree-rooms-bench-${name}-`));
  const log = join(tmpdir(), `playfree-rooms-bench-${name}-${process.pid}.log`);
  const child = startNode('server/index.ts', { PORT: String(port), GAMES_PORT: String(port + 1), METRICS_PORT: String(port + 2), DATA_DIR: dataDir, LOCAL_CHECKERS: '0', ...env }, ['ignore', openSync(log, 'w'), openSync(log, 'a')]);
  const url = `http://127.0.0.1:${port}`;
  const portal: Portal = {
    url,
    child,
    pid: child.pid!,
    log,
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(`${url}/api/categories`, child);
  } catch (error) {
    await portal.stop();
    throw new Error(`${String(error)} (log: ${log})`, { cause: error });
  }
  console.info(`Portal ${name}: ${url}, log ${log}`);
  return portal;
}

/** Waits until every portal is idle (their start-up work done); says how long it took. */
export async function settle(portals: readonly Portal[], limitS: number): Promise<void> {
  const waited = await Promise.all(portals.map((portal) => waitUntilIdle(portal.child, limitS)));
  console.info(waited.includes(null) ? 'Could not read the portals’ CPU use; measuring at once' : `Idle after ${Math.max(...(waited as number[])).toFixed(0)} s`);
}

/** A built-in game that plays online: the one the bots' rooms are for. */
export async function roomGame(portal: Portal): Promise<string> {
  for (const slug of ['four-in-a-row', 'paddle-duel']) if ((await fetch(`${portal.url}/api/games/${slug}`)).ok) return slug;
  throw new Error('neither four-in-a-row nor paddle-duel is in the catalog');
}
