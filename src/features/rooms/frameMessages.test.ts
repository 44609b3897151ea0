import { describe, expect, it } from 'vitest';
import { MAX_SEND_JSON, MAX_SENDS_PER_SECOND, parseFrameRequest, SendGate } from './frameMessages';

const from = (fields: Record<string, unknown>) => ({ source: 'playfree-rooms', version: 1, ...fields });

describe('a game frame’s room requests', () => {
  it('are read only from the rooms protocol, with player counts kept within 2-8', () => {
    expect(parseFrameRequest(from({ type: 'hello', maxPlayers: 4 }))).toEqual({ type: 'hello', maxPlayers: 4 });
    expect(parseFrameRequest(from({ type: 'hello', maxPlayers: 500 }))).toEqual({ type: 'hello', maxPlayers: 8 });
    expect(parseFrameRequest(from({ type: 'create', requestId: 'mp1', maxPlayers: 1, access: 'public' }))).toEqual({ type: 'create', requestId: 'mp1', maxPlayers: 2, access: 'public' });
    expect(parseFrameRequest(from({ type: 'send', data: { column: 3 } }))).toEqual({ type: 'send', data: { column: 3 } });
    expect(parseFrameRequest({ source: 'playfree-sdk', version: 1, type: 'hello' })).toBeNull();
    expect(parseFrameRequest(from({ type: 'create', maxPlayers: 2 }))).toBeNull();
    expect(parseFrameRequest(from({ type: 'join', requestId: 'mp2', code: 'x'.repeat(41) }))).toBeNull();
    expect(parseFrameRequest(from({ type: 'explode' }))).toBeNull();
    expect(parseFrameRequest('hello')).toBeNull();
  });

  it('about the invite: entry needs a request id, params are kept to valid names and short values', () => {
    expect(parseFrameRequest(from({ type: 'entry', requestId: 'mp3' }))).toEqual({ type: 'entry', requestId: 'mp3' });
    expect(parseFrameRequest(from({ type: 'entry' }))).toBeNull();
    expect(parseFrameRequest(from({ type: 'inviteParams', params: { roomId: 'lobby-7', level: 3, 'bad name': 'x', long: 'y'.repeat(201), deep: { a: 1 } } }))).toEqual({
      type: 'inviteParams',
      params: { roomId: 'lobby-7', level: '3' },
    });
    expect(parseFrameRequest(from({ type: 'inviteParams', params: 'roomId=1' }))).toEqual({ type: 'inviteParams', params: {} });
    expect(parseFrameRequest(from({ type: 'invitable', on: false }))).toEqual({ type: 'invitable', on: false });
  });
});

describe('sends from the page', () => {
  it('stop at the cap in a second and start again in the next, and refuse what is too big', () => {
    let now = 5_000;
    const gate = new SendGate(() => now);
    for (let i = 0; i < MAX_SENDS_PER_SECOND; i++) expect(gate.allow(i)).toBe(true);
    expect(gate.allow('one too many')).toBe(false);
    now += 1000;
    expect(gate.allow('next second')).toBe(true);
    expect(gate.allow('x'.repeat(MAX_SEND_JSON))).toBe(false);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(gate.allow(cyclic)).toBe(false);
  });
});
