/** What both benches share: their processes, their statistics and their table of results. */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** What a browser says it accepts: the portal answers it compressed, as it answers players (the bare route ignores it). */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * The Node flags `npm run serve` (and `npm start`) give the portal, read from package.json's script,
 * so the benches start it exactly as it is served: today `--no-memory-reducer` (V8's memory reducer
 * shrinks an idle heap, and the first burst of requests after a quiet spell then set off a full
 * collection at once; docs/PERFORMANCE.md).
 */
export const PORTAL_NODE_FLAGS: string[] = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Starts a TypeScript entry point (relative to the repository) in a process of its own on
 * the Node running the bench, so the portal and the yardstick run on the same Node; the portal
 * with the flags it is served with.
 */
export function startNode(entry: string, env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  const flags = entry === 'server/index.ts' ? PORTAL_NODE_FLAGS : [];
  return spawn(process.execPath, [...flags, '--import', 'tsx', entry], { cwd: root, env: { ...process.env, ...env }, stdio });
}

/** One load for the load generator (bench/load-generator.ts): `paths` sent in turn, or `url`'s own path. */
export type LoadRequest = { url: string; connections: number; durationS: number; headers?: Record<string, string>; paths?: readonly string[] };
/** Requests a second (average), latency percentiles (ms), answers not 2xx plus errors, requests sent. */
export type LoadFigures = { rps: number; p50: number; p99: number; errors: number; sent: number };

/**
 * Runs one load from a process of its own (bench/load-generator.ts), as an outside measure runs
 * autocannon's command: the bench then measures as the outside measure does, and what is left
 * between the two is the machine's drift (docs/PERFORMANCE.md).
 */
export async function loadFromOwnProcess(load: LoadRequest): Promise<LoadFigures> {
  const child = startNode('bench/load-generator.ts', {}, ['ignore', 'inherit', 'inherit', 'ipc']);
  const answered = new Promise<LoadFigures>((resolve, reject) => {
    child.on('message', (message: LoadFigures | 'ready') => {
      if (message === 'ready') child.send(load);
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code} before answering`)));
  });
  try {
    return await answered;
  } finally {
    await stop(child);
  }
}

/** Waits until `url` answers 2xx; fails if the process exits or two minutes pass. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

/**
 * CPU seconds a process and everything it started (the portal's build checker and its Chromium)
 * have used so far, with their children that have ended (Linux's /proc; clock ticks of 1/100 s).
 */
function cpuSeconds(pid: number): number {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // The command name, in parentheses, may hold spaces: fields are counted after it.
        const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return [{ pid: Number(name), parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) }];
      } catch {
        return []; // ended meanwhile
      }
    });
  const inTree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const process of processes) if (!inTree.has(process.pid) && inTree.has(process.parent)) grew = Boolean(inTree.add(process.pid));
  }
  if (!processes.some((process) => process.pid === pid)) throw new Error(`process ${pid} is gone`);
  return processes.filter((process) => inTree.has(process.pid)).reduce((sum, process) => sum + process.ticks, 0) / 100;
}

/**
 * Waits until a process the bench started has finished the work it does on its own after it
 * answers (the portal builds its search index in the background; with a fresh data folder its
 * build checker tries the built-in games in Chromium for a few minutes): until it and the
 * processes it started use less than a tenth of a core for two seconds in a row, at most `limitS`
 * seconds. Answers the seconds waited (null where /proc cannot be read, and nothing was waited for).
 */
export async function waitUntilIdle(child: ChildProcess, limitS = 360): Promise<number | null> {
  const started = performance.now();
  let quietSeconds = 0;
  try {
    let used = cpuSeconds(child.pid!);
    while (quietSeconds < 2 && performance.now() - started < limitS * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = cpuSeconds(child.pid!);
      quietSeconds = now - used < 0.1 ? quietSeconds + 1 : 0;
      used = now;
    }
  } catch {
    return null;
  }
  return (performance.now() - started) / 1000;
}

/** Stops a process the bench started and waits for it to be gone (killed if it has not shut down within 15 s). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(kill);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** One line of the results: `pass` is null for a figure without a goal. */
export type Row = { metric: string; figure: string; goal: string; pass: boolean | null; detail?: Record<string, unknown> };

export function printTable(rows: readonly Row[]): void {
  console.info('');
  console.info('| metric | figure | goal | |');
  console.info('|---|---|---|---|');
  for (const row of rows) console.info(`| ${row.metric} | ${row.figure} | ${row.goal} | ${row.pass === null ? '' : row.pass ? '✓' : '✗'} |`);
  const missed = rows.filter((row) => row.pass === false);
  console.info(missed.length === 0 ? '\nEvery goal met.' : `\n${missed.length} goal(s) missed: ${missed.map((row) => row.metric).join('; ')}`);
}

/** Signs in as a developer or admin would on a portal without SMTP (`DATA_DIR` set to `dataDir`): the code comes from the dev outbox. */
export async function signInThroughOutbox(portal: string, dataDir: string, email: string): Promise<string> {
  const asked = await fetch(`${portal}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (!asked.ok) throw new Error(`signing ${email} in answered ${asked.status}: ${await asked.text()}`);
  const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { to: string; text: string });
  const code = mails.findLast((mail) => mail.to === email)!.text.match(/code is (\d{4}) (\d{4})/)!;
  const verified = await fetch(`${portal}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, code: `${code[1]}${code[2]}` }) });
  if (!verified.ok) throw new Error(`verifying ${email} answered ${verified.status}: ${await verified.text()}`);
  return ((await verified.json()) as { token: string }).token;
}

/** The items of a list answer: a plain array, or the array an object holds (`items`, `suggestions`). */
export function itemsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') return Object.values(body).find(Array.isArray) ?? [];
  return [];
}
