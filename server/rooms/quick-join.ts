/**
 * "Join Game" on the home's Best Multiplayer: a seat in an open public room of the game, or a new
 * public room when none has one free. A child is never seated with strangers (quickJoinRefusal):
 * a child's device gets into rooms by invite only (docs/KIDS.md).
 */
import type { DomainContext } from '../domains/context';
import { getGameBySlug } from '../domains/games/service';
import { invitePath, type RoomTicket } from '../../shared/rooms';
import { quickJoinInput } from '../../shared/room-inputs';
import { newInviteCode, quickJoinRefusal } from './rules';
import { engineCall, onlineViewerOf, RoomRefused, seatFor, type Rooms } from './service';

export async function quickJoinRoom(ctx: DomainContext, rooms: Rooms, raw: unknown): Promise<RoomTicket> {
  const input = quickJoinInput.parse(raw);
  const game = await getGameBySlug(ctx, input.game);
  const viewer = await onlineViewerOf(ctx);
  const refusal = quickJoinRefusal(viewer);
  if (refusal) throw new RoomRefused(refusal);
  const seat = await seatFor(ctx, viewer);
  // The new code is used only when a room is created; a found room keeps its own.
  const reservation = await engineCall(() => rooms.engine.quickJoin({ code: newInviteCode(), game: game.slug, maxPlayers: input.maxPlayers, access: 'public' }, seat));
  const code = reservation.roomId;
  return { code, invitePath: invitePath(game.slug, code), reservation };
}
