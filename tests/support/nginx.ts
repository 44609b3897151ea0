/**
 * Debian's nginx in front of a games origin, configured with the very block docs/OPERATIONS.md
 * gives operators (its "Games' files sent by nginx" section): the test of the offload and the
 * engine-serving bench run what the docs say, so the two cannot drift apart. One process
 * (`master_process off`, as the user running it: no worker needs to read a 0700 temporary folder),
 * `daemon off`, everything under a temporary prefix.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const operations = resolve(import.meta.dirname, '../../docs/OPERATIONS.md');

/** The documented server block, with its three addresses replaced: each must be found once, or the docs changed shape. */
export function documentedGamesOriginConfig(options: { listenPort: number; upstreamPort: number; blobsDir: string }): string {
  const docs = readFileSync(operations, 'utf8');
  const section = docs.slice(docs.indexOf("## Games' files sent by nginx"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("docs/OPERATIONS.md has no nginx block under \"Games' files sent by nginx\"");
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${options.listenPort};`],
    ['server 127.0.0.1:3001;', `server 127.0.0.1:${options.upstreamPort};`],
    ['alias /var/lib/playfree/data/builds/blobs/;', `alias ${options.blobsDir.replace(/\/?$/, '/')};`],
  ];
  let config = block;
  for (const [from, to] of replacements) {
    if (config.split(from).length !== 2) throw new Error(`docs/OPERATIONS.md's nginx block should hold "${from}" once`);
    config = config.replace(from, to);
  }
  return config;
}

export type RunningNginx = { port: number; process: ChildProcess; stop(): Promise<void> };

function accepting(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/** Starts nginx on `listenPort` in front of the games origin on `upstreamPort`, serving blobs from `blobsDir`. */
export async function startNginx(options: { listenPort: number; upstreamPort: number; blobsDir: string }): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'playfree-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/octet-stream;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
${documentedGamesOriginConfig(options)}
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let waited = 0; !(await accepting(options.listenPort)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return { port: options.listenPort, process: child, stop };
}
