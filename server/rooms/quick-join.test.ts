/**
 * "Join Game" (POST /api/rooms/quick) on a real socket: it seats the player in an open public room
 * of the game when there is one, and opens a new public room when every room is full, locked,
 * invite-only or of another game; a child's device is never seated with strangers.
 */
import { Client, type Room } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainTest } from '../../tests/support/domain';
import { useRoomsBed } from '../../tests/support/rooms-bed';
import { createProfile, pairDevice, updateFamilySettings } from '../domains/kids/family';
import { requestPairingCode } from '../domains/kids/family-device';
import type { DomainContext } from '../domains/context';
import type { RoomTicket } from '../../shared/rooms';
import { quickJoinRoom } from './quick-join';
import { openRoom, RoomRefused, type Rooms } from './service';
import { until } from '../../tests/support/until';

const bed = useRoomsBed();
let t: DomainTest;
let rooms: Rooms;
let client: Client;
beforeAll(() => void ({ t, rooms, client } = bed));

let visitors = 0;
const visitor = (): DomainContext => t.context({ visitorId: `quick-${String(++visitors).padStart(14, '0')}` });
const quick = (game: string, maxPlayers = 2) => quickJoinRoom(visitor(), rooms, { game, maxPlayers });


/** Connects with the ticket and waits for the room's welcome. */
async function connect(ticket: RoomTicket): Promise<{ room: Room; seen: string[] }> {
  const room = await client.consumeSeatReservation(ticket.reservation);
  const seen: string[] = [];
  room.onMessage('*', (type) => seen.push(String(type)));
  await until(() => seen.includes('welcome'));
  return { room, seen };
}

const listed = async (code: string) => (await matchMaker.query({ roomId: code }))[0];

describe('quick join', () => {
  it('opens a public room when there is none, seats the next player in it, and opens another once it is full', async () => {
    const first = await quick('balloon-pop');
    expect(first.invitePath).toBe(`/games/balloon-pop?room=${first.code}`);
    expect((await listed(first.code))?.private).toBe(false);
    const a = await connect(first);
    const second = await quick('balloon-pop');
    expect(second.code).toBe(first.code);
    const b = await connect(second);
    await until(() => a.seen.includes('joined'));
    // Two of two: the next player gets a room of their own.
    const third = await quick('balloon-pop');
    expect(third.code).not.toBe(first.code);
    const c = await connect(third);
    await Promise.all([a.room.leave(), b.room.leave(), c.room.leave()]);
  });

  it('never seats a player in an invite-only room, a locked room or another game’s room', async () => {
    const invited = await connect(await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' }));
    const otherGame = await connect(await quick('star-blaster'));
    const publicTicket = await quick('paddle-duel', 3);
    expect([invited.room.roomId, otherGame.room.roomId]).not.toContain(publicTicket.code);
    const host = await connect(publicTicket);
    host.room.send('lock');
    await until(() => host.seen.includes('locked'));
    const next = await quick('paddle-duel', 3);
    expect([invited.room.roomId, otherGame.room.roomId, publicTicket.code]).not.toContain(next.code);
    const nextPlayer = await connect(next);
    // An open public room of the game is found again.
    expect((await quick('paddle-duel', 3)).code).toBe(next.code);
    await Promise.all([invited.room.leave(), otherGame.room.leave(), host.room.leave(), nextPlayer.room.leave()]);
  });

  it('refuses a child’s paired device with the reason kids, and an unknown game with 404', async () => {
    const parent = await t.signedIn('quick-parent@example.com');
    await updateFamilySettings(parent, { timeZone: 'Europe/Paris', pin: '2468' });
    const profile = await createProfile(parent, { name: 'Noa', avatar: 'fox', ageBand: '6-8' });
    let token: string | null = null;
    const tablet = () => t.context({ kidsDeviceToken: token, cookies: { setAuthCookie() {}, clearAuthCookie() {}, setVisitorCookie() {}, setKidsDeviceCookie: (value) => (token = value), setKidsHoldCookie() {} } });
    const { code } = await requestPairingCode(tablet());
    await pairDevice(parent, { id: profile.id, code });
    const refused = await quickJoinRoom(tablet(), rooms, { game: 'balloon-pop' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RoomRefused);
    expect((refused as RoomRefused).reason).toBe('kids');
    await expect(quick('no-such-game')).rejects.toMatchObject({ name: 'NotFound' });
  });
});
