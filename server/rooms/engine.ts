/**
 * Colyseus in the portal's process: the match-maker (rooms, seats, presence) and its WebSocket
 * transport on the portal's own HTTP server under /rooms. In memory by default (one process, like
 * the embedded database); with REDIS_URL, presence and the room list live in Redis, so any number
 * of portal processes share them and a room lives on exactly one (docs/OPERATIONS.md).
 */
import type { Server as HttpServer } from 'node:http';
import { LocalDriver, LocalPresence, matchMaker, type Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { ROOM_LIMITS, type SeatReservation } from '../../shared/rooms';
import { PLAY_ROOM, PlayRoom, type PlayRoomMetadata, type PlayRoomOptions, type SeatOptions } from './play-room';
import type { RoomListing } from './rules';

/** Where the rooms' sockets connect: /rooms/{processId}/{roomId} (the path Colyseus' client builds). */
export const ROOMS_PATH = '/rooms';

export type RoomsEngineOptions = {
  server: HttpServer;
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
  /** Reserves a seat in the room with this code; 'full' when it filled up meanwhile. */
  join(code: string, seat: SeatOptions): Promise<SeatReservation | 'full'>;
  /** Players in rooms of each game, on every process. */
  playersByGame(): Promise<Map<string, number>>;
  /** Disconnects this process's rooms and stops the transport. */
  close(): Promise<void>;
};

/** Whether an upgrade request is for the rooms (anything else is left to other listeners). */
export function isRoomsUpgrade(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(`${ROOMS_PATH}/`);
}

export async function startRooms({ server, redisUrl, publicAddress }: RoomsEngineOptions): Promise<RoomsEngine> {
  const presence: Presence = redisUrl ? new RedisPresence(redisUrl) : new LocalPresence();
  const driver = redisUrl ? new RedisDriver(redisUrl) : new LocalDriver();
  await matchMaker.setup(presence, driver, publicAddress);
  matchMaker.defineRoomType(PLAY_ROOM, PlayRoom);

  // The portal's extra listening sockets hand their connections to this same server
  // (server/http/listen.ts), so its 'upgrade' event sees every room socket whichever socket took it.
  // A ping every 3 s, cut after 2 missed: a vanished player is seen as dropped within ~9 s.
  const transport = new WebSocketTransport({ noServer: true, maxPayload: ROOM_LIMITS.messageBytes, pingInterval: 3000, pingMaxRetries: 2 });
  transport.attachToServer(server, { filter: (request) => isRoomsUpgrade(request.url) });
  await matchMaker.accept();

  return {
    presence,
    processId: matchMaker.processId,
    async open(options, seat) {
      // The same options make the room (onCreate) and seat its creator (onJoin).
      return matchMaker.create(PLAY_ROOM, { ...options, ...seat } satisfies PlayRoomOptions & SeatOptions);
    },
    async find(code) {
      const listing = await matchMaker.driver.findOne({ roomId: code });
      if (!listing || listing.name !== PLAY_ROOM) return null;
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
    async close() {
      // Rooms waiting out a dropped player's grace would hold the close up: 3 s at most.
      await Promise.race([matchMaker.gracefullyShutdown().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      transport.shutdown();
      presence.shutdown();
      await driver.shutdown();
    },
  };
}
