/**
 * A TCP proxy a test controls, to simulate a database outage without touching the shared server:
 * `down()` cuts every open connection and holds new ones silent (a host that stopped answering,
 * the hardest case for timeouts); `up()` forwards again.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TcpProxy = { port: number; down(): void; up(): void; close(): Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let forwarding = true;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (!forwarding) return; // Held: accepted, never answered.
    const upstream = createConnection(target);
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const cutAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port: address.port,
    down: () => {
      forwarding = false;
      cutAll();
    },
    up: () => {
      forwarding = true;
      cutAll(); // the held connections: their clients retry through a forwarding one
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        server.close(() => resolve());
      }),
  };
}
