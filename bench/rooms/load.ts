/**
 * The rooms bench's load: a fleet of bot processes (bots.ts) against the portal's rooms or the
 * bare relay, rooms dealt out among the processes in turn, and one measured run of them: all
 * players sending, a warm-up, then a measured window in which the servers' CPU time and memory
 * are read from /proc, then a stop that lets in-flight messages arrive and sums the reports.
 */
import type { ChildProcess } from 'node:child_process';
import { startNode, stop } from '../support';
import { cpuSeconds, rssMb, sum } from './proc';
import { LatencyHistogram, type RunReport } from './stats';

export type FleetTarget = { kind: 'portal'; portals: string[]; game: string } | { kind: 'bare'; url: string };

/** One measured run at one number of rooms. */
export type RunResult = {
  rooms: number;
  connections: number;
  p50: number;
  p99: number;
  /** Relayed messages the players sent a second, and deliveries they received (three per message). */
  sentPerSecond: number;
  deliveredPerSecond: number;
  /** Cores the servers (the portal's or relay's processes, their own CPU time) and the bot processes used in the window. */
  serverCores: number;
  botCores: number;
  /** The servers' resident memory, the mean of one sample a second in the window. */
  serverRssMb: number;
  sent: number;
  lost: number;
  reordered: number;
  gaps: number;
  drops: number;
  seconds: number;
};

type Answer = { id: number; error?: string } & Record<string, unknown>;

let nextRun = 0;
let nextCommand = 0;

function ask<T extends Answer>(child: ChildProcess, command: object): Promise<T> {
  const id = nextCommand++;
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) return reject(new Error('the bot process has ended'));
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (answer.error) reject(new Error(answer.error));
      else resolve(answer as T);
    };
    const onExit = (code: number | null) => reject(new Error(`a bot process exited (${code}) during ${JSON.stringify(command)}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send({ id, ...command });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Fleet {
  rooms = 0;
  private stopped = false;

  private constructor(private readonly bots: ChildProcess[]) {}

  static async start(target: FleetTarget, processes: number): Promise<Fleet> {
    const env = (index: number): Record<string, string> => ({
      BENCH_BOTS_KIND: target.kind,
      BENCH_BOTS_OFFSET: String(index),
      BENCH_BOTS_STRIDE: String(processes),
      ...(target.kind === 'portal' ? { BENCH_BOTS_PORTALS: target.portals.join(','), BENCH_BOTS_GAME: target.game } : { BENCH_BOTS_BARE_URL: target.url }),
    });
    const bots = Array.from({ length: processes }, (_, index) => startNode('bench/rooms/bots.ts', env(index), ['ignore', 'inherit', 'inherit', 'ipc']));
    await Promise.all(
      bots.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.once('message', () => resolve());
            child.once('exit', (code) => reject(new Error(`a bot process exited (${code}) as it started`)));
          }),
      ),
    );
    return new Fleet(bots);
  }

  get pids(): number[] {
    return this.bots.map((child) => child.pid!);
  }

  /** Opens rooms (or leaves some) until there are `total`, dealt out in turn; answers why any failed to open. */
  async resize(total: number): Promise<string[]> {
    const share = (index: number) => Math.floor(total / this.bots.length) + (index < total % this.bots.length ? 1 : 0);
    const answers = await Promise.all(this.bots.map((child, index) => ask<Answer & { rooms: number; failures: string[] }>(child, { type: 'resize', rooms: share(index) })));
    this.rooms = sum(answers.map((answer) => answer.rooms));
    return answers.flatMap((answer) => answer.failures);
  }

  /** Every player sends `rate` messages a second: `warmS` seconds unmeasured, then `measureS` measured. */
  async run(options: { rate: number; warmS: number; measureS: number; serverPids: number[] }): Promise<RunResult> {
    const run = nextRun++;
    const all = (command: object) => Promise.all(this.bots.map((child) => ask(child, command)));
    await all({ type: 'start', run, rate: options.rate });
    await sleep(options.warmS * 1000);
    const serverCpu = sum(options.serverPids.map(cpuSeconds));
    const botCpu = sum(this.pids.map(cpuSeconds));
    const began = performance.now();
    await all({ type: 'mark' });
    const rss: number[] = [];
    for (let second = 0; second < options.measureS; second += 1) {
      await sleep(1000);
      rss.push(sum(options.serverPids.map(rssMb)));
    }
    const seconds = (performance.now() - began) / 1000;
    const serverCores = (sum(options.serverPids.map(cpuSeconds)) - serverCpu) / seconds;
    const botCores = (sum(this.pids.map(cpuSeconds)) - botCpu) / seconds;
    const reports = (await all({ type: 'stop' })).map((answer) => (answer as Answer & { report: RunReport }).report);
    const latency = new LatencyHistogram();
    for (const report of reports) latency.addSparse(report.latency);
    const total = (key: 'sent' | 'sentMeasured' | 'receivedMeasured' | 'lost' | 'reordered' | 'gaps' | 'drops') => sum(reports.map((report) => report[key]));
    const measured = Math.max(...reports.map((report) => report.measuredSeconds));
    return {
      rooms: this.rooms,
      connections: this.rooms * 4,
      p50: latency.percentile(50),
      p99: latency.percentile(99),
      sentPerSecond: total('sentMeasured') / measured,
      deliveredPerSecond: total('receivedMeasured') / measured,
      serverCores,
      botCores,
      serverRssMb: sum(rss) / rss.length,
      sent: total('sent'),
      lost: total('lost'),
      reordered: total('reordered'),
      gaps: total('gaps'),
      drops: total('drops'),
      seconds: measured,
    };
  }

  /** Leaves every room (the players' sockets close), then ends the bot processes. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.allSettled(this.bots.map((child) => ask(child, { type: 'close' })));
    await Promise.all(this.bots.map((child) => stop(child)));
  }
}
