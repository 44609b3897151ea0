/**
 * `npm run cluster:demo`: shows the portal is stateless apart from PostgreSQL and Redis. It
 * starts two portal instances on one throwaway PostgreSQL database and the machine's Redis,
 * behind nginx from Debian's packages (installed when missing), and checks that
 *   1. nginx spreads requests over both instances;
 *   2. a session made on one instance works on the other;
 *   3. rate limits count across both (the 6th sign-in of one address in 15 minutes is refused,
 *      whichever instance takes it);
 *   4. a game approved on one instance shows on the other within seconds.
 * Prints one line per check and exits 1 when one fails. Everything it starts or creates is
 * stopped and removed at the end.
 *
 * Settings: CLUSTER_DATABASE_URL (a PostgreSQL server it may create a database on; default the
 * machine's, postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (default redis://127.0.0.1:6379).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { outboxPath } from '../server/mail/mailer';
import { spawnServer, type SpawnedServer } from '../tests/support/spawn-server';

const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX_PORT = 3890;
const PORTAL = `http://127.0.0.1:${NGINX_PORT}`;
const ADMIN = 'admin@cluster.demo';

type Check = { name: string; pass: boolean; detail: string };
const checks: Check[] = [];
function check(name: string, pass: boolean, detail: string): void {
  checks.push({ name, pass, detail });
  console.info(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

function nginxBinary(): string {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  console.info("Installing Debian's nginx…");
  execFileSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit' });
  return '/usr/sbin/nginx';
}

async function json<T>(url: string, init: RequestInit & { token?: string; body?: string } = {}): Promise<{ status: number; body: T; upstream: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  return { status: response.status, body: (await response.json().catch(() => null)) as T, upstream: response.headers.get('x-upstream') };
}

/**
 * Signs in on one instance. Admins always get a code by e-mail: without SMTP_URL it lands in the
 * instance's dev outbox (DATA_DIR/outbox.jsonl), read here as the admin would read the mail.
 */
async function signIn(server: SpawnedServer, email: string): Promise<{ status: number; token?: string }> {
  const login = await json<{ token?: string }>(`${server.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email }) });
  if (login.status !== 202) return { status: login.status, token: login.body?.token };
  const mails = readFileSync(outboxPath(server.dataDir), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { to: string; text: string });
  const code = mails.findLast((mail) => mail.to === email)?.text.match(/code is (\d{4}) (\d{4})/);
  const verify = await json<{ token?: string }>(`${server.url}/api/auth/verify`, {
    method: 'POST',
    body: JSON.stringify({ email, code: code ? `${code[1]}${code[2]}` : '' }),
  });
  return { status: verify.status, token: verify.body?.token };
}

const work = mkdtempSync(join(tmpdir(), 'playfree-cluster-'));
const databaseName = `playfree_cluster_${process.pid}`;
const keyPrefix = `playfree-cluster-${process.pid}:`;
const servers: SpawnedServer[] = [];
let nginx: ChildProcess | undefined;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

try {
  const env = {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: keyPrefix,
    // nginx is the proxy: only it may say who the client is.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: PORTAL,
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT_MULTIPLIER: '1',
    // The demo signs in without reading e-mailed codes.
    AUTH_EMAIL_VERIFICATION: 'off',
  };
  // The first instance applies the migrations; the second starts on a migrated database.
  servers.push(await spawnServer({ databaseUrl, env }));
  servers.push(await spawnServer({ databaseUrl, env }));
  const [a, b] = servers as [SpawnedServer, SpawnedServer];

  const conf = join(work, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  upstream portal { server ${new URL(a.url).host}; server ${new URL(b.url).host}; keepalive 16; }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  nginx = spawn(nginxBinary(), ['-c', conf, '-p', work], { stdio: 'inherit' });
  for (let i = 0; i < 50; i += 1) {
    if ((await fetch(`${PORTAL}/api/health`).catch(() => null))?.ok) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }

  // 1. nginx spreads the requests.
  const upstreams = new Set<string>();
  for (let i = 0; i < 10; i += 1) upstreams.add((await json(`${PORTAL}/api/health`)).upstream ?? '?');
  check('nginx spreads requests over both instances', upstreams.size === 2, [...upstreams].join(', '));

  // 2. A session made on one instance works on the other.
  const player = await signIn(a, 'player@cluster.demo');
  const meOnB = await json<{ email?: string }>(`${b.url}/api/auth/me`, { token: player.token });
  const viaNginx: number[] = [];
  for (let i = 0; i < 10; i += 1) viaNginx.push((await json(`${PORTAL}/api/auth/me`, { token: player.token })).status);
  check(
    'a session made on instance A works on instance B',
    player.status === 200 && meOnB.status === 200 && meOnB.body?.email === 'player@cluster.demo' && viaNginx.every((status) => status === 200),
    `sign-in on A ${player.status}, /api/auth/me on B ${meOnB.status} (${meOnB.body?.email ?? 'no user'}), through nginx ${viaNginx.join(' ')}`,
  );

  // 3. The sign-in limit (5 per account in 15 minutes) counts across both instances.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) statuses.push((await signIn(i % 2 === 0 ? a : b, 'limited@cluster.demo')).status);
  check(
    'rate limits count across both instances',
    statuses.slice(0, 5).every((status) => status === 200) && statuses[5] === 429,
    `sign-ins of one account alternating A, B: ${statuses.join(', ')} (5 allowed, then 429)`,
  );

  // 4. A game approved on B shows on A within seconds (through A's cache).
  const developer = await signIn(a, 'developer@cluster.demo');
  const administrator = await signIn(b, ADMIN);
  const title = `Cluster Demo ${process.pid}`;
  const submitted = await json<{ id: number; slug: string }>(`${a.url}/api/dev/games`, {
    method: 'POST',
    token: developer.token,
    body: JSON.stringify({ title, description: 'Made by npm run cluster:demo', srcUrl: `https://cluster-${process.pid}.example.com/play/`, thumbUrl: `https://cluster-${process.pid}.example.com/thumb.png` }),
  });
  // A's catalog cache sees the game missing first, as a visitor of A would.
  const before = await json(`${a.url}/api/games/${submitted.body?.slug}`);
  const approved = await json(`${b.url}/api/admin/games/${submitted.body?.id}/approve`, { method: 'POST', token: administrator.token });
  const started = Date.now();
  let seenAfterMs: number | null = null;
  while (Date.now() - started < 15_000) {
    if ((await json(`${a.url}/api/games/${submitted.body?.slug}`)).status === 200) {
      seenAfterMs = Date.now() - started;
      break;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  check(
    'a game approved on instance B shows on instance A within seconds',
    submitted.status === 201 && before.status === 404 && approved.status === 200 && seenAfterMs !== null && seenAfterMs <= 6_000,
    `submitted on A ${submitted.status}, on A before approval ${before.status}, approved on B ${approved.status}, ` +
      (seenAfterMs === null ? 'not on A after 15 s' : `on A after ${(seenAfterMs / 1000).toFixed(1)} s (cache: fresh 4 s + 1 s stale at most)`),
  );
} finally {
  nginx?.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.stop()));
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().then(
    async () => {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length) await redis.del(...keys);
    },
    () => {},
  );
  redis.disconnect();
  rmSync(work, { recursive: true, force: true });
}

const failed = checks.filter((entry) => !entry.pass).length;
console.info(failed === 0 && checks.length === 4 ? '\nCluster demo passed: 4 of 4 checks.' : `\nCluster demo FAILED: ${failed} of ${checks.length} checks failed.`);
process.exitCode = failed === 0 && checks.length === 4 ? 0 : 1;
