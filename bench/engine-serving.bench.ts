/**
 * `npm run bench` (engine exports part, issues #47 and #56; alone: `npm run bench -- --engine-serving`).
 *
 * Issue #56: a real Godot 4.6 export with a 38 MB `index.wasm` (the test corpus's, fetched from npm)
 * uploaded as it is: how long its upload takes now that the portal
 * compresses it once then; the CPU seconds the portal's process spends (Linux's /proc, user +
 * system) while 50 clients download that wasm at once as browsers ask (brotli accepted), and the
 * bytes sent against the bytes stored (the brotli form, read as stored: goal ≤ 0.2 s of CPU for all
 * 50), twice: straight to the games port, where the portal sends the bytes through Node's streams,
 * and through Debian's nginx running docs/OPERATIONS.md's block (BUILD_FILES_OFFLOAD=x-accel-redirect:
 * the portal answers the headers, nginx sends the file), with nginx's CPU beside the portal's; and
 * the time from opening its game page to its first frame. The portal runs with the offload set: a
 * request that did not come through nginx is streamed exactly as without it.
 *
 * Issue #47: a Unity-style build of some 30 MB stored brotli-compressed (`Build/game.wasm.br` of incompressible
 * data, `.data.br`, `.framework.js.br`, a loader that instantiateStreaming's the wasm from an
 * inline script) is uploaded, checked and published on a portal started as `npm start` starts
 * it (server/index.ts, its web app built into a temporary folder). Then:
 *  - the time from opening the game's page in Chromium (a fresh profile each time) to the game's
 *    first frame, its wasm instantiated and its data read (3 rounds, the median);
 *  - the bytes the games origin sends for the stored .br files against the bytes stored (goal:
 *    equal: sent as stored, never compressed again);
 *  - the portal's memory (resident set, sampled every 50 ms) while 50 clients download the wasm
 *    at once.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median, printTable, root, signInThroughOutbox, startNode, stop, waitFor, type Row } from './support';
import { zipOf } from '../tests/support/zips';
import { realBuildFiles } from '../tests/support/real-builds';
import { canvasColours } from '../e2e/canvas-support';
import { startNginx, type RunningNginx } from '../tests/support/nginx';

const PORT = 3850;
const GAMES_PORT = PORT + 1;
/** nginx in front of the games origin, with docs/OPERATIONS.md's block (BUILD_FILES_OFFLOAD). */
const NGINX_PORT = PORT + 5;
const portal = `http://localhost:${PORT}`;
const CLIENTS = 50;
const ROUNDS = process.argv.includes('--quick') ? 1 : 3;
const WASM_DATA_MB = 28;

/** An unsigned LEB128 number, as wasm writes sizes. */
function leb(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return Buffer.from(bytes);
}

/** A valid wasm module whose memory holds `data` (one active data segment): what an engine's code and tables weigh. */
function wasmModule(data: Buffer): Buffer {
  const section = (id: number, body: Buffer) => Buffer.concat([Buffer.from([id]), leb(body.length), body]);
  const pages = Math.ceil(data.length / 65_536) + 1;
  return Buffer.concat([
    Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
    section(1, Buffer.from([1, 0x60, 0, 0])), // one type: () -> ()
    section(3, Buffer.from([1, 0])), // one function of that type
    section(5, Buffer.concat([Buffer.from([1, 0]), leb(pages)])), // one memory, at least `pages`
    section(7, Buffer.concat([Buffer.from([1, 5]), Buffer.from('start'), Buffer.from([0, 0])])), // export "start"
    section(10, Buffer.from([1, 2, 0, 0x0b])), // its body: nothing
    section(11, Buffer.concat([Buffer.from([1, 0, 0x41, 0, 0x0b]), leb(data.length), data])), // data at offset 0
  ]);
}

