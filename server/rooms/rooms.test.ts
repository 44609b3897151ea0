/**
 * Rooms end to end on a real socket: the portal's service opens and joins rooms as the API does,
 * and Colyseus' own client connects with the seat reservations, as the game page does.
 */
import { Client, type Room } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DomainTest } from '../../tests/support/domain';
import { useRoomsBed } from '../../tests/support/rooms-bed';
import { createProfile, getFamily, pairDevice, updateFamilySettings, updateProfile } from '../domains/kids/family';
import { deviceState, requestPairingCode } from '../domains/kids/family-device';
import { sqlIn } from '../db/sql';
import type { DomainContext } from '../domains/context';
import { TooManyRequests } from '../domains/errors';
import { ROOM_LIMITS, type RoomTicket } from '../../shared/rooms';
import { PlayRoom } from './play-room';
import { joinRoom, openRoom, RoomRefused, type Rooms } from './service';
import { until } from '../../tests/support/until';

const bed = useRoomsBed();
let t: DomainTest;
let rooms: Rooms;
let client: Client;
beforeAll(() => void ({ t, rooms, client } = bed));

/** Each visitor its own cookie, so wrong codes are counted per test. */
let visitors = 0;
const visitor = (): DomainContext => t.context({ visitorId: `visitor-${String(++visitors).padStart(14, '0')}` });

