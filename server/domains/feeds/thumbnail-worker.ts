/**
 * The thumbnail process (started by thumbnail-process.ts): makes each image it is sent into a card
 * WebP and sends it back. Every thread of it runs at the lowest CPU priority, so an import's
 * thousands of thumbnails take only the time the portal's requests leave; it ends when the portal
 * lets go of it or is gone.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import sharp from 'sharp';
import { toCardWebp } from './card-webp';
import type { ThumbnailAnswer, ThumbnailJob } from './thumbnail-process';

const LOWEST_PRIORITY = 19;

/** Linux keeps a priority per thread: every thread there now (V8's among them) is lowered, and those started later inherit it. */
function lowerEveryThread(): void {
  setPriority(LOWEST_PRIORITY);
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process's priority is the threads' priority.
  }
  for (const thread of threads) {
    try {
      setPriority(Number(thread), LOWEST_PRIORITY);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

// One image at a time per libuv thread (the portal starts this process with two of them), each on one of libvips' threads.
sharp.concurrency(1);
sharp.cache(false);
lowerEveryThread();

process.on('message', (job: ThumbnailJob) => {
  toCardWebp(job.image).then(
    (webp) => process.send!({ id: job.id, webp } satisfies ThumbnailAnswer),
    (error: unknown) => process.send!({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies ThumbnailAnswer),
  );
});
process.on('disconnect', () => process.exit(0));