/** The real Godot 4.6 export of the test corpus (its 38 MB index.wasm not compressed by its author), with a thumbnail. */
function godotExport(): Record<string, Buffer> {
  return {
    ...realBuildFiles('godot4-shader-viewer'),
    'thumb.png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
  };
}

/** CPU seconds (user + system) a process has used so far (Linux's /proc). */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const brotli = (bytes: Buffer) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

/** The Unity-style export, as stored: every Build/ file pre-compressed with brotli. */
function unityStyleBuild(): Record<string, Buffer> {
  const index = `<!doctype html><title>Brotli Build</title><canvas id="c" width="320" height="180"></canvas><p id="state">loading</p>
<script src="Build/game.framework.js.br"></script>
<script>
const state = document.getElementById('state');
Promise.all([WebAssembly.instantiateStreaming(fetch('Build/game.wasm.br')), fetch('Build/game.data.br').then((r) => r.arrayBuffer())])
  .then(([wasm, data]) => {
    wasm.instance.exports.start();
    requestAnimationFrame(() => {
      const ctx = document.getElementById('c').getContext('2d');
      ctx.fillStyle = '#4a8'; ctx.fillRect(0, 0, 320, 180);
      requestAnimationFrame(() => { state.textContent = 'first-frame ' + data.byteLength + ' ' + window.frameworkLoaded; });
    });
  })
  .catch((error) => { state.textContent = 'error ' + error; });
</script>`;
  return {
    'index.html': Buffer.from(index),
    'Build/game.framework.js.br': brotli(Buffer.from(`window.frameworkLoaded = true;\n${'/* engine runtime */\n'.repeat(20_000)}`)),
    'Build/game.wasm.br': brotli(wasmModule(randomBytes(WASM_DATA_MB * 1024 * 1024))),
    'Build/game.data.br': brotli(randomBytes(2 * 1024 * 1024)),
    'thumb.png': Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
  };
}

