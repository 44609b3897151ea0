/**
 * POST /api/rooms/status { game, code }: whether a room is still there, for a page whose socket to
 * it dropped. A room lives while its process does (a phone back from the background gets back in),
 * and is gone the moment its process died (engine.find): the page then says "connection lost" at
 * once instead of trying to come back through the 30 s a seat is kept. A code not there counts as a
 * wrong guess, as a join's does (429 past ROOM_LIMITS.wrongCodesPerWindow).
 */
import type { DomainContext } from '../domains/context';
import { TooManyRequests } from '../domains/errors';
import { visitorKeyOf } from '../domains/visitors/identity';
import { normalizeInviteCode, type RoomStatus } from '../../shared/rooms';
import { joinRoomInput } from '../../shared/room-inputs';
import { engineCall, RoomRefused, type Rooms } from './service';

export async function roomStatus(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomStatus> {
  const input = joinRoomInput.parse(raw);
  const visitor = await visitorKeyOf(ctx);
  if (await engineCall(() => rooms.codes.blocked(visitor))) throw new TooManyRequests(rooms.codes.retryAfterSeconds);
  const code = normalizeInviteCode(input.code);
  const room = code ? await engineCall(() => rooms.engine.find(code)) : null;
  if (!code || !room || room.game !== input.game) {
    await engineCall(() => rooms.codes.miss(visitor));
    throw new RoomRefused('gone');
  }
  return { code, players: room.players, maxPlayers: room.maxPlayers, locked: room.locked };
}
