/**
 * Plays as games send them: `POST /api/games/{id}/play`, each by a visitor never seen
 * before (a fresh visitor cookie, server/domains/visitors/identity.ts, and a fresh
 * address behind the simulated proxy), so every play answered 2xx is a counted play,
 * not a repeat within PLAY_DEDUP_MINUTES.
 */
import { randomBytes } from 'node:crypto';
import { startNode, stop } from '../support';

/** One play: when it was sent, how long its answer took, its status (0: no answer within PLAY_TIMEOUT_MS). */
export type PlayRecord = { gameId: number; sentAt: number; ms: number; status: number; answeredPlays: number | null };

/** Longer than any wait the portal imposes, short enough to keep a stuck run bounded. */
const PLAY_TIMEOUT_MS = 30_000;

const visitor = () => randomBytes(16).toString('base64url');
const clientAddress = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

export async function play(portal: string, gameId: number): Promise<PlayRecord> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${portal}/api/games/${gameId}/play`, {
      method: 'POST',
      headers: { 'x-forwarded-for': clientAddress(), cookie: `pf_visitor=${visitor()}` },
      signal: AbortSignal.timeout(PLAY_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    const plays = (body as { plays?: unknown } | null)?.plays;
    return { gameId, sentAt, ms: performance.now() - sentAt, status: response.status, answeredPlays: typeof plays === 'number' ? plays : null };
  } catch {
    return { gameId, sentAt, ms: performance.now() - sentAt, status: 0, answeredPlays: null };
  }
}

/**
 * Plays at `perSecond` (in ticks of 50 ms) on games drawn from `gameIds`, sent until stopped; stop()
 * answers every play once all are answered. Used inside the play sender's own process.
 */
export function sendPlays(portal: string, perSecond: number, gameIds: readonly number[]): { stop(): Promise<PlayRecord[]> } {
  const pending: Promise<PlayRecord>[] = [];
  let owed = 0;
  const timer = setInterval(() => {
    owed += perSecond / 20;
    for (; owed >= 1; owed -= 1) pending.push(play(portal, gameIds[Math.floor(Math.random() * gameIds.length)]!));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Promise.all(pending);
    },
  };
}

/** Messages between the bench and its play sender (bench/scale/play-sender.ts). */
export type ToPlaySender = { start: { portal: string; perSecond: number; gameIds: number[] } } | { stop: true };
export type FromPlaySender = { ready: true } | { records: PlayRecord[] };

/**
 * The background plays, sent from a process of their own (bench/scale/play-sender.ts): sent from
 * the bench's process they took the CPU of the load generator measuring beside them, which an
 * outside measure's separate processes do not. `playsAt` starts sending at once.
 */
export async function startPlaySender(): Promise<{ playsAt(portal: string, perSecond: number, gameIds: readonly number[]): { stop(): Promise<PlayRecord[]> }; close(): Promise<void> }> {
  const child = startNode('bench/scale/play-sender.ts', {}, ['ignore', 'inherit', 'inherit', 'ipc']);
  const next = () =>
    new Promise<FromPlaySender>((resolve, reject) => {
      const exited = () => reject(new Error(`the play sender exited with ${child.exitCode}`));
      child.once('exit', exited);
      child.once('message', (message: FromPlaySender) => {
        child.off('exit', exited);
        resolve(message);
      });
    });
  await next();
  const send = (message: ToPlaySender) => child.send(message);
  return {
    playsAt(portal, perSecond, gameIds) {
      send({ start: { portal, perSecond, gameIds: [...gameIds] } });
      return {
        async stop() {
          const answer = next();
          send({ stop: true });
          const message = await answer;
          if (!('records' in message)) throw new Error('the play sender answered without its records');
          return message.records;
        },
      };
    },
    close: () => stop(child),
  };
}

/** "503×12, no answer×3": the answers that were not 2xx, by status. */
export function byStatus(records: readonly PlayRecord[]): string {
  const counts = new Map<number, number>();
  for (const { status } of records) if (status < 200 || status > 299) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status === 0 ? 'no answer' : status}×${count}`).join(', ');
}

export const answered2xx = (record: PlayRecord) => record.status >= 200 && record.status <= 299;