type Seen = { type: string | number; message: unknown };
async function connect(ticket: RoomTicket): Promise<{ room: Room; seen: Seen[] }> {
  const room = await client.consumeSeatReservation(ticket.reservation);
  room.reconnection.minUptime = 0;
  const seen: Seen[] = [];
  room.onMessage('*', (type, message) => seen.push({ type, message }));
  // Seated once the server has the client's acknowledgement of its welcome (only then may it come back).
  await until(() => saw(seen, 'welcome'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { room, seen };
}

const saw = (seen: Seen[], type: string) => seen.some((entry) => entry.type === type);

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(() => null, (caught: unknown) => caught);
  if (error instanceof RoomRefused) return error.reason;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

/** The server's end of a player's socket, to cut it as a network would. */
function socketOf(code: string, sessionId: string): { terminate(): void } {
  const room = matchMaker.getLocalRoomById(code)!;
  return room.clients.find((candidate) => candidate.sessionId === sessionId)!.ref as unknown as { terminate(): void };
}

describe('rooms', () => {
  it('an invited friend joins by the code as typed, both see each other, and messages reach the other player only', async () => {
    const ticket = await openRoom(await t.signedIn('host@example.com'), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
    expect(ticket.invitePath).toBe(`/games/paddle-duel?room=${ticket.code}`);
    const a = await connect(ticket);
    const typed = `${ticket.code.slice(0, 4).toLowerCase()}-${ticket.code.slice(4)}`;
    const b = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: typed }));
    await until(() => saw(a.seen, 'joined') && saw(b.seen, 'welcome'));
    const welcome = b.seen.find((entry) => entry.type === 'welcome')!.message as { host: string; players: { name: string | null; seat: number }[] };
    expect(welcome.host).toBe(a.room.sessionId);
    expect(welcome.players.map((player) => [player.seat, player.name])).toEqual([
      [1, 'Host'],
      [2, null],
    ]);
    a.room.send('relay', { column: 3 });
    await until(() => saw(b.seen, 'relay'));
    expect(b.seen.find((entry) => entry.type === 'relay')!.message).toEqual({ from: a.room.sessionId, data: { column: 3 } });
    expect(saw(a.seen, 'relay')).toBe(false);
    // An invite-only room is not listed for anyone to find.
    expect((await matchMaker.query({ private: false })).some((listed) => listed.roomId === ticket.code)).toBe(false);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('a full room and a locked room refuse with their reason; only the host locks', async () => {
    const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 3, access: 'invite' });
    const a = await connect(ticket);
    const b = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    b.room.send('lock');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const c = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    expect(await refusal(joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }))).toBe('full');
    await c.room.leave();
    await until(() => saw(a.seen, 'left'));
    a.room.send('lock');
    await until(() => saw(b.seen, 'locked'));
    expect(await refusal(joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }))).toBe('locked');
    // A code for another game's page opens nothing.
    expect(await refusal(joinRoom(visitor(), rooms, { game: 'balloon-pop', code: ticket.code }))).toBe('gone');
    await Promise.all([a.room.leave(), b.room.leave()]);
    await until(() => matchMaker.getLocalRoomById(ticket.code) === undefined);
    // The code expires with the room.
    expect(await refusal(joinRoom(visitor(), rooms, { game: 'balloon-pop', code: ticket.code }))).toBe('gone');
  });

  it('answers 429 after five wrong codes from one visitor, even to the right code', async () => {
    const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
    const guesser = visitor();
    for (let i = 0; i < ROOM_LIMITS.wrongCodesPerWindow; i++) expect(await refusal(joinRoom(guesser, rooms, { game: 'paddle-duel', code: `ZZZZZZZZZZ${i}` }))).toBe('gone');
    await expect(joinRoom(guesser, rooms, { game: 'paddle-duel', code: ticket.code })).rejects.toBeInstanceOf(TooManyRequests);
    // Another visitor is not held up by it.
    const friend = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    await friend.room.leave();
  });

  it('a dropped player keeps the seat within the grace time: the other sees dropped, then returned', async () => {
    const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
    const a = await connect(ticket);
    const b = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    await until(() => saw(a.seen, 'joined'));
    socketOf(ticket.code, b.room.sessionId).terminate();
    await until(() => saw(a.seen, 'dropped'));
    await until(() => saw(a.seen, 'returned'));
    // The seat is still full: nobody else got in meanwhile.
    expect(await refusal(joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }))).toBe('full');
    b.room.send('relay', 'after the return');
    await until(() => a.seen.some((entry) => entry.type === 'relay'));
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('past the grace time the seat is freed and the host passes on', async () => {
    PlayRoom.reconnectSeconds = 1;
    try {
      const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
      const a = await connect(ticket);
      const b = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
      await until(() => saw(b.seen, 'welcome'));
      a.room.reconnection.enabled = false;
      socketOf(ticket.code, a.room.sessionId).terminate();
      await until(() => saw(b.seen, 'dropped'));
      await until(() => saw(b.seen, 'left') && saw(b.seen, 'host'), 'the seat freed and a new host', 4000);
      expect(b.seen.find((entry) => entry.type === 'host')!.message).toEqual({ id: b.room.sessionId });
      const c = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
      await Promise.all([b.room.leave(), c.room.leave()]);
    } finally {
      PlayRoom.reconnectSeconds = ROOM_LIMITS.reconnectSeconds;
    }
  });

  it('relays whole the 3 s of a 20-a-second game that arrive at once after a stall', async () => {
    const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'invite' });
    const a = await connect(ticket);
    const b = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    await until(() => saw(a.seen, 'joined'));
    for (let i = 0; i < 60; i++) b.room.send('relay', i);
    await until(() => a.seen.filter((entry) => entry.type === 'relay').length === 60, 'the 60 messages relayed');
    expect(saw(a.seen, 'left')).toBe(false);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it('cuts a client over the message rate or size caps, for good, and the others play on', async () => {
    const ticket = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 4, access: 'invite' });
    const a = await connect(ticket);
    const flooder = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    const big = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    const c = await connect(await joinRoom(visitor(), rooms, { game: 'paddle-duel', code: ticket.code }));
    await until(() => a.seen.filter((entry) => entry.type === 'joined').length === 3);
    const flooderLeft = new Promise<number>((resolve) => flooder.room.onLeave((code) => resolve(code)));
    // The burst a stalled network may deliver at once passes; a message more than that is cut.
    for (let i = 0; i <= ROOM_LIMITS.messagesPerSecond * ROOM_LIMITS.burstSeconds + 5; i++) flooder.room.send('relay', i);
    expect(await flooderLeft).toBe(4002);
    const bigLeft = new Promise<number>((resolve) => big.room.onLeave((code) => resolve(code)));
    big.room.send('relay', 'x'.repeat(ROOM_LIMITS.messageBytes + 10));
    expect(await bigLeft).toBe(1009);
    // Both were let go at once (no grace for a cut client), and the others never saw them drop.
    await until(() => a.seen.filter((entry) => entry.type === 'left').length === 2);
    expect(saw(a.seen, 'dropped')).toBe(false);
    c.room.send('relay', 'still here');
    await until(() => a.seen.some((entry) => entry.type === 'relay' && (entry.message as { data: unknown }).data === 'still here'));
    await Promise.all([a.room.leave(), c.room.leave()]);
  });

  it('a child’s paired device plays online only once the parent turns it on, and then only in invite-only rooms', async () => {
    const parent = await t.signedIn('parent@example.com');
    await updateFamilySettings(parent, { timeZone: 'Europe/Paris', pin: '2468' });
    const profile = await createProfile(parent, { name: 'Mia', avatar: 'fox', ageBand: '6-8' });
    let token: string | null = null;
    const tablet = () => t.context({ kidsDeviceToken: token, cookies: { setAuthCookie() {}, clearAuthCookie() {}, setVisitorCookie() {}, setKidsDeviceCookie: (value) => (token = value), setKidsHoldCookie() {} } });
    const { code } = await requestPairingCode(tablet());
    await pairDevice(parent, { id: profile.id, code });

    // Off by default: no room to open or to join, and the device is told so.
    expect(profile.onlinePlay).toBe(false);
    expect(await deviceState(tablet())).toMatchObject({ paired: true, onlinePlay: false });
    expect(await refusal(openRoom(tablet(), rooms, { game: 'paddle-duel' }))).toBe('kids');
    const friends = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 3 });
    expect(await refusal(joinRoom(tablet(), rooms, { game: 'paddle-duel', code: friends.code }))).toBe('kids');

    // Turned on: the child joins a friend's room by its invite, as "Player 2", not by any name.
    expect((await updateProfile(parent, { id: profile.id, onlinePlay: true })).onlinePlay).toBe(true);
    // Another setting changed later leaves the switch as it was.
    expect((await updateProfile(parent, { id: profile.id, dailyMinutes: 30 })).onlinePlay).toBe(true);
    expect(await deviceState(tablet())).toMatchObject({ onlinePlay: true });
    const host = await connect(friends);
    const child = await connect(await joinRoom(tablet(), rooms, { game: 'paddle-duel', code: friends.code }));
    await until(() => saw(host.seen, 'joined'));
    expect(host.seen.find((entry) => entry.type === 'joined')!.message).toMatchObject({ player: { seat: 2, name: null } });

    // A room the child opens is invite-only even when the game asked for a public one.
    const own = await openRoom(tablet(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'public' });
    expect(await matchMaker.query({ roomId: own.code })).toMatchObject([{ private: true, metadata: { access: 'invite' } }]);
    expect((await matchMaker.query({ private: false })).some((listed) => listed.roomId === own.code)).toBe(false);
    // Anyone else's public room stays public (the rule is the child's, not the game's).
    const open = await openRoom(visitor(), rooms, { game: 'paddle-duel', maxPlayers: 2, access: 'public' });
    expect((await matchMaker.query({ private: false })).some((listed) => listed.roomId === open.code)).toBe(true);
    const seats = await Promise.all([connect(own), connect(open)]);

    // Turned off again: refused at once.
    await updateProfile(parent, { id: profile.id, onlinePlay: false });
    expect(await refusal(openRoom(tablet(), rooms, { game: 'paddle-duel' }))).toBe('kids');
    await Promise.all([host.room.leave(), child.room.leave(), ...seats.map((seat) => seat.room.leave())]);
  });

  it('a child made before the switch existed has online play off', async () => {
    const parent = await t.signedIn('older-parent@example.com');
    await sqlIn(t.db.orm.em.fork(), `insert into kid_profiles (parent_id, name, avatar, age_band) values (?, 'Leo', 'owl', '9-12')`, [parent.user.id]);
    expect((await getFamily(parent)).profiles.map((profile) => [profile.name, profile.onlinePlay])).toEqual([['Leo', false]]);
  });
});
