import { normalizeInviteCode, ROOM_PARAM } from '../../../shared/rooms';

/**
 * A friend's invite link (/games/{slug}?room={code}) as the Kids Zone's player opens it: a device
 * held in the zone never gets the game's own page, so a child allowed online play joins the room
 * at /kids/play/{slug}?room={code} instead. Null when `next` is no invite link.
 */
export function inviteInZone(next: string): string | null {
  const url = new URL(next, 'http://portal.invalid');
  const slug = /^\/games\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(url.pathname)?.[1];
  const code = normalizeInviteCode(url.searchParams.get(ROOM_PARAM) ?? '');
  return slug && code ? `/kids/play/${slug}?${ROOM_PARAM}=${code}` : null;
}
