/**
 * The page's connection to one room: asks the portal for a seat (/api/rooms), then holds the
 * socket with Colyseus' client, loaded only when a game first plays online. Its events are the
 * room's, in the portal's words (frameMessages.ts); the game's payloads pass through unread.
 */
import type { Room } from '@colyseus/sdk';
import { invitePath, type RoomPlayer, type RoomRefusal, type RoomTicket } from '../../../shared/rooms';
import type { RoomEvent, RoomView } from './frameMessages';

/** Why the page could not get into a room: the server's refusals, too many tries, or no answer. */
export type RoomProblem = RoomRefusal | 'tooMany';

export class RoomError extends Error {
  constructor(readonly problem: RoomProblem) {
    super(problem);
  }
}

async function ticketFrom(path: string, body: object): Promise<RoomTicket> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw new RoomError('unavailable');
  }
  if (response.ok) return (await response.json()) as RoomTicket;
  if (response.status === 429) throw new RoomError('tooMany');
  const answer = (await response.json().catch(() => ({}))) as { reason?: RoomRefusal };
  throw new RoomError(answer.reason ?? (response.status === 404 ? 'gone' : 'unavailable'));
}

type Welcome = { you: string; host: string | null; locked: boolean; maxPlayers: number; players: RoomPlayer[] };

/** While the socket is down, how often the portal is asked whether the room is still there. */
const GONE_CHECK_MS = 2000;

export class RoomSession {
  private room: Room | null = null;
  private closed = false;
  private goneCheck: ReturnType<typeof setInterval> | undefined;

  private constructor(
    private readonly ticket: RoomTicket,
    private readonly slug: string,
    private readonly emit: (event: RoomEvent) => void,
  ) {}

  static open(slug: string, options: { maxPlayers: number; access: 'public' | 'invite' }, emit: (event: RoomEvent) => void): Promise<RoomSession> {
    return ticketFrom('/api/rooms', { game: slug, ...options }).then((ticket) => new RoomSession(ticket, slug, emit).connect());
  }

  /** "Join Game": a seat in an open public room of the game, or a new public room. */
  static quick(slug: string, maxPlayers: number, emit: (event: RoomEvent) => void): Promise<RoomSession> {
    return ticketFrom('/api/rooms/quick', { game: slug, maxPlayers }).then((ticket) => new RoomSession(ticket, slug, emit).connect());
  }

  static join(slug: string, code: string, emit: (event: RoomEvent) => void): Promise<RoomSession> {
    return ticketFrom('/api/rooms/join', { game: slug, code }).then((ticket) => new RoomSession(ticket, slug, emit).connect());
  }

  get code(): string {
    return this.ticket.code;
  }

  private async connect(): Promise<this> {
    const { Client } = await import('@colyseus/sdk');
    const endpoint = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/rooms`;
    let room: Room;
    try {
      room = await new Client(endpoint).consumeSeatReservation(this.ticket.reservation);
    } catch {
      // The seat was reserved, but the socket could not be opened (or the reservation lapsed).
      throw new RoomError('unavailable');
    }
    this.room = room;
    // A phone back from the background tries at once, then keeps trying through the 30 s the seat is kept:
    // 0.2, 0.4, 0.8, 1.6 s apart, then every 2 s (not the engine's 5 s, so a player whose network is
    // back waits 2 s at most), 19 tries in all spanning 33 s. Past the grace the server refuses the
    // return and the panel says the connection is lost.
    room.reconnection.minUptime = 0;
    room.reconnection.maxDelay = 2000;
    room.reconnection.maxRetries = 19;
    const inviteLink = new URL(invitePath(this.slug, this.ticket.code), window.location.origin).href;
    room.onMessage('welcome', (welcome: Welcome) =>
      this.emit({ type: 'room', room: { code: this.ticket.code, inviteLink, me: welcome.you, host: welcome.host, locked: welcome.locked, maxPlayers: welcome.maxPlayers, players: welcome.players } satisfies RoomView }),
    );
    room.onMessage('joined', ({ player }: { player: RoomPlayer }) => this.emit({ type: 'playerJoin', player }));
    room.onMessage('dropped', ({ id }: { id: string }) => this.emit({ type: 'playerDrop', id }));
    room.onMessage('returned', ({ id }: { id: string }) => this.emit({ type: 'playerReturn', id }));
    room.onMessage('left', ({ id }: { id: string }) => this.emit({ type: 'playerLeave', id }));
    room.onMessage('host', ({ id }: { id: string }) => this.emit({ type: 'hostChange', id }));
    room.onMessage('locked', () => this.emit({ type: 'locked' }));
    room.onMessage('relay', ({ from, data }: { from: string; data: unknown }) => this.emit({ type: 'message', from, data }));
    room.onDrop(() => {
      this.emit({ type: 'connection', state: 'reconnecting' });
      this.goneCheck ??= setInterval(() => void this.checkGone(), GONE_CHECK_MS);
    });
    room.onReconnect(() => {
      this.stopGoneCheck();
      this.emit({ type: 'connection', state: 'connected' });
    });
    room.onLeave(() => this.lost());
    return this;
  }

  /**
   * The socket dropped: the room may be gone with its process (killed), when no try gets back in.
   * Only the portal's "gone" ends the tries; offline (a phone in the background) they go on.
   */
  private async checkGone(): Promise<void> {
    const answer = await fetch('/api/rooms/status', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: this.slug, code: this.ticket.code }),
      credentials: 'same-origin',
    }).catch(() => null);
    if (answer?.status !== 404 || !this.room) return;
    this.room.reconnection.enabled = false;
    this.lost();
  }

  private stopGoneCheck(): void {
    clearInterval(this.goneCheck);
    this.goneCheck = undefined;
  }

  private lost(): void {
    this.stopGoneCheck();
    if (this.closed) return;
    this.closed = true;
    this.emit({ type: 'closed', reason: 'lost' });
  }

  send(data: unknown): void {
    this.room?.send('relay', data);
  }

  lock(): void {
    this.room?.send('lock');
  }

  leave(): void {
    this.stopGoneCheck();
    if (this.closed) return;
    this.closed = true;
    void this.room?.leave(true).catch(() => undefined);
    this.emit({ type: 'closed', reason: 'left' });
  }
}