/** `CLIENTS` downloads of `path` at once through `port`: their answers, how long, and the CPU seconds each of `pids` spent meanwhile. */
async function downloadAll(host: string, port: number, pids: number[]): Promise<{ answers: Awaited<ReturnType<typeof download>>[]; took: number; cpu: number[] }> {
  const before = pids.map(cpuSeconds);
  const began = performance.now();
  const answers = await Promise.all(Array.from({ length: CLIENTS }, () => download(host, '/index.wasm', port)));
  const took = (performance.now() - began) / 1000;
  return { answers, took, cpu: pids.map((pid, index) => cpuSeconds(pid) - before[index]!) };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** GET of a file on a game's host as a browser asks (brotli accepted): the body's bytes as they came over the wire, and the encoding. */
function download(host: string, path: string, port = GAMES_PORT): Promise<{ bytes: number; encoding: string | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port, path, headers: { host, 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'], status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The resident memory of a process, in MB (Linux's /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

const dataDir = mkdtempSync(join(tmpdir(), 'playfree-engine-bench-'));
const distDir = `${dataDir}-dist`;
const logFile = join(tmpdir(), `playfree-engine-bench-${process.pid}.log`);
const ADMIN = 'bench-admin@example.com';
const rows: Row[] = [];
let server: ReturnType<typeof startNode> | undefined;
let nginx: RunningNginx | undefined;
try {
  console.info('Building the web app…');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--outDir', distDir], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
  server = startNode('server/index.ts', { PORT: String(PORT), GAMES_PORT: String(GAMES_PORT), DATA_DIR: dataDir, WEB_DIST_DIR: distDir, ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'warn', BUILD_FILES_OFFLOAD: 'x-accel-redirect' }, ['ignore', openSync(logFile, 'w'), 'inherit']);
  console.info(`Portal log: ${logFile}`);
  await waitFor(`${portal}/api/categories`, server);

  console.info('Generating, uploading and publishing the build…');
  const files = unityStyleBuild();
  const stored = Object.entries(files).filter(([path]) => path.endsWith('.br'));
  const storedBytes = stored.reduce((sum, [, bytes]) => sum + bytes.length, 0);
  const developer = await signInThroughOutbox(portal, dataDir, 'bench-engine@example.com');
  const admin = await signInThroughOutbox(portal, dataDir, ADMIN);
  const game = await json<{ id: number; slug: string }>(
    await fetch(`${portal}/api/dev/games`, { method: 'POST', headers: auth(developer), body: JSON.stringify({ title: 'Brotli Build (bench)', description: 'A Unity-style export of 30 MB, stored brotli-compressed.', hosted: true, categories: ['arcade'] }) }),
  );
  const zip = await zipOf(files);
  const build = await json<{ id: number }>(await fetch(`${portal}/api/dev/games/${game.id}/builds`, { method: 'POST', headers: { authorization: `Bearer ${developer}`, 'content-type': 'application/zip' }, body: new Uint8Array(zip) }));
  for (let status = 'CHECKING'; status === 'CHECKING'; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    const checked = await json<{ status: string; checks: { verdict: string; items: { id: string; verdict: string; measured: string }[] } | null }>(
      await fetch(`${portal}/api/dev/games/${game.id}/builds/${build.id}`, { headers: auth(developer) }),
    );
    status = checked.status;
    const notPassed = checked.checks?.items.filter((item) => item.verdict !== 'pass').map((item) => `${item.id} ${item.verdict}: ${item.measured}`);
    if (status !== 'CHECKING') console.info(`checks: ${status}${notPassed?.length ? ` (${notPassed.join('; ')})` : ''}`);
  }
  await json(await fetch(`${portal}/api/dev/games/${game.id}/builds/${build.id}/submit`, { method: 'POST', headers: auth(developer) }));
  await json(await fetch(`${portal}/api/admin/games/${game.id}/approve`, { method: 'POST', headers: auth(admin) }));
  const gameHost = `${game.slug}.localhost:${GAMES_PORT}`;
  await new Promise((resolve) => setTimeout(resolve, 5_500)); // the games origin trusts a live build 5 s

  // Bytes sent against bytes stored, for each pre-compressed file.
  let sentBytes = 0;
  const encodings = new Set<string | undefined>();
  for (const [path] of stored) {
    const answer = await download(gameHost, `/${path}`);
    if (answer.status !== 200) throw new Error(`/${path} answered ${answer.status}`);
    sentBytes += answer.bytes;
    encodings.add(answer.encoding);
  }
  rows.push({
    metric: `Bytes sent for the build's ${stored.length} stored .br files (Accept-Encoding: br)`,
    figure: `${sentBytes.toLocaleString('en')} sent, ${storedBytes.toLocaleString('en')} stored (Content-Encoding ${[...encodings].join(', ')})`,
    goal: 'equal (sent as stored, never compressed again)',
    pass: sentBytes === storedBytes && encodings.size === 1 && encodings.has('br'),
  });

  // Opening the game's page to its first frame, in a fresh browser profile each round.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'] });
  const seconds: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${portal}/games/${game.slug}`);
      const state = page.frameLocator('iframe[title="Brotli Build (bench) game"]').locator('#state');
      await state.filter({ hasText: /^(first-frame|error)/ }).waitFor({ timeout: 120_000 });
      const text = await state.textContent();
      if (!text?.startsWith('first-frame')) throw new Error(`the game did not start: ${text}`);
      seconds.push((performance.now() - started) / 1000);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  rows.push({
    metric: `Opening the game page to the game's first frame: ${(storedBytes / 1024 / 1024).toFixed(1)} MB stored brotli, wasm by instantiateStreaming (Chromium, fresh profile, loopback; ${ROUNDS} rounds)`,
    figure: `median ${median(seconds).toFixed(2)} s [${seconds.map((value) => value.toFixed(2)).join(', ')}]`,
    goal: 'measured',
    pass: null,
  });

  // Issue #56: the 38 MB wasm uploaded uncompressed, compressed once by the portal when stored.
  console.info('Uploading and publishing the Godot 4.6 build (38 MB index.wasm)…');
  const godotFiles = godotExport();
  const godotGame = await json<{ id: number; slug: string }>(
    await fetch(`${portal}/api/dev/games`, { method: 'POST', headers: auth(developer), body: JSON.stringify({ title: 'Big Wasm (bench)', description: 'A real Godot 4.6 export with a 38 MB index.wasm, uploaded as it is.', hosted: true, categories: ['arcade'] }) }),
  );
  const godotZip = await zipOf(godotFiles);
  const uploadBegan = performance.now();
  const godotBuild = await json<{ id: number }>(await fetch(`${portal}/api/dev/games/${godotGame.id}/builds`, { method: 'POST', headers: { authorization: `Bearer ${developer}`, 'content-type': 'application/zip' }, body: new Uint8Array(godotZip) }));
  const uploadSeconds = (performance.now() - uploadBegan) / 1000;
  for (let status = 'CHECKING'; status === 'CHECKING'; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    status = (await json<{ status: string }>(await fetch(`${portal}/api/dev/games/${godotGame.id}/builds/${godotBuild.id}`, { headers: auth(developer) }))).status;
    if (status !== 'CHECKING') console.info(`checks: ${status}`);
  }
  await json(await fetch(`${portal}/api/dev/games/${godotGame.id}/builds/${godotBuild.id}/submit`, { method: 'POST', headers: auth(developer) }));
  await json(await fetch(`${portal}/api/admin/games/${godotGame.id}/approve`, { method: 'POST', headers: auth(admin) }));
  const godotHost = `${godotGame.slug}.localhost:${GAMES_PORT}`;
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  const godotWasm = godotFiles['index.wasm']!.length;
  rows.push({
    metric: `Uploading the ${(godotWasm / 1024 / 1024).toFixed(1)} MB index.wasm build (${(godotZip.length / 1024 / 1024).toFixed(1)} MB zip), its files compressed once (brotli 6, gzip 6) before the upload answers`,
    figure: `${uploadSeconds.toFixed(1)} s`,
    goal: 'measured',
    pass: null,
  });
  const portalPid = server.pid!;
  // What the portal spends doing nothing (its timers, the load-shedding probe, the collector): a share of any figure below.
  const idleBefore = cpuSeconds(portalPid);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idlePerSecond = (cpuSeconds(portalPid) - idleBefore) / 10;
  const idleOver = (span: number) => `of which about ${(idlePerSecond * span).toFixed(2)} s is what it spends idle in that time`;
  // 50 players at once, straight to the games port: the portal streams the file (Node, as `npm start` serves it).
  const streamed = await downloadAll(godotHost, GAMES_PORT, [portalPid]);
  const sentEach = streamed.answers[0]!.bytes;
  const whole = (answers: typeof streamed.answers) => answers.every((answer) => answer.status === 200 && answer.encoding === 'br' && answer.bytes === sentEach);
  const allBrotli = whole(streamed.answers);
  rows.push({
    metric: `Portal CPU while ${CLIENTS} clients download the ${(godotWasm / 1024 / 1024).toFixed(1)} MB index.wasm at once (Accept-Encoding: br), sent by the portal (Node streams)`,
    figure: `${streamed.cpu[0]!.toFixed(2)} s of CPU for all ${CLIENTS} (${idleOver(streamed.took)}); ${streamed.took.toFixed(1)} s${allBrotli ? '' : '; NOT EVERY ANSWER WHOLE AND BROTLI'}`,
    goal: '≤ 0.2 s for all 50',
    pass: allBrotli && streamed.cpu[0]! <= 0.2,
  });
  // The same through nginx with docs/OPERATIONS.md's block: the portal answers headers, nginx sends the file.
  nginx = await startNginx({ listenPort: NGINX_PORT, upstreamPort: GAMES_PORT, blobsDir: join(dataDir, 'builds', 'blobs') });
  const offloaded = await downloadAll(godotHost, NGINX_PORT, [portalPid, nginx.process.pid!]);
  const offloadedWhole = whole(offloaded.answers);
  rows.push({
    metric: `The same ${CLIENTS} downloads through nginx, the portal offloading (BUILD_FILES_OFFLOAD=x-accel-redirect): portal CPU, and nginx's beside it`,
    figure: `portal ${offloaded.cpu[0]!.toFixed(2)} s (${idleOver(offloaded.took)}), nginx ${offloaded.cpu[1]!.toFixed(2)} s of CPU for all ${CLIENTS}; ${offloaded.took.toFixed(1)} s${offloadedWhole ? '' : '; NOT EVERY ANSWER WHOLE AND BROTLI'}`,
    goal: '≤ 0.2 s for all 50 (the portal)',
    pass: offloadedWhole && offloaded.cpu[0]! <= 0.2,
  });
  await nginx.stop();
  nginx = undefined;
  rows.push({
    metric: `Bytes sent for index.wasm against bytes stored`,
    figure: `${sentEach.toLocaleString('en')} sent per player (brotli form, as stored), ${godotWasm.toLocaleString('en')} in the upload (${((100 * sentEach) / godotWasm).toFixed(0)} %)`,
    goal: 'the stored brotli form, whole',
    pass: allBrotli,
  });
  const godotBrowser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'] });
  const godotSeconds: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const context = await godotBrowser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${portal}/games/${godotGame.slug}`);
      // Its first frame: the engine's WebGL canvas shows a picture (two colours or more).
      const frameElement = page.locator('iframe[title="Big Wasm (bench) game"]');
      await frameElement.waitFor({ timeout: 60_000 });
      const godotFrame = (await (await frameElement.elementHandle())!.contentFrame())!;
      for (const until = performance.now() + 120_000; (await godotFrame.evaluate(canvasColours).catch(() => 0)) < 2; await page.waitForTimeout(100)) {
        if (performance.now() > until) throw new Error('the Godot build drew nothing within 120 s');
      }
      godotSeconds.push((performance.now() - started) / 1000);
      await context.close();
    }
  } finally {
    await godotBrowser.close();
  }
  rows.push({
    metric: `Opening the game page to the first frame of the ${(godotWasm / 1024 / 1024).toFixed(1)} MB index.wasm build (Chromium, fresh profile, loopback; ${ROUNDS} rounds)`,
    figure: `median ${median(godotSeconds).toFixed(2)} s [${godotSeconds.map((value) => value.toFixed(2)).join(', ')}]`,
    goal: 'measured',
    pass: null,
  });

  // The portal's memory while 50 clients download the wasm at once.
  const pid = server.pid!;
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const wasmPath = '/Build/game.wasm.br';
  const began = performance.now();
  const answers = await Promise.all(Array.from({ length: CLIENTS }, () => download(gameHost, wasmPath)));
  const took = (performance.now() - began) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const wasmBytes = files['Build/game.wasm.br']!.length;
  const complete = answers.every((answer) => answer.status === 200 && answer.bytes === wasmBytes);
  rows.push({
    metric: `Portal memory (resident) while ${CLIENTS} clients download the ${(wasmBytes / 1024 / 1024).toFixed(1)} MB game.wasm.br at once`,
    figure: `${idle.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most (+${(peak - idle).toFixed(0)} MB); ${took.toFixed(1)} s for all, ${((CLIENTS * wasmBytes) / 1024 / 1024 / took).toFixed(0)} MB/s${complete ? '' : '; SOME DOWNLOADS INCOMPLETE'}`,
    goal: 'every download whole',
    pass: complete,
  });
} finally {
  await nginx?.stop();
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
}
printTable(rows);
if (rows.some((row) => row.pass === false)) process.exitCode = 1;
