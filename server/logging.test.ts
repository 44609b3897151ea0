/** The JSON log's stdout: lines gathered a few kilobytes at a time, none kept longer than LOG_FLUSH_MS. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedStdout, LOG_BUFFER_BYTES, LOG_FLUSH_MS } from './logging';

const dir = mkdtempSync(join(tmpdir(), 'playfree-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('bufferedStdout', () => {
  it('holds a few lines back, then writes them within LOG_FLUSH_MS', async () => {
    const file = join(dir, 'few.log');
    const stream = bufferedStdout(file);
    await new Promise((resolve) => stream.once('ready', resolve));
    const log = pino({ level: 'info' }, stream);
    log.info({ method: 'GET', path: '/api/home', status: 200, ms: 0.4 }, 'request');
    await sleep(20);
    expect(lines(file)).toEqual([]);
    await sleep(LOG_FLUSH_MS * 3);
    expect(lines(file).map((line) => (JSON.parse(line) as { path: string }).path)).toEqual(['/api/home']);
    stream.end();
  });

  it('writes at once when more than LOG_BUFFER_BYTES are waiting', async () => {
    const file = join(dir, 'many.log');
    const stream = bufferedStdout(file);
    await new Promise((resolve) => stream.once('ready', resolve));
    const log = pino({ level: 'info' }, stream);
    const count = Math.ceil((2 * LOG_BUFFER_BYTES) / 100);
    for (let i = 0; i < count; i++) log.info({ method: 'GET', path: `/api/games/game-${i}`, status: 200, ms: 0.4 }, 'request');
    await sleep(LOG_FLUSH_MS / 5);
    expect(lines(file).length).toBeGreaterThan(0);
    stream.end();
  });
});
