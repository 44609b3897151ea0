/**
 * `npm run soak` (not in CI): the portal as `npm start` serves it (its own process, embedded
 * database in a fresh folder, default settings and logging; TRUST_PROXY=127.0.0.1 so each
 * simulated player has an address of its own) under mixed traffic on loopback for SOAK_MINUTES
 * (default 10): players opening home, searches and game pages as the browser does (the
 * server-rendered page), through the web app's /trpc and through /api, browsing lists, playing, signing in (with the mailed code), rating what they played. Prints, per
 * minute, the requests, the 5xx answers, the p99 latency and the server's memory (RSS), and ends
 * with the verdict: no 5xx at all, and memory flat after warm-up (the last minute's RSS within
 * 15 % of the second minute's). Exit 1 otherwise.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_NODE_FLAGS } from './support';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 24);
const PORT = 3840;
const PORTAL = `http://127.0.0.1:${PORT}`;
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-soak-'));
function oneOf<T>(choices: T[]): T {
  return choices[Math.floor(Math.random() * choices.length)]!;
}

const WORDS = ['space', 'puzzle', 'race', 'block', 'jump', 'snake', 'memory', 'ninja', 'sky', 'zoo', 'star', 'run', 'math'];

// As npm start does: the web app and its server renderer are built first.
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const server = spawn(join(root, 'node_modules/.bin/node'), [...PORTAL_NODE_FLAGS, '--import', 'tsx', 'server/index.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), GAMES_PORT: String(PORT + 1), DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

type Minute = { requests: number; serverErrors: number; latencies: number[]; rssMb: number; statuses: Map<number, number> };
const minutes: Minute[] = [];
const newMinute = (): Minute => ({ requests: 0, serverErrors: 0, latencies: [], rssMb: 0, statuses: new Map() });
let current = newMinute();

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** One player: an address and a visitor cookie of its own, and a session once signed in. */
class Player {
  private readonly address = `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
  private readonly visitor = randomBytes(16).toString('base64url');
  private token: string | undefined;
  private readonly played: number[] = [];

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, cookie: `pf_visitor=${this.visitor}`, 'accept-encoding': 'gzip, br' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const started = performance.now();
    let status = 0;
    let json: unknown = null;
    try {
      const response = await fetch(`${PORTAL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      status = response.status;
      json = await response.json().catch(() => null);
    } catch {
      status = 599; // no answer at all counts as a server error
    }
    current.requests += 1;
    current.latencies.push(performance.now() - started);
    current.statuses.set(status, (current.statuses.get(status) ?? 0) + 1);
    if (status >= 500) current.serverErrors += 1;
    return { status, json };
  }

  async signIn(): Promise<void> {
    const email = `soak-${this.visitor.slice(0, 10).toLowerCase()}@example.com`;
    const login = await this.request('POST', '/api/auth/login', { email });
    if (login.status !== 202) return;
    const mails = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8').trim().split('\n');
    const mail = mails.map((line) => JSON.parse(line) as { to: string; text: string }).findLast((candidate) => candidate.to === email);
    const code = mail?.text.match(/code is (\d{4}) (\d{4})/);
    if (!code) return;
    const verified = await this.request('POST', '/api/auth/verify', { email, code: `${code[1]}${code[2]}` });
    this.token = (verified.json as { token?: string } | null)?.token;
  }

  /** One visit: the home page, a list, a game page and a play, sometimes a search, a sign-in or a rating. */
  async visit(games: { id: number; slug: string }[]): Promise<void> {
    await this.request('GET', oneOf(['/', '/api/home', '/trpc/home.get,categories.list?batch=1&input=%7B%7D']));
    const sort = ['popular', 'trending', 'newest'][Math.floor(Math.random() * 3)];
    await this.request('GET', `/api/games?sort=${sort}&limit=24&offset=${24 * Math.floor(Math.random() * 2)}`);
    if (Math.random() < 0.4) {
      const word = WORDS[Math.floor(Math.random() * WORDS.length)]!;
      const text = encodeURIComponent(word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1))));
      await this.request('GET', oneOf([`/?search=${text}`, `/api/games?search=${text}`]));
    }
    const game = games[Math.floor(Math.random() * games.length)]!;
    await this.request('GET', oneOf([`/games/${game.slug}`, `/api/games/${game.slug}`, `/trpc/games.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: game.slug }))}`]));
    const play = await this.request('POST', `/api/games/${game.id}/play`);
    if (play.status === 200) this.played.push(game.id);
    if (!this.token && Math.random() < 0.05) await this.signIn();
    if (this.token && this.played.length && Math.random() < 0.2) {
      const id = this.played[Math.floor(Math.random() * this.played.length)]!;
      await this.request('POST', `/api/games/${id}/rate`, { score: 1 + Math.floor(Math.random() * 5), comment: 'Played it during the soak test' });
      await this.request('GET', '/api/auth/me');
    }
  }
}

try {
  for (let i = 0; ; i += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if ((await fetch(`${PORTAL}/api/ready`).catch(() => null))?.ok) break;
    if (i > 600) throw new Error('the server did not become ready within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const games = (await (await fetch(`${PORTAL}/api/games?limit=100`)).json()) as { id: number; slug: string }[];
  console.info(`Soak: ${PLAYERS} players for ${MINUTES} min against ${PORTAL} (${games.length} games, data in ${dataDir})\n`);
  console.info('| minute | requests | 5xx | p99 ms | RSS MB | statuses |');
  console.info('|---|---|---|---|---|---|');

  const endAt = Date.now() + MINUTES * 60_000;
  const ticker = setInterval(() => {
    current.rssMb = rssMb();
    minutes.push(current);
    const statuses = [...current.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    console.info(`| ${minutes.length} | ${current.requests} | ${current.serverErrors} | ${p99(current.latencies).toFixed(1)} | ${current.rssMb.toFixed(0)} | ${statuses} |`);
    current = newMinute();
  }, 60_000);
  await Promise.all(
    Array.from({ length: PLAYERS }, async () => {
      // A player visits, pauses a moment, and now and then a new player takes its place.
      let player = new Player();
      while (Date.now() < endAt) {
        await player.visit(games);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
        if (Math.random() < 0.1) player = new Player();
      }
    }),
  );
  clearInterval(ticker);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const serverErrors = minutes.reduce((sum, minute) => sum + minute.serverErrors, 0);
const requests = minutes.reduce((sum, minute) => sum + minute.requests, 0);
const warm = minutes[Math.min(1, minutes.length - 1)]?.rssMb ?? 0;
const last = minutes.at(-1)?.rssMb ?? 0;
const growth = warm ? (last - warm) / warm : 0;
const flat = growth <= 0.15;
console.info(
  `\n${requests} requests, ${serverErrors} answered 5xx (goal 0); RSS ${warm.toFixed(0)} MB after warm-up, ${last.toFixed(0)} MB at the end ` +
    `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, goal flat: within 15 %)`,
);
console.info(serverErrors === 0 && flat ? 'Soak passed.' : 'Soak FAILED.');
process.exitCode = serverErrors === 0 && flat ? 0 : 1;
