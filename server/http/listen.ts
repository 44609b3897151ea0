/**
 * Listening on several sockets of one port, so that a burst of new connections is let in at once.
 *
 * libuv accepts one connection per listening socket per turn of the event loop (since libuv 1.45,
 * libuv/libuv#3696; Node 20 and later). Under load a turn of the portal's loop lasts 10–20 ms, so
 * the 32 connections a load generator (or 32 players arriving together) opens at once were let in
 * one a turn: the last waited half a second before the portal even saw its request, and the scale
 * bench's search mix began with some 30 answers of 50–550 ms. With SO_REUSEPORT (Linux, FreeBSD)
 * the kernel spreads new connections over LISTENING_SOCKETS sockets, each accepting on every turn;
 * the extra sockets hand what they accept to the app's own HTTP server, so every connection is
 * served, timed out and closed alike. Elsewhere (macOS and Windows refuse the option) the app's
 * one socket listens.
 */
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { createServer, type ListenOptions, type Server } from 'node:net';

/**
 * Sockets listening on the port. 32 connections opened at once on a loop busy 10 ms a turn were
 * all let in after 353 ms with one socket, 101 ms with 8, 68 ms with 16 and 57 ms with 32.
 */
export const LISTENING_SOCKETS = 16;

const PORT_SHARING = process.platform === 'linux' || process.platform === 'freebsd';

/**
 * `app.listen` on `port` and `host`, with LISTENING_SOCKETS - 1 more sockets sharing the port
 * (fewer where the platform refuses). Closing the app first stops them accepting and waits until
 * the connections they let in have closed (its preClose hook): the app's own server waits only
 * for its own, and its onClose hooks (which flush batched writes) must run after every request.
 * Meanwhile each connection is closed as soon as its last answer is sent: one busy when closing
 * began would otherwise stay open once idle (keep-alive, 65 s) and hold the close up.
 */
export async function listenOnSharedPort(app: FastifyInstance, port: number, host: string): Promise<{ listening: number }> {
  const sockets = PORT_SHARING ? LISTENING_SOCKETS : 1;
  const extra: Server[] = [];
  let idleCloser: ReturnType<typeof setInterval> | undefined;
  app.addHook('preClose', async () => {
    app.server.closeIdleConnections();
    idleCloser = setInterval(() => app.server.closeIdleConnections(), 50);
    await Promise.all(extra.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  // Run once the app's own server has closed (Fastify closes it before the hooks added here).
  app.addHook('onClose', async () => clearInterval(idleCloser));
  // A port in use must still refuse to start: a second portal started on it by mistake would
  // otherwise share it and take half the connections. Bound first as usual, it fails as ever.
  if (sockets > 1 && port !== 0) await listenOnce(createServer(), { port, host }).then((probe) => new Promise((resolve) => probe.close(resolve)));
  // Fastify hands these options to Node's server.listen, which knows reusePort (its types do not).
  const options: FastifyListenOptions & { reusePort: boolean } = { port, host, reusePort: sockets > 1 };
  await app.listen(options);
  const address = app.server.address();
  if (!address || typeof address === 'string') return { listening: 1 };
  for (let opened = 1; opened < sockets; opened++) {
    // noDelay as Node's HTTP server sets it on the sockets it accepts itself: without it, these
    // sockets (most of the connections) waited on Nagle's algorithm where the app's own did not.
    const server = createServer({ noDelay: true }, (socket) => app.server.emit('connection', socket));
    try {
      await listenOnce(server, { port: address.port, host: address.address, reusePort: true });
    } catch (error) {
      // The kernel would not share the port after all: the sockets opened so far accept.
      app.log.warn({ err: error }, `listening on ${sockets} sockets of port ${address.port} failed; ${extra.length + 1} accept`);
      break;
    }
    extra.push(server);
  }
  return { listening: extra.length + 1 };
}

function listenOnce(server: Server, options: ListenOptions): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
