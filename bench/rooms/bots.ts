/**
 * A bot process of the rooms bench (started by bench/rooms/load.ts, never in a server's process):
 * rooms of four players on loopback, each player sending `rate` relayed messages a second
 * [run, sender, seq, sentAt] and checking what it receives from the three others. All four
 * players of a room live in this process, so a receiver times a message on the sender's own
 * clock: the latency is one way, sender → server → receiver, including this process's own delays.
 *
 * BENCH_BOTS_KIND=portal: the portal's rooms through its API and Colyseus' client (@colyseus/sdk),
 * as the game page does: POST /api/rooms through BENCH_BOTS_PORTALS' first (in turn, with several),
 * three POST /api/rooms/join by invite code through the next, each seat reservation consumed.
 * BENCH_BOTS_KIND=bare: the same bots on the bare relay (bench/rooms/bare-relay.ts, BENCH_BOTS_BARE_URL)
 * through the WebSocket the SDK itself uses in Node (the global one).
 *
 * Commands come over the IPC channel ({ id, type }), each answered { id, ... } when done:
 * resize { rooms } (open rooms, or leave the last ones, to have that many here), start { run, rate }, mark (measure from now),
 * stop (stop sending, let in-flight messages arrive, report), close (leave every room).
 */
import { Client, type Room } from '@colyseus/sdk';
import type { RoomTicket } from '../../shared/rooms';
import { LatencyHistogram, track, type BotMessage, type RunReport, type SenderTrack } from './stats';

type Bot = { sender: number; seq: number; sent: number; inbox: Map<number, SenderTrack>; send(message: BotMessage): void; close(): Promise<void> };
type BotRoom = Bot[];
type Command = { id: number } & ({ type: 'resize'; rooms: number } | { type: 'start'; run: number; rate: number } | { type: 'mark' } | { type: 'stop' } | { type: 'close' });

const kind = process.env.BENCH_BOTS_KIND;
const portals = (process.env.BENCH_BOTS_PORTALS ?? '').split(',').filter(Boolean);
const game = process.env.BENCH_BOTS_GAME ?? '';
const bareUrl = process.env.BENCH_BOTS_BARE_URL ?? '';
/** This process's rooms are numbered offset, offset + stride, …: how the rooms are dealt over the bot processes. */
const offset = Number(process.env.BENCH_BOTS_OFFSET ?? 0);
const stride = Number(process.env.BENCH_BOTS_STRIDE ?? 1);
const OPENING_AT_ONCE = 8;

const rooms: BotRoom[] = [];
const clients = new Map<string, Client>();
let nextSender = 0;

// The run being measured: messages of another run (late ones of the last) are not counted.
let run = -1;
let sending = false;
let measuring = false;
let markedAt = 0;
let histogram = new LatencyHistogram();
let sentMeasured = 0;
let receivedMeasured = 0;
let receivedTotal = 0;
let reordered = 0;
let gaps = 0;
let drops = 0;
const timers = new Set<NodeJS.Timeout>();

function receive(bot: Bot, message: BotMessage): void {
  const [messageRun, sender, seq, sentAt] = message;
  if (messageRun !== run) return;
  receivedTotal += 1;
  if (measuring) {
    histogram.add(performance.now() - sentAt);
    receivedMeasured += 1;
  }
  const order = track(bot.inbox, sender, seq);
  if (order === 'gap') gaps += 1;
  else if (order === 'reordered') reordered += 1;
}

function newBot(send: (message: BotMessage) => void, leave: () => Promise<void>): Bot {
  return { sender: nextSender++, seq: 0, sent: 0, inbox: new Map(), send, close: leave };
}

