import Fastify from 'fastify';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTENING_SOCKETS, listenOnSharedPort } from './listen';

/** GET `path` on a connection of its own (no keep-alive agent): the JSON answer. */
function get(port: number, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe.runIf(process.platform === 'linux')('listenOnSharedPort', () => {
  it('lets connections in through several sockets of the port, all served by the app', async () => {
    const app = Fastify();
    apps.push(app);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const entered: number[] = [];
    app.get('/held', async () => {
      entered.push(1);
      await gate;
      return { ok: true };
    });
    const { listening } = await listenOnSharedPort(app, 0, '127.0.0.1');
    expect(listening).toBe(LISTENING_SOCKETS);
    const { port } = app.server.address() as AddressInfo;
    const requests = Array.from({ length: 64 }, () => get(port, '/held'));
    while (entered.length < 64) await new Promise((resolve) => setTimeout(resolve, 10));
    // The app's own socket counts only the connections it accepted itself. The kernel spreads
    // them by address and port: all 64 on one socket of 16 would be a chance of (1/16)^63.
    const acceptedByAppSocket = await new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(acceptedByAppSocket).toBeLessThan(64);
    release();
    expect((await Promise.all(requests)).map((answer) => answer.status)).toEqual(Array.from({ length: 64 }, () => 200));
  });

  it('still refuses a port something else listens on', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen({ port: 0, host: '127.0.0.1' }, resolve));
    apps.push({ close: () => new Promise((resolve) => other.close(resolve)) });
    const app = Fastify();
    apps.push(app);
    await expect(listenOnSharedPort(app, (other.address() as AddressInfo).port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });

  it('closes after the requests in flight on every socket, before the onClose hooks', async () => {
    const app = Fastify();
    // Each request held until released; by whether the app's own socket accepted its connection
    // (Node keeps the accepting server in socket._server; socket.server is the HTTP server).
    const held: { byAppSocket: boolean; release: () => void }[] = [];
    let answered = 0;
    let hooksRan = false;
    app.get('/held', async (req) => {
      // oxlint-disable-next-line no-underscore-dangle -- where Node keeps the server that accepted a socket
      const acceptedBy = (req.raw.socket as unknown as { _server: unknown })._server;
      await new Promise<void>((release) => held.push({ byAppSocket: acceptedBy === app.server, release }));
      answered++;
      return { ok: true };
    });
    app.addHook('onClose', async () => void (hooksRan = true));
    await listenOnSharedPort(app, 0, '127.0.0.1');
    const { port } = app.server.address() as AddressInfo;
    const requests = Array.from({ length: 32 }, () => get(port, '/held'));
    while (held.length < 32) await new Promise((resolve) => setTimeout(resolve, 10));
    const closed = app.close();
    // The app's own server closes once its own connections are done: the hooks must still wait.
    const ownSockets = held.filter((one) => one.byAppSocket);
    for (const one of ownSockets) one.release();
    while (answered < ownSockets.length) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooksRan).toBe(false);
    for (const one of held) one.release();
    const answers = await Promise.all(requests);
    await closed;
    expect(hooksRan).toBe(true);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 32 }, () => 200));
  });
});
