/**
 * Rooms across two portal instances sharing Redis: `count` invite-only rooms opened through the
 * first (POST /api/rooms, its creator seated with Colyseus' client) and joined by their invite
 * code through the second (POST /api/rooms/join, the seat consumed on whichever process holds
 * the room, as the reservation says). A join succeeds when the joiner's socket is in the room and
 * its host hears it arrive. Which process holds each room is read from the reservation's address
 * (each instance's ROOMS_PUBLIC_ADDRESS).
 */
import { Client, type Room } from '@colyseus/sdk';
import type { RoomTicket } from '../../shared/rooms';

export type SpreadResult = { rooms: number; joined: number; failures: string[]; roomsByAddress: Record<string, number> };

const AT_ONCE = 4;

async function ticket(portal: string, path: string, body: object): Promise<RoomTicket> {
  const response = await fetch(`${portal}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as RoomTicket;
}

function seated(portal: string, reservation: RoomTicket['reservation']): Promise<Room> {
  const room = new Client(`${portal.replace(/^http/, 'ws')}/rooms`).consumeSeatReservation(reservation as never);
  return room.then((joined) => {
    joined.onMessage('*', () => undefined);
    return joined;
  });
}

export async function inviteSpread(opener: string, joiner: string, game: string, count: number): Promise<SpreadResult & { leave(): Promise<void> }> {
  const rooms: Room[] = [];
  const failures: string[] = [];
  const roomsByAddress: Record<string, number> = {};
  let joined = 0;
  const one = async () => {
    const opened = await ticket(opener, '/api/rooms', { game, maxPlayers: 2, access: 'invite' });
    const address = opened.reservation.publicAddress ?? opened.reservation.processId ?? '?';
    roomsByAddress[address] = (roomsByAddress[address] ?? 0) + 1;
    const host = await seated(opener, opened.reservation);
    rooms.push(host);
    const heard = new Promise<void>((resolve) => host.onMessage('joined', () => resolve()));
    const friend = await seated(joiner, (await ticket(joiner, '/api/rooms/join', { game, code: opened.code })).reservation);
    rooms.push(friend);
    await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error('the host did not hear the friend join within 10 s')), 10_000))]);
    joined += 1;
  };
  for (let at = 0; at < count; at += AT_ONCE) {
    const results = await Promise.allSettled(Array.from({ length: Math.min(AT_ONCE, count - at) }, one));
    for (const result of results) if (result.status === 'rejected') failures.push(String(result.reason));
  }
  return {
    rooms: count,
    joined,
    failures: failures.slice(0, 5),
    roomsByAddress,
    leave: async () => void (await Promise.allSettled(rooms.map((room) => room.leave(true)))),
  };
}
