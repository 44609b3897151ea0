/**
 * Uploaded code runs where it can steal nothing (issue #36), tested on the real process as
 * `npm start` runs it (as root in CI): while the portal's checker checks a build that keeps the
 * page busy, every process of the checker runs as a non-root uid, none has `--no-sandbox`, none
 * holds a variable set only on the portal, and none listens on a port; a hostile build's attempts
 * on loopback (the DevTools port, the portal, PostgreSQL, Redis; by fetch, WebSocket, image,
 * iframe and form) and on file:// paths get nothing and are listed; the checker killed with
 * SIGKILL mid-check loses nothing: another takes the build over once the lease runs out.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../server/domains/builds/checks';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { zipOf } from '../support/zips';

const chromium = findChromium(process.env.CHROMIUM_PATH);
const SECRET_NAME = 'PORTAL_ONLY_TEST_SECRET';
const SECRET = randomBytes(16).toString('hex');
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/** Keeps the page busy for seconds before it draws: time to look at the processes. */
const BUSY = {
  'index.html': `<!doctype html><html><head>${VIEWPORT}</head><body><canvas id="c" width="200" height="200"></canvas><script src="busy.js"></script></body></html>`,
  'busy.js': `setTimeout(() => document.getElementById('c').getContext('2d').fillRect(0, 0, 50, 50), 8000);`,
};

/** Everything a build's script may try on this machine; anything it gets back would show in the console errors listed. */
function hostile(portalPort: number): Record<string, string> {
  const targets = [
    'http://127.0.0.1:9222/json/version',
    `http://127.0.0.1:${portalPort}/api/admin/checkers`,
    `http://localhost:${portalPort}/api/ready`,
    'http://127.0.0.1:5432/',
    'http://127.0.0.1:6379/',
  ];
  return {
    'index.html': `<!doctype html><html><head>${VIEWPORT}</head><body><iframe name="sink"></iframe><canvas id="c" width="200" height="200"></canvas><script src="attack.js"></script></body></html>`,
    'attack.js': `
      const leak = (what) => (body) => console.error('LEAKED ' + what + ' ' + String(body).slice(0, 80));
      for (const url of ${JSON.stringify(targets)}) fetch(url).then((r) => r.text()).then(leak(url), () => {});
      fetch('file:///etc/passwd').then((r) => r.text()).then(leak('file'), () => {});
      for (const url of ['ws://127.0.0.1:9222/devtools/browser', 'ws://127.0.0.1:6379/']) {
        try { const socket = new WebSocket(url); socket.onmessage = (event) => leak(url)(event.data); } catch {}
      }
      const image = new Image(); image.onload = () => leak('image')(''); image.src = 'http://127.0.0.1:5432/image.png';
      const frame = document.createElement('iframe'); frame.src = 'http://127.0.0.1:${portalPort}/'; document.body.append(frame);
      const local = document.createElement('iframe'); local.src = 'file:///etc/passwd'; document.body.append(local);
      const form = document.createElement('form'); form.method = 'POST'; form.action = 'http://127.0.0.1:6379/'; form.target = 'sink';
      document.body.append(form); form.submit();
      document.getElementById('c').getContext('2d').fillRect(0, 0, 50, 50);`,
  };
}

type Proc = { pid: number; ppid: number; uid: number; command: string[]; environ: string };

function processes(): Proc[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        return [
          {
            pid: Number(entry),
            ppid: Number(/^PPid:\s+(\d+)/m.exec(status)![1]),
            uid: Number(/^Uid:\s+(\d+)/m.exec(status)![1]),
            command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean),
            environ: readFileSync(`/proc/${entry}/environ`, 'utf8'),
          },
        ];
      } catch {
        return []; // Ended while being read.
      }
    });
}

/** Every process under `pid` (not itself). */
function descendants(pid: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  let parents = new Set([pid]);
  while (parents.size > 0) {
    const children = all.filter((proc) => parents.has(proc.ppid));
    found.push(...children);
    parents = new Set(children.map((proc) => proc.pid));
  }
  return found;
}

/** uids with a listening TCP socket (/proc/net/tcp and tcp6, state 0A). */
function listeningUids(): Set<number> {
  const uids = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A') uids.add(Number(fields[7]));
    }
  }
  return uids;
}

