import { LocalPresence } from '@colyseus/core';
import { describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH, invitePath, normalizeInviteCode, ROOM_LIMITS } from '../../shared/rooms';
import { freeSeat, joinRefusal, MessageRate, newInviteCode, nextHost, onlinePlayRefusal, quickJoinRefusal, roomAccessFor, WrongCodeCounter } from './rules';

describe('invite codes', () => {
  it('are 11 characters of a 32-letter alphabet (55 bits), all different', () => {
    const codes = new Set(Array.from({ length: 2000 }, newInviteCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toHaveLength(INVITE_CODE_LENGTH);
      for (const char of code) expect(INVITE_CODE_ALPHABET).toContain(char);
    }
    expect(INVITE_CODE_LENGTH * Math.log2(INVITE_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
    // Every letter is used: the draw is not stuck on part of the alphabet.
    expect(new Set([...codes].join('')).size).toBe(32);
  });

  it('read typed codes as written: any case, dashes and spaces dropped, O as 0, I and L as 1', () => {
    expect(normalizeInviteCode('abcd-efgh-jk0')).toBe('ABCDEFGHJK0');
    expect(normalizeInviteCode(' oil2 3456 789 ')).toBe('01123456789');
    expect(normalizeInviteCode('ABCDEFGHJKU')).toBeNull();
    expect(normalizeInviteCode('SHORT')).toBeNull();
    expect(invitePath('four-in-a-row', 'ABCDEFGHJK0')).toBe('/games/four-in-a-row?room=ABCDEFGHJK0');
  });
});

describe('who may play online', () => {
  const child = { kidDevice: true, onlinePlay: false } as const;
  const allowedChild = { kidDevice: true, onlinePlay: true } as const;
  const anyone = { kidDevice: false } as const;

  it('a child’s device only once the parent turned online play on', () => {
    expect(onlinePlayRefusal(child)).toBe('kids');
    expect(onlinePlayRefusal(allowedChild)).toBeNull();
    expect(onlinePlayRefusal(anyone)).toBeNull();
  });

  it('a child’s room is invite-only whatever the game asked; anyone else’s as asked', () => {
    expect(roomAccessFor(allowedChild, 'public')).toBe('invite');
    expect(roomAccessFor(allowedChild, 'invite')).toBe('invite');
    expect(roomAccessFor(anyone, 'public')).toBe('public');
    expect(roomAccessFor(anyone, 'invite')).toBe('invite');
  });

  it('a child never quick-joins a public room, even with online play on', () => {
    expect(quickJoinRefusal(allowedChild)).toBe('kids');
    expect(quickJoinRefusal(child)).toBe('kids');
    expect(quickJoinRefusal(anyone)).toBeNull();
  });
});

describe('joining a room', () => {
  const room = { game: 'four-in-a-row', locked: false, players: 1, maxPlayers: 2 };
  it('refuses a missing room and a room of another game alike', () => {
    expect(joinRefusal(null, 'four-in-a-row')).toBe('gone');
    expect(joinRefusal(room, 'paddle-duel')).toBe('gone');
  });
  it('refuses a full room as full (the engine locks it too) and a locked one as locked', () => {
    expect(joinRefusal({ ...room, players: 2, locked: true }, 'four-in-a-row')).toBe('full');
    expect(joinRefusal({ ...room, locked: true }, 'four-in-a-row')).toBe('locked');
    expect(joinRefusal(room, 'four-in-a-row')).toBeNull();
  });
});

describe('seats and the host', () => {
  const seats = [
    { id: 'a', seat: 1, connected: true },
    { id: 'b', seat: 2, connected: false },
    { id: 'c', seat: 3, connected: true },
  ];
  it('keeps the host when someone else leaves', () => expect(nextHost('a', seats, 'c')).toBe('a'));
  it('passes to the longest-seated connected player when the host leaves', () => expect(nextHost('a', seats, 'a')).toBe('c'));
  it('passes to a dropped player when nobody else is connected, and to nobody in an empty room', () => {
    expect(nextHost('a', seats.slice(0, 2), 'a')).toBe('b');
    expect(nextHost('a', seats.slice(0, 1), 'a')).toBeNull();
  });
  it('gives a newcomer the lowest free seat', () => {
    expect(freeSeat([])).toBe(1);
    expect(freeSeat([seats[0]!, seats[2]!])).toBe(2);
  });
});

describe('wrong invite codes', () => {
  it('block a visitor after five in the window, right codes included, and only that visitor', async () => {
    const counter = new WrongCodeCounter(new LocalPresence(), 5, 600);
    for (let miss = 0; miss < 4; miss++) await counter.miss('v:guesser');
    expect(await counter.blocked('v:guesser')).toBe(false);
    await counter.miss('v:guesser');
    expect(await counter.blocked('v:guesser')).toBe(true);
    expect(await counter.blocked('v:someone-else')).toBe(false);
  });

  it('forget them when the window ends', async () => {
    const counter = new WrongCodeCounter(new LocalPresence(), 2, 1);
    await counter.miss('v:slow');
    await counter.miss('v:slow');
    expect(await counter.blocked('v:slow')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await counter.blocked('v:slow')).toBe(false);
  });
});

/** Sends `count` messages spread evenly over `seconds` from `start` (ms); how many were taken. */
const send = (rate: MessageRate, count: number, start: number, seconds: number) =>
  Array.from({ length: count }, (_, i) => rate.take(start + (i * seconds * 1000) / count)).filter(Boolean).length;

describe('the message cap', () => {
  const { messagesPerSecond, burstSeconds } = ROOM_LIMITS;

  it('keeps a 20-a-second game that a stalled server reads 3 s of at once', () => {
    const rate = new MessageRate(messagesPerSecond, burstSeconds, 0);
    expect(send(rate, 200, 0, 10)).toBe(200);
    // 60 messages held back by a 3 s stall, all read at the same moment, then the game goes on.
    expect(send(rate, 60, 13_000, 0)).toBe(60);
    expect(send(rate, 200, 13_050, 10)).toBe(200);
  });

  it('cuts a flood: at most the burst at once, and no more than the rate after it', () => {
    const rate = new MessageRate(messagesPerSecond, burstSeconds, 0);
    expect(send(rate, 1_000, 0, 0)).toBe(messagesPerSecond * burstSeconds);
    const steady = new MessageRate(messagesPerSecond, burstSeconds, 0);
    // 100 a second for 10 s: the burst, then 40 a second.
    expect(send(steady, 1_000, 0, 10)).toBeLessThanOrEqual(messagesPerSecond * burstSeconds + messagesPerSecond * 10 + 1);
    expect(send(steady, 1_000, 10_000, 10)).toBeLessThanOrEqual(messagesPerSecond * 10 + 1);
  });
});
