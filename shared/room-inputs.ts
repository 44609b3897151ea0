/**
 * What the rooms' routes accept (server/rooms/). Apart from shared/rooms.ts, which the web app's
 * game cards import on every page: zod stays out of a page's first scripts (issue 57).
 */
import { z } from 'zod';
import { ROOM_LIMITS } from './rooms';

export const roomAccessSchema = z.enum(['public', 'invite']);
export type RoomAccess = z.infer<typeof roomAccessSchema>;

export const openRoomInput = z.object({
  game: z.string().min(1).max(100),
  maxPlayers: z.number().int().min(ROOM_LIMITS.minPlayers).max(ROOM_LIMITS.maxPlayers).default(2),
  access: roomAccessSchema.default('invite'),
});
export type OpenRoomInput = z.infer<typeof openRoomInput>;

export const quickJoinInput = z.object({
  game: z.string().min(1).max(100),
  maxPlayers: z.number().int().min(ROOM_LIMITS.minPlayers).max(ROOM_LIMITS.maxPlayers).default(2),
});

export const joinRoomInput = z.object({
  game: z.string().min(1).max(100),
  code: z.string().min(1).max(40),
});
