import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ThumbnailProcess } from './thumbnail-process';

/** The nice value of each thread of a process (Linux keeps one per thread): field 19 of its stat line. */
function threadPriorities(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** A distributor's banner: a JPEG of another shape than the cards'. */
const photo = () => sharp({ create: { width: 1024, height: 512, channels: 3, background: '#c83' } }).jpeg().toBuffer();

describe('the thumbnail process', { timeout: 60_000 }, () => {
  const maker = new ThumbnailProcess();
  afterAll(() => maker.stop());
  it('makes a card WebP of 400 × 300 from a distributor’s image', async () => {
    const webp = await maker.make(await photo());
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it.runIf(process.platform === 'linux')('runs in a process of its own whose every thread has the lowest priority', async () => {
    await maker.make(await photo());
    const pid = maker.pid!;
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(19);
    const priorities = threadPriorities(pid);
    // Node's main thread, V8's platform threads, libuv's two and libvips's own: none left at the portal's priority.
    expect(priorities.length).toBeGreaterThan(3);
    expect(new Set(priorities)).toEqual(new Set([19]));
  });

  it('refuses what is not an image, and goes on making the next one', async () => {
    await expect(maker.make(Buffer.from('<html>not an image</html>'))).rejects.toThrow(/unsupported image format/i);
    expect((await sharp(await maker.make(await photo())).metadata()).width).toBe(400);
  });

  it('loses only the images in hand when its process dies, and starts a new one for the next', async () => {
    await maker.make(await photo());
    const first = maker.pid!;
    const inHand = maker.make(await photo());
    process.kill(first, 'SIGKILL');
    await expect(inHand).rejects.toThrow(/thumbnail process ended/);
    expect((await sharp(await maker.make(await photo())).metadata()).height).toBe(300);
    expect(maker.pid).not.toBe(first);
  });
});
