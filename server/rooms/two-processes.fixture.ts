/**
 * One room process for rooms' Redis test (two-processes.test.ts): the portal's rooms engine on an
 * HTTP server of its own, with REDIS_URL, answering commands on stdin with JSON lines on stdout:
 * `open` (a room here: its ticket), `join CODE` (a seat wherever the room lives), `close`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { ROOMS_PATH, startRooms } from './engine';
import { newInviteCode } from './rules';

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const engine = await startRooms({ server, redisUrl: process.env.REDIS_URL, publicAddress: `127.0.0.1:${port}${ROOMS_PATH}` });
const say = (answer: unknown) => process.stdout.write(`${JSON.stringify(answer)}\n`);
say({ ready: true, processId: engine.processId });

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(' ');
  try {
    if (command === 'open') {
      const code = newInviteCode();
      say({ code, reservation: await engine.open({ code, game: 'paddle-duel', maxPlayers: 2, access: 'invite' }, { name: null }) });
    } else if (command === 'join') say({ listing: await engine.find(argument!), reservation: await engine.join(argument!, { name: null }) });
    else if (command === 'close') {
      await engine.close();
      server.close();
      say({ closed: true });
      process.exit(0);
    }
  } catch (error) {
    say({ error: String(error) });
  }
}
