/**
 * Opening and joining rooms on the portal's terms: the game must exist, a child's device gets no
 * rooms, a wrong code counts against the visitor (429 after ROOM_LIMITS.wrongCodesPerWindow), and
 * a room refuses with a reason (gone, locked, full). What it hands back is a seat reservation the
 * page's Colyseus client consumes (src/features/rooms/).
 */
import { hashToken } from '../domains/auth/tokens';
import type { DomainContext } from '../domains/context';
import { DomainError, TooManyRequests, Unavailable } from '../domains/errors';
import { getGameBySlug } from '../domains/games/service';
import { pairedDeviceOf } from '../domains/kids/queries';
import { visitorKeyOf } from '../domains/visitors/identity';
import { invitePath, joinRoomInput, normalizeInviteCode, openRoomInput, type RoomRefusal, type RoomTicket } from '../../shared/rooms';
import type { RoomsEngine } from './engine';
import type { SeatOptions } from './play-room';
import { joinRefusal, newInviteCode, onlinePlayRefusal, REFUSAL_MESSAGES, WrongCodeCounter } from './rules';

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

async function onKidDevice(ctx: DomainContext): Promise<boolean> {
  const token = ctx.kidsDeviceToken;
  return token !== null && (await pairedDeviceOf(ctx.em, hashToken(token))) !== undefined;
}

async function seatFor(ctx: DomainContext): Promise<SeatOptions> {
  if (await onKidDevice(ctx)) throw new RoomRefused(onlinePlayRefusal({ kidDevice: true }) ?? 'kids');
  const user = await ctx.getUser();
  return { name: user?.name ?? null };
}

/** The engine's own failures (Redis down, a room process gone) read as "try again", never a 500. */
async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new Unavailable(REFUSAL_MESSAGES.unavailable, { cause: error });
  }
}

export async function openRoom(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomTicket> {
  const input = openRoomInput.parse(raw);
  const game = await getGameBySlug(ctx, input.game);
  const seat = await seatFor(ctx);
  const code = newInviteCode();
  const reservation = await engineCall(() => rooms.engine.open({ code, game: game.slug, maxPlayers: input.maxPlayers, access: input.access }, seat));
  return { code, invitePath: invitePath(game.slug, code), reservation };
}

export async function joinRoom(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomTicket> {
  const input = joinRoomInput.parse(raw);
  const visitor = await visitorKeyOf(ctx);
  if (await engineCall(() => rooms.codes.blocked(visitor))) throw new TooManyRequests(rooms.codes.retryAfterSeconds);
  const seat = await seatFor(ctx);
  const code = normalizeInviteCode(input.code);
  const room = code ? await engineCall(() => rooms.engine.find(code)) : null;
  const refusal = joinRefusal(room, input.game);
  if (refusal === 'gone') await engineCall(() => rooms.codes.miss(visitor));
  if (refusal) throw new RoomRefused(refusal);
  const reservation = await engineCall(() => rooms.engine.join(code!, seat));
  if (reservation === 'full') throw new RoomRefused('full');
  return { code: code!, invitePath: invitePath(input.game, code!), reservation };
}
