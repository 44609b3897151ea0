/**
 * Players in rooms (server/rooms/), per game, for "playing now". The rooms engine is asked in the
 * background every few seconds, never per request: the read model only looks this map up when it
 * builds a game's counts (server/domains/games/read-model.ts), so GET /api/home stays as fast.
 */

/** How often the rooms' player counts are read (on every room process, through the engine's room list). */
export const ROOM_PLAYERS_REFRESH_MS = 5_000;

let playersBySlug: ReadonlyMap<string, number> = new Map();

/** Replaces the counts (the refresher's latest reading; a test's own). */
export function setRoomPlayers(counts: ReadonlyMap<string, number>): void {
  playersBySlug = counts;
}

/**
 * "Playing now" for a game: the visitors the play heartbeat saw in the last minutes, or the
 * players in its rooms when more. Not their sum: a room player sits on the game's page, which
 * records a play as the frame loads and play time every minute of gameplay (each noting the
 * visitor seen), so nearly every room player is in the heartbeat's count already, and a seat
 * carries no visitor key to tell who is. The larger of the two never counts anyone twice and
 * never shows fewer than the players in rooms (one waiting in a lobby past the 5 minutes).
 */
export function playingNowOf(slug: string, seenByHeartbeat: number): number {
  return Math.max(seenByHeartbeat, playersBySlug.get(slug) ?? 0);
}

/** Reads the counts now and every `everyMs`; a failed reading keeps the last one (and is reported). */
export function startRoomPlayersRefresh(
  read: () => Promise<ReadonlyMap<string, number>>,
  { everyMs = ROOM_PLAYERS_REFRESH_MS, onError }: { everyMs?: number; onError: (error: unknown) => void },
): { stop(): void } {
  let running = false;
  const refresh = async () => {
    if (running) return;
    running = true;
    try {
      setRoomPlayers(await read());
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
