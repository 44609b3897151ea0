/**
 * What the rooms bench counts, shared by the bot processes (bots.ts) and the bench that sums
 * their reports (load.ts): one-way latencies in a histogram (a bot process receives some 60,000
 * messages a second: no array of samples), and per sender the messages lost and reordered.
 */

/** A bucket is 0.05 ms wide; past 10 s everything falls in the last one. */
const BUCKET_MS = 0.05;
const BUCKETS = 200_000;

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;

  add(ms: number): void {
    this.counts[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
    this.count += 1;
  }

  /** The buckets that hold anything, as [bucket, count] pairs: what crosses the IPC channel. */
  toSparse(): [number, number][] {
    const pairs: [number, number][] = [];
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) if (this.counts[bucket]) pairs.push([bucket, this.counts[bucket]!]);
    return pairs;
  }

  addSparse(pairs: readonly [number, number][]): void {
    for (const [bucket, count] of pairs) {
      this.counts[bucket]! += count;
      this.count += count;
    }
  }

  /** The latency under which `p` % of the messages arrived (the upper edge of its bucket), in ms. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      seen += this.counts[bucket]!;
      if (seen >= rank) return (bucket + 1) * BUCKET_MS;
    }
    return BUCKETS * BUCKET_MS;
  }
}

/**
 * One receiver's view of one sender in its room. Sequence numbers start at 0 for each run; a
 * number past the one expected is a gap (messages missing, for now), one below it arrived after
 * a later one: reordered. Lost is counted at the end, once in-flight messages have drained:
 * sent by the sender minus received from it.
 */
export type SenderTrack = { expected: number; received: number };

export function track(inbox: Map<number, SenderTrack>, sender: number, seq: number): 'inOrder' | 'gap' | 'reordered' {
  let entry = inbox.get(sender);
  if (!entry) inbox.set(sender, (entry = { expected: 0, received: 0 }));
  entry.received += 1;
  if (seq === entry.expected) {
    entry.expected += 1;
    return 'inOrder';
  }
  if (seq > entry.expected) {
    entry.expected = seq + 1;
    return 'gap';
  }
  return 'reordered';
}

/** A relayed message as bots send it: the run it belongs to, its sender, its sequence number and the sender's clock (performance.now()). */
export type BotMessage = [run: number, sender: number, seq: number, sentAt: number];

/** What a bot process reports when a run stops. */
export type RunReport = {
  /** Messages sent during the whole run, and since the measurement mark. */
  sent: number;
  sentMeasured: number;
  /** Messages received since the mark (each message reaches the room's three other players). */
  receivedMeasured: number;
  /** Seconds from the mark to the stop. */
  measuredSeconds: number;
  latency: [number, number][];
  /** Over the whole run, once in-flight messages have drained: per receiver and sender. */
  lost: number;
  reordered: number;
  gaps: number;
  /** Connections that dropped or closed during the run. */
  drops: number;
};
