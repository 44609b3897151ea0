/**
 * Long loops of the search index's builds (search-snapshot.ts, search-delta.ts) cut into short
 * pieces, so requests arriving meanwhile wait milliseconds, not the whole build.
 */

/**
 * The longest the build works before letting waiting requests in. A rebuild of 200,000 games takes
 * about two seconds of this process's time; in pieces of this size a search arriving meanwhile
 * waits a few milliseconds for it, not the 100–300 ms that sorting a vocabulary of 100,000 new
 * words in one go took. Under a full load the requests between two pieces take most of the loop,
 * so smaller pieces make the rebuild itself slower: when every change read the whole catalog again,
 * 100,000 games written at once were found 10 s after the commit in the scale bench at 4 ms, 7.5 s
 * at 8 ms, with the searches' p99 about the same (108 and 117 ms, within the runs' spread).
 */
const SLICE_MS = 8;

/** Tells a long loop when it has worked for SLICE_MS: `if (slice.due()) await slice.pause()`. */
export class TimeSlice {
  private since = performance.now();
  /** Checked often and cheaply; the clock is read on every 64th call. */
  private calls = 0;

  due(): boolean {
    return (++this.calls & 63) === 0 && performance.now() - this.since >= SLICE_MS;
  }

  async pause(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `words` sorted by byCodeUnit, in slices: sorted runs of a few thousand, then merged pairwise. */
export async function sortInSlices(words: string[], slice: TimeSlice): Promise<string[]> {
  const RUN = 4_096;
  let runs: string[][] = [];
  for (let at = 0; at < words.length; at += RUN) {
    runs.push(words.slice(at, at + RUN).sort(byCodeUnit));
    if (slice.due()) await slice.pause();
  }
  while (runs.length > 1) {
    const merged: string[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      const [left, right] = [runs[index]!, runs[index + 1]];
      if (!right) {
        merged.push(left);
        continue;
      }
      const both: string[] = [];
      for (let [l, r] = [0, 0]; l < left.length || r < right.length; ) {
        both.push(r >= right.length || (l < left.length && left[l]! <= right[r]!) ? left[l++]! : right[r++]!);
        if (slice.due()) await slice.pause();
      }
      merged.push(both);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}
