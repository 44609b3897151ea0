/**
 * Which room process a new room goes to, when several share Redis: the one with the fewest rooms,
 * as Colyseus chooses by default, but with the counts corrected. Each process writes its room
 * count to Redis at most once a second, and not at all while its rooms keep changing faster than
 * that (each change puts the write off again), so a burst of rooms opened through one instance all
 * went to the process whose count still read 0: 99 of 100 in the rooms bench (npm run bench --
 * --rooms). Here the count read for another process is raised by the rooms this process has itself
 * placed there since that count last changed; a tie goes to this process (no hop).
 */

/** A process's room count as Colyseus lists it (matchMaker.stats.fetchAll()). */
export type ProcessRooms = { processId: string; roomCount: number };

export class RoomPlacement {
  /** Per other process: its count as last read, and the rooms placed there since it last changed. */
  private readonly placed = new Map<string, { seen: number; since: number }>();

  /** The process for a new room among `processes` (this one is `self`), or undefined when there is none. */
  pick(processes: readonly ProcessRooms[], self: string): string | undefined {
    let chosen: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const { processId, roomCount } of processes) {
      let count = roomCount;
      if (processId !== self) {
        const mine = this.placed.get(processId);
        // A count that moved has been written since: it holds the rooms placed there before.
        if (mine?.seen === roomCount) count += mine.since;
        else this.placed.set(processId, { seen: roomCount, since: 0 });
      }
      if (count < fewest || (count === fewest && processId === self)) {
        chosen = processId;
        fewest = count;
      }
    }
    // Processes no longer listed (ended) are forgotten.
    for (const processId of this.placed.keys()) if (!processes.some((process) => process.processId === processId)) this.placed.delete(processId);
    if (chosen !== undefined && chosen !== self) this.placed.get(chosen)!.since += 1;
    return chosen;
  }
}
