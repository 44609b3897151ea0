/**
 * Colyseus in the portal's process: the match-maker (rooms, seats, presence) and its WebSocket
 * transport on the portal's own HTTP server under /rooms. In memory by default (one process, like
 * the embedded database); with REDIS_URL, presence and the room list live in Redis, so any number
 * of portal processes and room processes (./main.ts) share them and a room lives on exactly one
 * (docs/OPERATIONS.md). Without a server it hosts no rooms: it only finds, opens and joins rooms
 * on the room processes (Colyseus' standalone match-maker).
 */
import type { Server as HttpServer } from 'node:http';
import { LocalDriver, LocalPresence, matchMaker, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { Redis } from 'ioredis';
import { ROOM_LIMITS, type SeatReservation } from '../../shared/rooms';
import { PLAY_ROOM, PlayRoom, type PlayRoomMetadata, type PlayRoomOptions, type SeatOptions } from './play-room';
import { isProcessAlive, selectLiveProcess, startDeadProcessSweep } from './processes';
import type { RoomListing } from './rules';

/** Where the rooms' sockets connect: /rooms/{processId}/{roomId} (the path Colyseus' client builds). */
export const ROOMS_PATH = '/rooms';

export type RoomsEngineOptions = {
  /** The HTTP server whose /rooms sockets this process's rooms take; none: this process hosts no rooms (REDIS_URL needed). */
  server?: HttpServer | undefined;
  redisUrl?: string | undefined;
  /** This process's address as players reach it, when several room processes share Redis (host/path, no scheme). */
  publicAddress?: string | undefined;
};

export type RoomsEngine = {
  presence: Presence;
  processId: string;
  /** Creates a room and reserves its creator's seat. */
  open(options: PlayRoomOptions, seat: SeatOptions): Promise<SeatReservation>;
  /** The room with this code as listed (on any process), or null. */
  find(code: string): Promise<RoomListing | null>;
  /**
   * Reserves a seat in an open public room of the game (not invite-only, not locked, not full),
   * or creates one with these options when there is none.
   */
  quickJoin(options: PlayRoomOptions, seat: SeatOptions): Promise<SeatReservation>;
  /** Reserves a seat in the room with this code; 'full' when it filled up meanwhile. */
  join(code: string, seat: SeatOptions): Promise<SeatReservation | 'full'>;
  /** Players in rooms of each game, on every process. */
  playersByGame(): Promise<Map<string, number>>;
  /** Why the rooms' Redis cannot be used right now (down, or not answering within 2 s), or null. */
  redisProblem(): Promise<string | null>;
  /** Disconnects this process's rooms and stops the transport. */
  close(): Promise<void>;
};

/**
 * The engine's Redis connections (presence and room list), as options: Colyseus' Redis packages
 * bring an ioredis of their own, which takes options but not another copy's client. With Redis down,
 * commands wait for it to come back instead of failing after ioredis' ~10 s of retries: Colyseus
 * sends many without awaiting them (a room's listing updates), and one failing would end the
 * process, its rooms with it. A caller that cannot wait has its own timeout (service.ts).
 */
function engineRedisOptions(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
    db: Number(parsed.pathname.slice(1) || 0),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/**
 * The room type of a process that hosts no rooms. Colyseus makes a room where it is asked when the
 * process chosen for it does not answer within 2 s; here that is refused (the player is answered
 * 503 and tries again) instead of a room nobody could reach.
 */
class NoRoomsHere extends PlayRoom {
  override onCreate(): never {
    throw new Error('This process hosts no rooms, and the room process chosen did not answer');
  }
}

/** Whether an upgrade request is for the rooms (anything else is left to other listeners). */
export function isRoomsUpgrade(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${ROOMS_PATH}/`);
}

export async function startRooms({ server, redisUrl, publicAddress }: RoomsEngineOptions): Promise<RoomsEngine> {
  if (!server && !redisUrl) throw new Error('A process that hosts no rooms finds them through Redis: set REDIS_URL');
  const redisOptions = redisUrl ? engineRedisOptions(redisUrl) : undefined;
  const presence: Presence = redisOptions ? new RedisPresence(redisOptions) : new LocalPresence();
  const driver = redisOptions ? new RedisDriver(redisOptions) : new LocalDriver();
  // Asked only whether Redis answers (redisProblem); reconnections show there, not as unhandled errors.
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }).on('error', () => undefined) : undefined;
  // With Redis, a new room goes to a live process only (a dead one stays counted until swept:
  // ./processes.ts); none live, Colyseus refuses ("no processId available"), though its type wants a string.
  await matchMaker.setup(presence, driver, publicAddress, redis ? (selectLiveProcess as () => Promise<string>) : undefined);
  // Rooms are found for a quick join by their game (an invite-only room is private, a locked or full one locked: neither is found).
  matchMaker.defineRoomType(PLAY_ROOM, server ? PlayRoom : NoRoomsHere).filterBy(['game']);

  // The portal's extra listening sockets hand their connections to this same server
  // (server/http/listen.ts), so its 'upgrade' event sees every room socket whichever socket took it.
  // A ping every 3 s, cut after 2 missed: a vanished player is seen as dropped within ~9 s.
  let transport: WebSocketTransport | undefined;
  if (server) {
    transport = new WebSocketTransport({ noServer: true, maxPayload: ROOM_LIMITS.messageBytes, pingInterval: 3000, pingMaxRetries: 2 });
    transport.attachToServer(server, { filter: (request) => isRoomsUpgrade(request.url) });
  }
  await matchMaker.accept(!server);
  const sweep = redis ? startDeadProcessSweep({ hostsRooms: server !== undefined }) : undefined;

  return {
    presence,
    processId: matchMaker.processId,
    async open(options, seat) {
      // The same options make the room (onCreate) and seat its creator (onJoin).
      return matchMaker.create(PLAY_ROOM, { ...options, ...seat } satisfies PlayRoomOptions & SeatOptions);
    },
    async quickJoin(options, seat) {
      // The engine's own find-or-create, under its lock per game: two players at once meet in one room.
      return matchMaker.joinOrCreate(PLAY_ROOM, { ...options, access: 'public', ...seat } satisfies PlayRoomOptions & SeatOptions);
    },
    async find(code) {
      const listing = await matchMaker.driver.findOne({ roomId: code });
      if (!listing || listing.name !== PLAY_ROOM) return null;
      // A room whose process died is gone, though listed until the sweep: its players are told at once.
      if (redis && !(await isProcessAlive(presence, listing.processId))) return null;
      const metadata = listing.metadata as PlayRoomMetadata | undefined;
      return { game: metadata?.game ?? '', locked: listing.locked === true, players: listing.clients, maxPlayers: listing.maxClients };
    },
    async join(code, seat) {
      try {
        return await matchMaker.joinById(code, seat);
      } catch (error) {
        // The engine's SeatReservationError (not exported): the room filled up between look and join.
        if (error instanceof Error && error.constructor.name === 'SeatReservationError') return 'full';
        throw error;
      }
    },
    async playersByGame() {
      const counts = new Map<string, number>();
      for (const room of await matchMaker.query({ name: PLAY_ROOM })) {
        const game = (room.metadata as PlayRoomMetadata | undefined)?.game;
        if (game) counts.set(game, (counts.get(game) ?? 0) + room.clients);
      }
      return counts;
    },
    async redisProblem() {
      if (!redis) return null;
      if (redis.status !== 'ready') return 'Redis (REDIS_URL) is unavailable: rooms cannot be opened or joined';
      const answered = await Promise.race([redis.ping().then(() => true, () => false), new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000).unref())]);
      return answered ? null : 'Redis (REDIS_URL) did not answer within 2 s: rooms cannot be opened or joined';
    },
    async close() {
      sweep?.stop();
      // Rooms waiting out a dropped player's grace would hold the close up: 3 s at most.
      await Promise.race([matchMaker.gracefullyShutdown().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      transport?.shutdown();
      presence.shutdown();
      redis?.disconnect();
      await driver.shutdown();
    },
  };
}
