/**
 * `npm run rooms`: a room process. It runs only the rooms (no pages, no database), on an HTTP
 * server of its own (ROOMS_PORT), and shares presence and the room list with the portal instances
 * and the other room processes through REDIS_URL; portal instances reserve seats on it and players'
 * sockets reach it at ROOMS_PUBLIC_ADDRESS (docs/OPERATIONS.md, Rooms). GET /health says it is up,
 * GET /ready also that its Redis answers (for a proxy or a supervisor).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from '../env';
import { startRooms } from './engine';

const env = loadEnv();
if (!env.REDIS_URL || !env.ROOMS_PUBLIC_ADDRESS) {
  console.error(
    'Usage: REDIS_URL=redis://… ROOMS_PUBLIC_ADDRESS=play.example.org/rooms/p1 ROOMS_PORT=2567 npm run rooms\n' +
      '(a room process shares rooms through Redis, and players reach it at its public address: docs/OPERATIONS.md)',
  );
  process.exit(2);
}

const server = createServer((request, response) => {
  const answer = (status: number, body: object) => response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  if (request.method !== 'GET') return answer(404, { message: 'Not found' });
  if (request.url === '/health') return answer(200, { status: 'ok', processId: engine.processId });
  if (request.url === '/ready')
    return void engine.redisProblem().then((problem) => (problem ? answer(503, { message: problem }) : answer(200, { status: 'ready' })));
  return answer(404, { message: 'Not found' });
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(env.ROOMS_PORT, env.HOST, resolve);
});
const engine = await startRooms({ server, redisUrl: env.REDIS_URL, publicAddress: env.ROOMS_PUBLIC_ADDRESS });
const { address, port } = server.address() as AddressInfo;
console.info(`Room process ${engine.processId} ready: listening on ${address}:${port}, players reach it at ${env.ROOMS_PUBLIC_ADDRESS}`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.info(`${signal}: closing the rooms of process ${engine.processId}`);
  // Its players are told (they see the room close) and its listings leave Redis; then the server closes.
  await engine.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