async function until<T>(what: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!chromium)('the checker, as npm start runs it', () => {
  let server: SpawnedServer;
  let port: number;
  let developer: string;
  const json = { 'content-type': 'application/json' };

  const api = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${developer}`, ...(body instanceof Buffer ? { 'content-type': 'application/zip' } : json), ...headers },
      body: body === undefined ? undefined : body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const upload = async (files: Record<string, string>, title: string) => {
    const game = await api<{ id: number }>('POST', '/api/dev/games', { title, description: 'A build the checker isolation test uploads.', hosted: true, categories: ['arcade'] });
    const build = await api<{ id: number }>('POST', `/api/dev/games/${game.id}/builds`, await zipOf(files));
    return { gameId: game.id, buildId: build.id };
  };
  type Build = { status: string; checks: { browser: boolean; items: { id: string; details: string[]; measured: string }[] } | null };
  const checked = (build: { gameId: number; buildId: number }) =>
    until(async () => {
      const found = await api<Build>('GET', `/api/dev/games/${build.gameId}/builds/${build.buildId}`);
      return found.status === 'CHECKING' ? undefined : found;
    });

  beforeAll(async () => {
    // A portal's first start (migrations, seeding, the build) took over a minute on a busy 2-core CI machine.
    server = await spawnServer({ env: { [SECRET_NAME]: SECRET, CHECK_LEASE_SECONDS: '5', LOG_LEVEL: 'warn' }, startTimeoutMs: 240_000 });
    port = Number(new URL(server.url).port);
    const signedIn = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'isolation@example.com' }) });
    developer = ((await signedIn.json()) as { token: string }).token;
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('checks a busy build as an unprivileged user, sandboxed, with none of the portal’s settings and no port open; a checker killed mid-check loses nothing', async () => {
    const busy = await upload(BUSY, 'Busy Box');
    const attack = await upload(hostile(port), 'Loopback Prober');
    const token = await until(async () => {
      const row = await api<{ previewUrl?: string }>('GET', `/api/dev/games/${busy.gameId}/builds/${busy.buildId}`);
      return row.previewUrl ? new URL(row.previewUrl).hostname.split('.')[0] : undefined;
    });
    // The busy build is in Chromium: its worker names its preview host.
    const worker = await until(() => descendants(server.child.pid!).find((proc) => proc.command.some((arg) => arg.includes(token!))));
    const checker = await until(() => descendants(server.child.pid!).find((proc) => proc.ppid === server.child.pid && proc.command.some((arg) => arg.endsWith('checker/main.ts'))));
    await until(() => (descendants(worker.pid).some((proc) => proc.command[0]?.includes('chromium')) ? true : undefined));

    const tree = [checker, ...descendants(checker.pid)];
    expect(tree.length).toBeGreaterThan(3);
    for (const proc of tree) {
      expect(proc.uid, proc.command.join(' ')).not.toBe(0);
      expect(proc.command).not.toContain('--no-sandbox');
      expect(proc.environ).not.toContain(SECRET);
      expect(proc.environ).not.toContain(SECRET_NAME);
      expect(proc.environ).not.toContain('DATA_DIR=');
    }
    const uids = new Set(tree.map((proc) => proc.uid));
    for (const uid of uids) expect(listeningUids().has(uid), `uid ${uid} listens on a port`).toBe(false);
    // The portal itself does have the variable: the test would prove nothing otherwise.
    expect(readFileSync(`/proc/${server.child.pid}/environ`, 'utf8')).toContain(SECRET);

    process.kill(checker.pid, 'SIGKILL');
    const done = await checked(busy);
    expect(done.status).toBe('READY');
    expect(done.checks!.browser).toBe(true);
    expect(done.checks!.items.find((item) => item.id === 'starts')!.measured).not.toMatch(/never/);
    // The killed checker's processes are all gone (its build's Chromium with it).
    for (const proc of tree) expect(processes().some((alive) => alive.pid === proc.pid && alive.command.join(' ') === proc.command.join(' '))).toBe(false);

    const probed = await checked(attack);
    const details = probed.checks!.items.flatMap((item) => item.details).join('\n');
    expect(details).not.toContain('LEAKED');
    for (const target of ['127.0.0.1:9222', `127.0.0.1:${port}`, `localhost:${port}`, '127.0.0.1:5432', '127.0.0.1:6379']) expect(details).toContain(target);
  }, 300_000);
});
