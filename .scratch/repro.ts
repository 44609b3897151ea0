import { randomBytes } from 'node:crypto';
import { spawnServer } from '../tests/support/spawn-server';
const mode = process.argv[2];
const server = await spawnServer({ env: { LOG_LEVEL: 'info' } });
const [game] = (await (await fetch(`${server.url}/api/games?limit=1`)).json()) as { id: number }[];
let stopped = false; void server.exited.then(() => (stopped = true));
const counts = { play: 0, signin: 0 };
const loops = [];
for (let i = 0; i < 8; i++) {
  if (mode !== 'signin') loops.push((async () => { while (!stopped) { try { const r = await fetch(`${server.url}/api/games/${game!.id}/play`, { method: 'POST', headers: { cookie: `pf_visitor=${randomBytes(16).toString('base64url')}` } }); await r.arrayBuffer(); counts.play++; } catch { break; } } })());
  if (mode !== 'play') loops.push((async () => { let n = 0; while (!stopped) { try { const r = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `x${i}-${n++}@example.com` }) }); await r.arrayBuffer(); counts.signin++; } catch { break; } } })());
}
await new Promise((r) => setTimeout(r, 1500));
const t = Date.now();
const exit = await server.stop('SIGTERM');
console.log(mode, 'exit', exit, 'after', Date.now() - t, 'ms', counts);
console.log(server.output().split('\n').filter((l) => !l.includes('"request"')).slice(-6).join('\n'));
await Promise.all(loops);
