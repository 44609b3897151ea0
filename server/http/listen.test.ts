import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTENING_SOCKETS, listenOnSharedPort } from './listen';

/** GET `path` (on a connection of its own unless `agent` keeps some alive): the answer's status. */
function get(port: number, path: string, agent: Agent | false = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

type Held = { byAppSocket: boolean; release: () => void };

/**
 * GET /held on `app`: each request waits until released, noting whether the app's own socket
 * accepted its connection (Node keeps the accepting server in socket._server; socket.server is
 * the HTTP server it was handed to).
 */
function holdRequests(app: FastifyInstance): Held[] {
  const held: Held[] = [];
  app.get('/held', async (req) => {
    // oxlint-disable-next-line no-underscore-dangle -- where Node keeps the server that accepted a socket
    const acceptedBy = (req.raw.socket as unknown as { _server: unknown })._server;
    await new Promise<void>((release) => held.push({ byAppSocket: acceptedBy === app.server, release }));
    return { ok: true };
  });
  return held;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe.runIf(process.platform === 'linux')('listenOnSharedPort', () => {
  it('lets connections in through several sockets of the port, all served by the app', async () => {
    const app = Fastify();
    closers.push(() => app.close());
    const held = holdRequests(app);
    const { listening } = await listenOnSharedPort(app, 0, '127.0.0.1');
    expect(listening).toBe(LISTENING_SOCKETS);
    const { port } = app.server.address() as AddressInfo;
    const requests = Array.from({ length: 64 }, () => get(port, '/held'));
    await until(() => held.length === 64);
    // The kernel spreads them by address and port: all 64 on one socket of 16 would be a chance of (1/16)^63.
    expect(held.filter((one) => one.byAppSocket).length).toBeLessThan(64);
    for (const one of held) one.release();
    expect(await Promise.all(requests)).toEqual(Array.from({ length: 64 }, () => 200));
  });

  it('still refuses a port something else listens on', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen({ port: 0, host: '127.0.0.1' }, resolve));
    closers.push(() => new Promise((resolve) => other.close(resolve)));
    const app = Fastify();
    closers.push(() => app.close());
    await expect(listenOnSharedPort(app, (other.address() as AddressInfo).port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });

  it('closes after the requests in flight on every socket, before the onClose hooks, closing kept-alive connections', async () => {
    const app = Fastify();
    const held = holdRequests(app);
    let hooksRan = false;
    app.addHook('onClose', async () => void (hooksRan = true));
    await listenOnSharedPort(app, 0, '127.0.0.1');
    const { port } = app.server.address() as AddressInfo;
    // Kept alive once answered: the close must not wait for them to time out.
    const agent = new Agent({ keepAlive: true, maxSockets: 32 });
    closers.push(async () => agent.destroy());
    const requests = Array.from({ length: 32 }, () => get(port, '/held', agent));
    await until(() => held.length === 32);
    const closed = app.close();
    // The app's own server closes once its own connections are done: the hooks must still wait.
    const ownSockets = held.filter((one) => one.byAppSocket);
    for (const one of ownSockets) one.release();
    let answered = 0;
    for (const request of requests) void request.then(() => answered++);
    await until(() => answered === ownSockets.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooksRan).toBe(false);
    for (const one of held) one.release();
    const answers = await Promise.all(requests);
    await closed;
    expect(hooksRan).toBe(true);
    expect(answers).toEqual(Array.from({ length: 32 }, () => 200));
  });
});
