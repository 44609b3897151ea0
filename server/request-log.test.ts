/** Request lines written straight to the JSON log are the very lines pino writes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { execFileSync } from 'node:child_process';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { bufferedStdout } from './logging';
import { RequestLogger, requestLoggerFactory } from './request-log';

const dir = mkdtempSync(join(tmpdir(), 'playfree-request-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = { method: 'GET', path: '/api/search/"quoted"\\é', status: 200, ms: 0.4 };
/** The time is the only field that differs between two lines written a moment apart. */
const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');

async function jsonLog(name: string, level = 'info') {
  const file = join(dir, name);
  const stream = bufferedStdout(file);
  await new Promise((resolve) => stream.once('ready', resolve));
  const root = pino({ level, redact: ['req.headers.cookie'] }, stream);
  const lines = async () => {
    // Request lines go to the destination at the end of the event loop's turn.
    await new Promise((resolve) => setImmediate(resolve));
    stream.flushSync();
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  };
  return { root, lines };
}

describe('RequestLogger', () => {
  it("writes a request's line as pino writes it, byte for byte but the time", async () => {
    const { root, lines } = await jsonLog('same.log');
    const logger = requestLoggerFactory(root, { reqId: 'req-7' }, {}) as unknown as RequestLogger;
    expect(logger).toBeInstanceOf(RequestLogger);
    logger.request(line);
    root.child({ reqId: 'req-7' }).info(line, 'request');
    // pino's line is written at once, the request line at the turn's end.
    const [byPino, direct] = await lines();
    expect(withoutTime(direct!)).toBe(withoutTime(byPino!));
    expect(JSON.parse(direct!)).toMatchObject({ level: 30, reqId: 'req-7', ...line, msg: 'request' });
  });

  it('writes no request line when the log level is above info', async () => {
    const { root, lines } = await jsonLog('quiet.log', 'warn');
    const logger = requestLoggerFactory(root, { reqId: 'req-1' }, {}) as unknown as RequestLogger;
    logger.request(line);
    logger.warn({ path: line.path }, 'slow');
    expect((await lines()).map((text) => (JSON.parse(text) as { msg: string }).msg)).toEqual(['slow']);
  });

  it("writes a turn's request lines together, in order, and those still waiting when the process exits", async () => {
    const { root, lines } = await jsonLog('turn.log');
    for (let i = 0; i < 3; i++) (requestLoggerFactory(root, { reqId: `req-${i}` }, {}) as unknown as RequestLogger).request(line);
    expect((await lines()).map((text) => (JSON.parse(text) as { reqId: string }).reqId)).toEqual(['req-0', 'req-1', 'req-2']);

    const file = join(dir, 'exit.log');
    const script = [
      "import pino from 'pino';",
      `import { bufferedStdout } from ${JSON.stringify(new URL('./logging.ts', import.meta.url).pathname)};`,
      `import { requestLoggerFactory } from ${JSON.stringify(new URL('./request-log.ts', import.meta.url).pathname)};`,
      `const stream = bufferedStdout(${JSON.stringify(file)});`,
      "stream.once('ready', () => {",
      "  requestLoggerFactory(pino({ level: 'info' }, stream), { reqId: 'req-last' }, {}).request({ method: 'GET', path: '/', status: 200, ms: 1 });",
      '  process.exit(0);',
      '});',
    ].join('\n');
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(readFileSync(file, 'utf8')).toContain('"reqId":"req-last"');
  });

  it("makes pino's child at the first other call, and its lines carry the request id", async () => {
    const { root, lines } = await jsonLog('child.log');
    const logger = requestLoggerFactory(root, { reqId: 'req-2' }, {}) as unknown as RequestLogger;
    logger.error({ err: new Error('boom') }, 'failed');
    logger.request(line);
    const written = (await lines()).map((text) => JSON.parse(text) as { reqId: string; msg: string; err?: { message: string } });
    expect(written.map(({ reqId, msg }) => [reqId, msg])).toEqual([
      ['req-2', 'failed'],
      ['req-2', 'request'],
    ]);
    expect(written[0]!.err?.message).toBe('boom');
  });

  it('leaves a log that is not plain JSON (the readable one, a test’s stream) to pino', () => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    });
    const root = pino({ level: 'info', formatters: { level: (label) => ({ level: label }) } }, stream);
    const logger = requestLoggerFactory(root, { reqId: 'req-3' }, {}) as unknown as RequestLogger;
    logger.request(line);
    expect(JSON.parse(written[0]!)).toMatchObject({ level: 'info', reqId: 'req-3', path: line.path, msg: 'request' });
  });

  it("gives a route with its own log level pino's child at once", async () => {
    const { root } = await jsonLog('level.log');
    const logger = requestLoggerFactory(root, { reqId: 'req-4' }, { level: 'error' });
    expect(logger).not.toBeInstanceOf(RequestLogger);
    expect(logger.level).toBe('error');
  });
});
