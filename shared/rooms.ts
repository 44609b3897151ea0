/**
 * Real-time rooms (issue 48): the limits and shapes both the portal's server and its web app use.
 * The engine (Colyseus) is the server's business (server/rooms/); these are the portal's terms.
 * No zod here: every page's game cards import this file (shared/room-inputs.ts holds the schemas).
 */
export const ROOM_LIMITS = {
  minPlayers: 2,
  maxPlayers: 8,
  /** A dropped player's seat is kept this long (a phone in the background) before it is freed. */
  reconnectSeconds: 30,
  /**
   * Per connection, on average: a client sending faster is cut off. Up to burstSeconds' worth may
   * arrive at once, since messages a network or a stalled server held back arrive together.
   */
  messagesPerSecond: 40,
  burstSeconds: 5,
  /** Per message, as received on the socket (ws' maxPayload): a larger frame cuts the connection. */
  messageBytes: 4096,
  /** Wrong invite codes a visitor may try in a window before being answered 429. */
  wrongCodesPerWindow: 5,
  wrongCodeWindowSeconds: 600,
} as const;

/** Invite codes: 11 characters of Crockford's base32 (55 random bits), read without I, L, O or U. */
export const INVITE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITE_CODE_LENGTH = 11;
/** The invite link's query parameter on a game's page: /games/{slug}?room={code}. */
export const ROOM_PARAM = 'room';

/**
 * A typed or pasted code as stored: upper case, without spaces or dashes, with the letters people
 * confuse read as Crockford says (O is 0, I and L are 1). Null when it cannot be a code.
 */
export function normalizeInviteCode(text: string): string | null {
  const code = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== INVITE_CODE_LENGTH) return null;
  for (const char of code) if (!INVITE_CODE_ALPHABET.includes(char)) return null;
  return code;
}

export function invitePath(slug: string, code: string): string {
  return `/games/${encodeURIComponent(slug)}?${ROOM_PARAM}=${code}`;
}

/** "Join Game" (the home's Best Multiplayer) opens /games/{slug}?join=public: an open public room, or a new one. */
export const QUICK_JOIN_PARAM = 'join';
export const QUICK_JOIN_VALUE = 'public';

/**
 * A game's own values in an invite link (CrazyGames' inviteLink params): each travels as
 * invite.{name}={value} beside ?room=, and the joining player's game reads them back.
 */
export const INVITE_PARAM_PREFIX = 'invite.';
export const INVITE_PARAM_LIMITS = { count: 10, name: /^[A-Za-z0-9_-]{1,40}$/, valueLength: 200 } as const;
export type InviteParams = Record<string, string>;

/** The valid params among `raw` (a game's object), as strings, within INVITE_PARAM_LIMITS; never throws. */
export function cleanInviteParams(raw: unknown): InviteParams {
  const params: InviteParams = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return params;
  for (const [name, value] of Object.entries(raw)) {
    if (Object.keys(params).length >= INVITE_PARAM_LIMITS.count) break;
    if (!INVITE_PARAM_LIMITS.name.test(name) || !['string', 'number', 'boolean'].includes(typeof value)) continue;
    const text = String(value);
    if (text.length <= INVITE_PARAM_LIMITS.valueLength) params[name] = text;
  }
  return params;
}

/** `link` (absolute) with the game's params added as invite.{name}. */
export function withInviteParams(link: string, params: InviteParams): string {
  const url = new URL(link);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(INVITE_PARAM_PREFIX + name, value);
  return url.href;
}

/** The game's params an invite link (a page's query) carries. */
export function inviteParamsOf(search: string): InviteParams {
  const found: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (key.startsWith(INVITE_PARAM_PREFIX)) found[key.slice(INVITE_PARAM_PREFIX.length)] = value;
  return cleanInviteParams(found);
}

/** Why a room refuses a join: the web app shows each in the player's language. */
export const ROOM_REFUSALS = ['gone', 'locked', 'full', 'kids', 'unavailable'] as const;
export type RoomRefusal = (typeof ROOM_REFUSALS)[number];

/** A seat reservation as Colyseus' client consumes it (consumeSeatReservation). */
export type SeatReservation = { name: string; sessionId: string; roomId: string; processId?: string; publicAddress?: string };

export type RoomTicket = { code: string; invitePath: string; reservation: SeatReservation };
/** POST /api/rooms/status: the room is still there (a gone one is answered 404). */
export type RoomStatus = { code: string; players: number; maxPlayers: number; locked: boolean };

/** A player as the room tells its members (and the game) about them. */
export type RoomPlayer = { id: string; seat: number; name: string | null; connected: boolean };
