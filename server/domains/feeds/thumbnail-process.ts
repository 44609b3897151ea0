/**
 * Imported games' thumbnails are made in a process of their own at the lowest CPU priority
 * (thumbnail-worker.ts). An import makes thousands: made by sharp on the portal's own threads,
 * they took the 2-core machine's cores from the players' requests (home's p99 4× its figure at
 * rest during a 10,000-item import, issue #58). The process also keeps the decoding of images from
 * other sites out of the portal's: a crash there loses that image's thumbnail, nothing else.
 * One process serves every import; it starts with the first image and ends after a minute idle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TSX_LOADER } from '../../tsx-loader';

export type ThumbnailJob = { id: number; image: Uint8Array };
export type ThumbnailAnswer = { id: number; webp?: Uint8Array; error?: string };

const WORKER = fileURLToPath(new URL('./thumbnail-worker.ts', import.meta.url));
/** Two images at once: both cores when the machine is idle, and what players leave when it is not. */
const IMAGES_AT_ONCE = 2;
const WORKER_HEAP_MB = 128;
const IDLE_MS = 60_000;

type Waiting = { resolve: (webp: Buffer) => void; reject: (error: Error) => void };

export class ThumbnailProcess {
  private child: ChildProcess | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** The image as a card WebP; rejects when it cannot be made (not an image, too large, the process died). */
  make(image: Buffer): Promise<Buffer> {
    const child = this.running();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.busy(child);
      child.send({ id, image } satisfies ThumbnailJob, (error) => {
        if (error) this.settle(id, { id, error: error.message });
      });
    });
  }

  /** Ends the process (the portal stopping); images still waiting are refused. */
  stop(): void {
    const child = this.child;
    this.child = null;
    if (child?.connected) child.disconnect();
    this.failAll('the thumbnail process was stopped');
  }

  /** The process's id while it runs (tests read its priority). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private running(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn(process.execPath, [`--max-old-space-size=${WORKER_HEAP_MB}`, '--import', TSX_LOADER, WORKER], {
      // Nothing of the portal's environment (its secrets) is needed to make an image.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', UV_THREADPOOL_SIZE: String(IMAGES_AT_ONCE) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    child.on('message', (answer: ThumbnailAnswer) => this.settle(answer.id, answer));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      this.failAll(`the thumbnail process ended (${signal ?? `exit code ${code}`})`);
    });
    child.once('error', () => child.kill());
    this.child = child;
    return child;
  }

  private settle(id: number, answer: ThumbnailAnswer): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    if (answer.webp) waiting.resolve(Buffer.from(answer.webp.buffer, answer.webp.byteOffset, answer.webp.byteLength));
    else waiting.reject(new Error(answer.error ?? 'no thumbnail'));
    if (this.waiting.size === 0 && this.child) this.idle(this.child);
  }

  private failAll(reason: string): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const { reject } of waiting) reject(new Error(reason));
  }

  /** Holds the portal's event loop open while images are waiting. */
  private busy(child: ChildProcess): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    child.ref();
    child.channel?.ref();
  }

  /** Idle: the portal may exit without waiting for it, and after a minute it ends. */
  private idle(child: ChildProcess): void {
    child.unref();
    child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      if (this.child === child && this.waiting.size === 0) this.stop();
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}