async function ticket(portal: string, path: string, body: object): Promise<RoomTicket> {
  const response = await fetch(`${portal}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as RoomTicket;
}

/** A seat taken with Colyseus' client (it connects to the room's own process, as the reservation says). */
async function seat(portal: string, reservation: RoomTicket['reservation']): Promise<Bot> {
  let client = clients.get(portal);
  if (!client) clients.set(portal, (client = new Client(`${portal.replace(/^http/, 'ws')}/rooms`)));
  const room: Room = await client.consumeSeatReservation(reservation as never);
  const bot = newBot(
    (message) => room.send('relay', message),
    () => room.leave(true).then(() => undefined),
  );
  room.onMessage('relay', ({ data }: { data: BotMessage }) => receive(bot, data));
  room.onMessage('*', () => undefined);
  room.onDrop(() => (drops += 1));
  return bot;
}

async function portalRoom(index: number): Promise<BotRoom> {
  const opener = portals[index % portals.length]!;
  const joiner = portals[(index + 1) % portals.length]!;
  const opened = await ticket(opener, '/api/rooms', { game, maxPlayers: 4, access: 'invite' });
  const host = await seat(opener, opened.reservation);
  const friends = await Promise.all([1, 2, 3].map(async () => seat(joiner, (await ticket(joiner, '/api/rooms/join', { game, code: opened.code })).reservation)));
  return [host, ...friends];
}

function bareBot(url: string): Promise<Bot> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const bot = newBot(
      (message) => socket.send(JSON.stringify(message)),
      () =>
        new Promise((closed) => {
          socket.addEventListener('close', () => closed());
          socket.close();
        }),
    );
    socket.addEventListener('message', (event) => receive(bot, JSON.parse(String(event.data)) as BotMessage));
    socket.addEventListener('open', () => resolve(bot));
    socket.addEventListener('error', () => reject(new Error(`${url}: the socket failed`)));
    socket.addEventListener('close', () => (drops += 1));
  });
}

async function bareRoom(index: number): Promise<BotRoom> {
  return Promise.all([0, 1, 2, 3].map(() => bareBot(`${bareUrl}/room-${index}`)));
}

/** Opens rooms (or leaves the last ones) until this process has `target`; answers how many it has and why any failed to open. */
async function resize(target: number): Promise<{ rooms: number; failures: string[] }> {
  const failures: string[] = [];
  if (target < rooms.length) await Promise.allSettled(rooms.splice(target).flat().map((bot) => bot.close()));
  const wanted = Array.from({ length: Math.max(0, target - rooms.length) }, (_, i) => offset + (rooms.length + i) * stride);
  for (let at = 0; at < wanted.length; at += OPENING_AT_ONCE) {
    const opened = await Promise.allSettled(wanted.slice(at, at + OPENING_AT_ONCE).map((index) => (kind === 'bare' ? bareRoom(index) : portalRoom(index))));
    for (const result of opened) {
      if (result.status === 'fulfilled') rooms.push(result.value);
      else failures.push(String(result.reason));
    }
  }
  return { rooms: rooms.length, failures: failures.slice(0, 5) };
}

function start(newRun: number, rate: number): void {
  run = newRun;
  sending = true;
  measuring = false;
  receivedTotal = reordered = gaps = drops = 0;
  const interval = 1000 / rate;
  for (const bot of rooms.flat()) {
    bot.seq = bot.sent = 0;
    bot.inbox.clear();
    const send = () => {
      if (!sending) return;
      bot.send([run, bot.sender, bot.seq++, performance.now()]);
      bot.sent += 1;
      if (measuring) sentMeasured += 1;
    };
    // Each player's messages evenly spaced, the players' phases spread over the interval.
    const first = setTimeout(() => {
      timers.delete(first);
      send();
      const every = setInterval(send, interval);
      timers.add(every);
    }, Math.random() * interval);
    timers.add(first);
  }
}

function mark(): void {
  histogram = new LatencyHistogram();
  sentMeasured = receivedMeasured = 0;
  measuring = true;
  markedAt = performance.now();
}

async function stop(): Promise<RunReport> {
  sending = false;
  const measuredSeconds = (performance.now() - markedAt) / 1000;
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  measuring = false;
  // In-flight messages drain: wait until nothing has arrived for half a second (5 s at most).
  for (let quiet = 0, last = -1, waited = 0; quiet < 5 && waited < 50; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    quiet = receivedTotal === last ? quiet + 1 : 0;
    last = receivedTotal;
  }
  let lost = 0;
  for (const room of rooms)
    for (const receiver of room)
      for (const sender of room) if (sender !== receiver) lost += Math.max(0, sender.sent - (receiver.inbox.get(sender.sender)?.received ?? 0));
  const sent = rooms.flat().reduce((sum, bot) => sum + bot.sent, 0);
  return { sent, sentMeasured, receivedMeasured, measuredSeconds, latency: histogram.toSparse(), lost, reordered, gaps, drops };
}

async function close(): Promise<void> {
  await Promise.allSettled(rooms.flat().map((bot) => bot.close()));
  rooms.length = 0;
}

process.on('message', (command: Command) => {
  const answer = (body: object) => process.send?.({ id: command.id, ...body });
  const failed = (error: unknown) => answer({ error: String(error) });
  if (command.type === 'resize') resize(command.rooms).then(answer, failed);
  else if (command.type === 'start') answer((start(command.run, command.rate), {}));
  else if (command.type === 'mark') answer((mark(), {}));
  else if (command.type === 'stop') stop().then((report) => answer({ report }), failed);
  else close().then(() => answer({}), failed);
});
process.send?.({ ready: true });
