/**
 * The portal's rules for rooms, apart from the engine: who may play online, when a join is
 * refused and why, who hosts, how invite codes are made and how wrong guesses are counted. Plain
 * functions on plain data, so tests call them without a socket (server/rooms/rules.test.ts).
 */
import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, ROOM_LIMITS, type RoomRefusal } from '../../shared/rooms';
import type { RoomAccess } from '../../shared/room-inputs';

/** A fresh invite code: 11 characters drawn uniformly from 32 (55 bits), from the system's CSPRNG. */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * Who asks to play online, as far as the rules care: anyone, or a device paired to a child's
 * profile (the Kids Zone's device cookie) with its parent's switch for online play.
 */
export type OnlineViewer = { kidDevice: false } | { kidDevice: true; onlinePlay: boolean };

/**
 * Why this viewer may not open or join a room, or null. A child plays online only when the
 * parent turned online play on for the profile at /family (off by default; docs/KIDS.md).
 */
export function onlinePlayRefusal(viewer: OnlineViewer): RoomRefusal | null {
  return viewer.kidDevice && !viewer.onlinePlay ? 'kids' : null;
}

/** The access a room this viewer opens gets: a child's room is invite-only, whatever the game asked. */
export function roomAccessFor(viewer: OnlineViewer, asked: RoomAccess): RoomAccess {
  return viewer.kidDevice ? 'invite' : asked;
}

/**
 * Why this viewer may not be seated in an open public room it was not invited to (a quick join,
 * "Join Game"), or null: a child gets into a room only by an invite, never with strangers.
 */
export function quickJoinRefusal(viewer: OnlineViewer): RoomRefusal | null {
  return viewer.kidDevice ? 'kids' : null;
}

/** A room as the engine lists it, reduced to what decides a join. */
export type RoomListing = { game: string; locked: boolean; players: number; maxPlayers: number };

/**
 * Why a join into `room` for `game` is refused, or null. A missing room and a room of another game
 * read the same ('gone'): an invite code says nothing about rooms it does not open.
 */
export function joinRefusal(room: RoomListing | null, game: string): RoomRefusal | null {
  if (!room || room.game !== game) return 'gone';
  if (room.players >= room.maxPlayers) return 'full';
  if (room.locked) return 'locked';
  return null;
}

/** What a refusal reads to an API caller; the web app shows its own text for each reason. */
export const REFUSAL_MESSAGES: Record<RoomRefusal, string> = {
  gone: 'No room with this code: it has closed, or the code is wrong',
  locked: 'The room is locked: its host has closed it to new players',
  full: 'The room is full',
  kids: 'A child’s device plays online only with invited friends, and only once a parent turns online play on at /family',
  unavailable: 'Rooms are unavailable right now; please try again in a few seconds',
};

/** A seat in a room, for choosing the host. */
export type Seat = { id: string; seat: number; connected: boolean };

/**
 * The host after `leavingId` has left for good: the same host when someone else left, otherwise
 * the connected player with the lowest seat (the longest in the room), else anyone, else nobody.
 */
export function nextHost(host: string | null, seats: readonly Seat[], leavingId: string): string | null {
  if (host !== null && host !== leavingId && seats.some((seat) => seat.id === host)) return host;
  const others = seats.filter((seat) => seat.id !== leavingId).sort((a, b) => a.seat - b.seat);
  return (others.find((seat) => seat.connected) ?? others[0])?.id ?? null;
}

/** The lowest seat number not taken (seats are numbered from 1, as players are shown). */
export function freeSeat(seats: readonly Seat[]): number {
  const taken = new Set(seats.map((seat) => seat.seat));
  let seat = 1;
  while (taken.has(seat)) seat++;
  return seat;
}

/** What counting wrong codes needs: Colyseus' presence (in memory, or Redis shared by every process) has it. */
export type CounterStore = {
  /** In memory a value, from Redis a promise of its text: awaited either way. */
  get(key: string): unknown;
  incr(key: string): Promise<number>;
  expire(key: string, seconds: number): void;
};

/**
 * Wrong invite codes per visitor: after ROOM_LIMITS.wrongCodesPerWindow in a window of
 * wrongCodeWindowSeconds (from the first wrong one), every try is refused until the window ends,
 * right codes included, so guessing cannot go on at any pace.
 */
export class WrongCodeCounter {
  constructor(
    private readonly store: CounterStore,
    private readonly limit: number = ROOM_LIMITS.wrongCodesPerWindow,
    private readonly windowSeconds: number = ROOM_LIMITS.wrongCodeWindowSeconds,
  ) {}

  private key(visitor: string): string {
    return `playfree:room-code-misses:${visitor}`;
  }

  async blocked(visitor: string): Promise<boolean> {
    return Number((await this.store.get(this.key(visitor))) ?? 0) >= this.limit;
  }

  async miss(visitor: string): Promise<void> {
    const key = this.key(visitor);
    if ((await this.store.incr(key)) === 1) this.store.expire(key, this.windowSeconds);
  }

  get retryAfterSeconds(): number {
    return this.windowSeconds;
  }
}

/**
 * The message cap of one connection: a bucket of burstSeconds' worth of messages, refilled at
 * messagesPerSecond by the clock. A cap counted per second of arrival cut a player of a 20-a-second
 * game whenever the server's event loop stalled a second or two (the messages queued meanwhile
 * all arrive at once); the bucket cuts a flood as surely and leaves that player alone.
 */
export class MessageRate {
  private tokens: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    burstSeconds: number,
    now: number,
  ) {
    this.capacity = perSecond * burstSeconds;
    this.tokens = this.capacity;
    this.last = now;
  }

  /** Takes one message arrived at `now` (ms); false when it is over the cap. */
  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
