/**
 * Room processes as Redis sees them. Each process Colyseus accepts holds a channel `p:{processId}`
 * on its own Redis connection, which Redis drops the moment the process dies (its socket closes),
 * so "has its channel" is "alive". Colyseus uses this only when a process starts, or when a seat
 * or a room asked of a dead process times out (2 s); a process killed outright otherwise leaves
 * its rooms listed, and keeps being chosen for new rooms. Here: new rooms go only to live
 * processes, and every process sweeps the dead ones' listings away (with Colyseus' own health
 * check, which a process that was only cut off from Redis for a moment answers, or restores its
 * listings after). A process that hosts rooms also lists itself and its rooms again on each sweep
 * when Redis lost them (restarted empty, or flushed): Colyseus alone would count it again only
 * when its rooms change, and never list its rooms again.
 */
import { matchMaker, type Presence } from '@colyseus/core';
import { RoomPlacement } from './placement';

/** How often each process looks for dead processes: their listings are gone within this plus 2 s. */
export const SWEEP_INTERVAL_MS = 10_000;

const CHANNEL_PREFIX = 'p:';

export async function liveProcessIds(presence: Presence): Promise<Set<string>> {
  return new Set((await presence.channels(`${CHANNEL_PREFIX}*`)).map((channel) => channel.slice(CHANNEL_PREFIX.length)));
}

export async function isProcessAlive(presence: Presence, processId: string): Promise<boolean> {
  return (await presence.channels(`${CHANNEL_PREFIX}${processId}`)).length > 0;
}

const placement = new RoomPlacement();

/**
 * Where a new room goes: the live room process with the fewest rooms, counted as ./placement.ts
 * corrects Colyseus' counts (undefined: none, the engine refuses).
 */
export async function selectLiveProcess(): Promise<string | undefined> {
  const live = await liveProcessIds(matchMaker.presence);
  const candidates = (await matchMaker.stats.fetchAll()).filter((stat) => live.has(stat.processId));
  return placement.pick(candidates, matchMaker.processId);
}

/** Health-checks every process that has rooms listed or counted but no channel (Colyseus then drops its listings). */
export async function sweepDeadProcesses(): Promise<void> {
  const live = await liveProcessIds(matchMaker.presence);
  const known = new Set([...(await matchMaker.stats.fetchAll()).map((stat) => stat.processId), ...(await matchMaker.driver.query({})).map((room) => room.processId)]);
  const dead = [...known].filter((processId) => processId !== matchMaker.processId && !live.has(processId));
  await Promise.all(dead.map((processId) => matchMaker.healthCheckProcessId(processId)));
}

/** What a process that hosts rooms keeps in Redis: its room count (where new rooms go) and its rooms' listings. */
async function relistOwnRooms(): Promise<void> {
  await matchMaker.stats.persist(true);
  await matchMaker.restoreMissingRoomCaches();
}

export function startDeadProcessSweep({ hostsRooms }: { hostsRooms: boolean }): { stop(): void } {
  let sweeping = false;
  const timer = setInterval(() => {
    // Redis down: a sweep waits for it (never two at once) or fails, and the next one tries again
    // (the outage itself is /api/ready's to report).
    if (sweeping) return;
    sweeping = true;
    (hostsRooms ? relistOwnRooms() : Promise.resolve())
      .then(sweepDeadProcesses)
      .catch(() => undefined)
      .finally(() => (sweeping = false));
  }, SWEEP_INTERVAL_MS).unref();
  return { stop: () => clearInterval(timer) };
}
