/**
 * Opening and joining rooms on the portal's terms: the game must exist, a child's device plays
 * online only when its parent turned online play on and then opens invite-only rooms, a wrong
 * code counts against the visitor (429 after ROOM_LIMITS.wrongCodesPerWindow), and a room
 * refuses with a reason (gone, locked, full). What it hands back is a seat reservation the
 * page's Colyseus client consumes (src/features/rooms/).
 */
import { hashToken } from '../domains/auth/tokens';
import type { DomainContext } from '../domains/context';
import { DomainError, TooManyRequests, Unavailable } from '../domains/errors';
import { getGameBySlug } from '../domains/games/service';
import { pairedDeviceOf } from '../domains/kids/queries';
import { visitorKeyOf } from '../domains/visitors/identity';
import { invitePath, normalizeInviteCode, type RoomRefusal, type RoomTicket } from '../../shared/rooms';
import { joinRoomInput, openRoomInput } from '../../shared/room-inputs';
import type { RoomsEngine } from './engine';
import type { SeatOptions } from './play-room';
import { joinRefusal, newInviteCode, onlinePlayRefusal, REFUSAL_MESSAGES, roomAccessFor, WrongCodeCounter, type OnlineViewer } from './rules';

/** A room refused the caller: the reason travels to the page, which says it in the player's language. */
export class RoomRefused extends DomainError {
  override readonly name = 'RoomRefused';
  constructor(readonly reason: RoomRefusal) {
    super(REFUSAL_MESSAGES[reason]);
  }
}

export type Rooms = { engine: RoomsEngine; codes: WrongCodeCounter };

export function createRooms(engine: RoomsEngine): Rooms {
  return { engine, codes: new WrongCodeCounter(engine.presence) };
}

/** The caller as the rules see it: a child's paired device (with its parent's switch) or anyone else. */
export async function onlineViewerOf(ctx: DomainContext): Promise<OnlineViewer> {
  const token = ctx.kidsDeviceToken;
  const device = token === null ? undefined : await pairedDeviceOf(ctx.em, hashToken(token));
  return device ? { kidDevice: true, onlinePlay: device.profile.online_play } : { kidDevice: false };
}

export async function seatFor(ctx: DomainContext, viewer: OnlineViewer): Promise<SeatOptions> {
  const refusal = onlinePlayRefusal(viewer);
  if (refusal) throw new RoomRefused(refusal);
  // A child is "Player 2" to the others: neither the profile's name nor an account signed in on the device.
  if (viewer.kidDevice) return { name: null };
  const user = await ctx.getUser();
  return { name: user?.name ?? null };
}

/**
 * An engine call is answered within this: with Redis down the engine's commands wait for it to
 * come back (engine.ts), and the engine's own waits for another process are 2 s.
 */
export const ENGINE_ANSWER_MS = 5_000;

/** The engine's own failures (Redis down, a room process gone) read as "try again", never a 500. */
export async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the rooms engine did not answer within ${ENGINE_ANSWER_MS / 1000} s`)), ENGINE_ANSWER_MS);
  });
  try {
    return await Promise.race([call(), late]);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new Unavailable(REFUSAL_MESSAGES.unavailable, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export async function openRoom(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomTicket> {
  const input = openRoomInput.parse(raw);
  const game = await getGameBySlug(ctx, input.game);
  const viewer = await onlineViewerOf(ctx);
  const seat = await seatFor(ctx, viewer);
  const code = newInviteCode();
  const access = roomAccessFor(viewer, input.access);
  const reservation = await engineCall(() => rooms.engine.open({ code, game: game.slug, maxPlayers: input.maxPlayers, access }, seat));
  return { code, invitePath: invitePath(game.slug, code), reservation };
}

export async function joinRoom(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomTicket> {
  const input = joinRoomInput.parse(raw);
  const visitor = await visitorKeyOf(ctx);
  if (await engineCall(() => rooms.codes.blocked(visitor))) throw new TooManyRequests(rooms.codes.retryAfterSeconds);
  const seat = await seatFor(ctx, await onlineViewerOf(ctx));
  const code = normalizeInviteCode(input.code);
  const room = code ? await engineCall(() => rooms.engine.find(code)) : null;
  const refusal = joinRefusal(room, input.game);
  if (refusal === 'gone') await engineCall(() => rooms.codes.miss(visitor));
  if (refusal) throw new RoomRefused(refusal);
  const reservation = await engineCall(() => rooms.engine.join(code!, seat));
  if (reservation === 'full') throw new RoomRefused('full');
  return { code: code!, invitePath: invitePath(input.game, code!), reservation };
}
