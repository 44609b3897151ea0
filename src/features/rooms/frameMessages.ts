/**
 * The rooms part of the SDK protocol (games/sdk/playfree-sdk.js, PlayFree.multiplayer): what a
 * game's frame may ask of the portal's room, and what the portal tells it. Pure, no DOM.
 */
import { cleanInviteParams, ROOM_LIMITS, type InviteParams, type RoomPlayer } from '../../../shared/rooms';

export const ROOMS_SDK_SOURCE = 'playfree-rooms';
export const ROOMS_PORTAL_SOURCE = 'playfree-portal-rooms';

export type FrameRequest =
  | { type: 'hello'; maxPlayers: number }
  | { type: 'create'; requestId: string; maxPlayers: number; access: 'public' | 'invite' }
  | { type: 'join'; requestId: string; code: string }
  | { type: 'send'; data: unknown }
  | { type: 'lock' }
  | { type: 'leave' }
  /** How the player came (an invite's code and params, Join Game): asked before or without hello. */
  | { type: 'entry'; requestId: string }
  /** The game's own values the portal's invite link carries from now on (CrazyGames' showInviteButton). */
  | { type: 'inviteParams'; params: InviteParams }
  /** Whether the player may invite now: the panel shows or hides "Invite a friend" and the link. */
  | { type: 'invitable'; on: boolean };

/** The answer to 'entry': instant when the page was opened to play online at once (an invite link, Join Game). */
export type Entry = { instant: boolean; code: string | null; params: InviteParams; link: string };

/** The room as the game and the panel see it. */
export type RoomView = { code: string; inviteLink: string; me: string; host: string | null; locked: boolean; maxPlayers: number; players: RoomPlayer[] };

/** What the portal tells the game (besides answers to its requests). */
export type RoomEvent =
  | { type: 'room'; room: RoomView }
  | { type: 'message'; from: string; data: unknown }
  | { type: 'playerJoin'; player: RoomPlayer }
  | { type: 'playerDrop' | 'playerReturn' | 'playerLeave' | 'hostChange'; id: string }
  | { type: 'locked' }
  | { type: 'connection'; state: 'reconnecting' | 'connected' }
  | { type: 'closed'; reason: 'lost' | 'left' };

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

const clampPlayers = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(ROOM_LIMITS.maxPlayers, Math.max(ROOM_LIMITS.minPlayers, value)) : ROOM_LIMITS.minPlayers;
const REQUEST_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** One message from a game's frame, or null when it is not a rooms request. Never throws. */
export function parseFrameRequest(data: unknown): FrameRequest | null {
  if (!isRecord(data) || data.source !== ROOMS_SDK_SOURCE || data.version !== 1) return null;
  const requestId = typeof data.requestId === 'string' && REQUEST_ID.test(data.requestId) ? data.requestId : null;
  switch (data.type) {
    case 'hello':
      return { type: 'hello', maxPlayers: clampPlayers(data.maxPlayers) };
    case 'create':
      return requestId ? { type: 'create', requestId, maxPlayers: clampPlayers(data.maxPlayers), access: data.access === 'public' ? 'public' : 'invite' } : null;
    case 'join':
      return requestId && typeof data.code === 'string' && data.code.length <= 40 ? { type: 'join', requestId, code: data.code } : null;
    case 'send':
      return 'data' in data ? { type: 'send', data: data.data } : null;
    case 'lock':
    case 'leave':
      return { type: data.type };
    case 'entry':
      return requestId ? { type: 'entry', requestId } : null;
    case 'inviteParams':
      return { type: 'inviteParams', params: cleanInviteParams(data.params) };
    case 'invitable':
      return { type: 'invitable', on: data.on !== false };
    default:
      return null;
  }
}

/** Room messages bigger than this (as JSON) are not sent: the server would cut the connection at 4 KB. */
export const MAX_SEND_JSON = ROOM_LIMITS.messageBytes - 512;
/** The page sends at most this many a second, under the server's cut-off. */
export const MAX_SENDS_PER_SECOND = 30;

/** Counts sends in the current second: false past the cap (the message is dropped, not the player). */
export class SendGate {
  private second = 0;
  private count = 0;
  constructor(private readonly now: () => number = Date.now) {}

  allow(data: unknown): boolean {
    let size: number;
    try {
      size = JSON.stringify(data ?? null).length;
    } catch {
      return false;
    }
    if (size > MAX_SEND_JSON) return false;
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    return ++this.count <= MAX_SENDS_PER_SECOND;
  }
}
