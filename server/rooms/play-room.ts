/**
 * The one kind of room the portal runs for games: a relay of the game's own messages among its
 * players, which the portal never reads (they stay opaque), with seats, a host, a lock and a 30 s
 * grace for a dropped player. The engine's vocabulary (Room, Client, onDrop, allowReconnection)
 * stays in this file; the rules it applies come from ./rules.ts.
 */
import { CloseCode, Room, type Client } from '@colyseus/core';
import { ROOM_LIMITS, type RoomPlayer } from '../../shared/rooms';
import type { RoomAccess } from '../../shared/room-inputs';
import { freeSeat, MessageRate, nextHost } from './rules';

export const PLAY_ROOM = 'play';

/** What the portal creates a room with (server/rooms/service.ts): trusted, never from the socket. */
export type PlayRoomOptions = { code: string; game: string; maxPlayers: number; access: RoomAccess };
/** What the portal reserves a seat with: the player's shown name, if any. */
export type SeatOptions = { name: string | null };
export type PlayRoomMetadata = { game: string; access: RoomAccess };

/** ws' error for a frame over maxPayload: it then drops the socket (1006 on this side, 1009 on the client's). */
const OVERSIZED = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/**
 * Server → client messages (the portal page reads them, server/rooms/README in docs/API.md):
 * welcome { you, host, locked, maxPlayers, players }, joined { player }, dropped { id },
 * returned { id }, left { id }, host { id }, locked {}, relay { from, data }.
 */
export class PlayRoom extends Room<{ metadata: PlayRoomMetadata }> {
  /** The grace a dropped player has to come back (a test shortens it to see a seat freed). */
  static reconnectSeconds: number = ROOM_LIMITS.reconnectSeconds;
  // The engine's own cap counts arrivals per second of its clock (a stall's queued messages all at
  // once), so it only backs up the portal's MessageRate below, for frames no handler sees.
  override maxMessagesPerSecond = ROOM_LIMITS.messagesPerSecond * ROOM_LIMITS.burstSeconds;
  override seatReservationTimeout = 15;
  private readonly players = new Map<string, RoomPlayer>();
  private host: string | null = null;
  /** Players cut off for breaking a cap: they get no grace. */
  private readonly cut = new Set<string>();
  private readonly rates = new Map<string, MessageRate>();

  override onCreate(options: PlayRoomOptions) {
    // The invite code is the room's id: it lives exactly as long as the room (and is its listing key in Redis).
    this.roomId = options.code;
    this.maxClients = options.maxPlayers;
    void this.setMetadata({ game: options.game, access: options.access });
    if (options.access === 'invite') void this.setPrivate(true);

    this.onMessage('relay', (client, data: unknown) => {
      if (!this.withinRate(client)) return;
      this.broadcast('relay', { from: client.sessionId, data }, { except: client });
    });
    this.onMessage('lock', (client) => {
      if (!this.withinRate(client) || client.sessionId !== this.host || this.locked) return;
      void this.lock();
      this.broadcast('locked', {});
    });
    // Anything else is not part of the protocol: ignored, not answered (but counted).
    this.onMessage('*', (client) => void this.withinRate(client));
  }

  /** Counts a message; a client over the cap is cut off (close 4002), with no grace. */
  private withinRate(client: Client): boolean {
    let rate = this.rates.get(client.sessionId);
    if (!rate) this.rates.set(client.sessionId, (rate = new MessageRate(ROOM_LIMITS.messagesPerSecond, ROOM_LIMITS.burstSeconds, performance.now())));
    if (rate.take(performance.now())) return true;
    if (!this.cut.has(client.sessionId)) {
      this.cut.add(client.sessionId);
      client.leave(CloseCode.WITH_ERROR);
    }
    return false;
  }

  /** Notes a client whose socket is closed for an oversized message (the engine only sees it drop). */
  private watchSize(client: Client) {
    (client.ref as unknown as NodeJS.EventEmitter).on('error', (error: { code?: string }) => {
      if (error.code === OVERSIZED) this.cut.add(client.sessionId);
    });
  }

  override onJoin(client: Client, options: SeatOptions) {
    this.watchSize(client);
    const player: RoomPlayer = { id: client.sessionId, seat: freeSeat([...this.players.values()]), name: options?.name ?? null, connected: true };
    this.players.set(client.sessionId, player);
    this.host ??= client.sessionId;
    client.send('welcome', { you: client.sessionId, host: this.host, locked: this.locked, maxPlayers: this.maxClients, players: [...this.players.values()] });
    this.broadcast('joined', { player }, { except: client });
  }

  override async onDrop(client: Client, code?: number) {
    const player = this.players.get(client.sessionId);
    if (!player) return;
    // Over the message rate (the engine closes with WITH_ERROR) or size: cut off, no grace.
    if (code === CloseCode.WITH_ERROR || this.cut.has(client.sessionId)) return this.leaveFor(client.sessionId);
    player.connected = false;
    this.broadcast('dropped', { id: client.sessionId });
    // Past the grace time the engine calls onLeave, which frees the seat.
    await this.allowReconnection(client, PlayRoom.reconnectSeconds).catch(() => undefined);
  }

  override onReconnect(client: Client) {
    const player = this.players.get(client.sessionId);
    if (!player) return;
    this.watchSize(client);
    player.connected = true;
    client.send('welcome', { you: client.sessionId, host: this.host, locked: this.locked, maxPlayers: this.maxClients, players: [...this.players.values()] });
    this.broadcast('returned', { id: client.sessionId }, { except: client });
  }

  override onLeave(client: Client) {
    this.leaveFor(client.sessionId);
  }

  private leaveFor(id: string) {
    if (!this.players.has(id)) return;
    this.cut.delete(id);
    this.rates.delete(id);
    const host = nextHost(this.host, [...this.players.values()], id);
    this.players.delete(id);
    this.broadcast('left', { id });
    if (host !== this.host) {
      this.host = host;
      if (host) this.broadcast('host', { id: host });
    }
  }
}
