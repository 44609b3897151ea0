/**
 * The rooms bench's yardstick: a bare `ws` relay in a process of its own, on the same Node as the
 * portal. A socket at /{room} is in that room; whatever it sends goes, as sent, to the room's other
 * sockets. No seats, no rules, no decoding: what relaying over WebSockets costs at the least.
 * It runs the very `ws` the portal's rooms transport runs (@colyseus/ws-transport's own copy; the
 * one at the top of node_modules is an older major another package wants).
 */
import { createRequire } from 'node:module';
import type { WebSocket, WebSocketServer as WebSocketServerType } from 'ws';

const { WebSocketServer } = createRequire(import.meta.resolve('@colyseus/ws-transport'))('ws') as { WebSocketServer: typeof WebSocketServerType };

const rooms = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.BENCH_BARE_RELAY_PORT ?? 3895) });

server.on('connection', (socket, request) => {
  const name = request.url ?? '/';
  let room = rooms.get(name);
  if (!room) rooms.set(name, (room = new Set()));
  room.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const other of room) if (other !== socket && other.readyState === other.OPEN) other.send(data, { binary: isBinary });
  });
  socket.on('close', () => {
    room.delete(socket);
    if (room.size === 0) rooms.delete(name);
  });
});

server.on('listening', () => process.send?.({ ready: true }));
process.on('SIGTERM', () => {
  for (const socket of server.clients) socket.terminate();
  server.close(() => process.exit(0));
});
