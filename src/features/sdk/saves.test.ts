import { describe, expect, it, vi } from 'vitest';
import { SAVE_LIMITS } from '../../../shared/constants';
import { answerSaveRequest, parseSaveRequest, saveAnswer } from './saves';

const sdk = { source: 'playfree-sdk', version: 1 };
const save = { gameId: 7, data: { level: 2 }, version: 3, updatedAt: '2026-11-23T07:00:00.000Z' };

function respond(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('parseSaveRequest', () => {
  it('reads loads and writes', () => {
    expect(parseSaveRequest({ ...sdk, type: 'saveLoad', requestId: 'pf1' })).toEqual({ type: 'saveLoad', requestId: 'pf1' });
    expect(parseSaveRequest({ ...sdk, type: 'saveWrite', requestId: 'pf2', data: { a: 1 }, baseVersion: 0 })).toEqual({
      type: 'saveWrite', requestId: 'pf2', data: { a: 1 }, baseVersion: 0,
    });
  });

  it('refuses anything else', () => {
    for (const message of [
      null,
      'saveLoad',
      { ...sdk, type: 'saveLoad' },
      { ...sdk, type: 'saveLoad', requestId: '' },
      { ...sdk, type: 'saveLoad', requestId: 'x'.repeat(65) },
      { ...sdk, type: 'saveLoad', requestId: 'pf1', extra: true },
      { ...sdk, version: 2, type: 'saveLoad', requestId: 'pf1' },
      { source: 'other', version: 1, type: 'saveLoad', requestId: 'pf1' },
      { ...sdk, type: 'saveWrite', requestId: 'pf1', data: [1], baseVersion: 0 },
      { ...sdk, type: 'saveWrite', requestId: 'pf1', data: { a: 1 }, baseVersion: -1 },
      { ...sdk, type: 'saveWrite', requestId: 'pf1', data: { a: 1 }, baseVersion: 1.5 },
      { ...sdk, type: 'saveWrite', requestId: 'pf1', data: { a: 1 } },
      { ...sdk, type: 'score', requestId: 'pf1' },
    ]) {
      expect(parseSaveRequest(message), JSON.stringify(message)).toBeNull();
    }
  });
});

describe('answerSaveRequest', () => {
  it("answers a load with the account's save, or null", async () => {
    expect(await answerSaveRequest({ type: 'saveLoad', requestId: 'pf1' }, 7, respond(200, save))).toEqual({
      source: 'playfree-portal', type: 'saveResult', requestId: 'pf1', status: 'ok', save: { data: { level: 2 }, version: 3, updatedAt: save.updatedAt },
    });
    expect((await answerSaveRequest({ type: 'saveLoad', requestId: 'pf1' }, 7, respond(200, null))).save).toBeNull();
  });

  it('writes with the version the save replaces, and passes a conflict on with the current save', async () => {
    const fetcher = respond(409, { status: 'conflict', message: 'version: …', save });
    const answer = await answerSaveRequest({ type: 'saveWrite', requestId: 'pf2', data: { level: 9 }, baseVersion: 1 }, 7, fetcher);
    expect(answer).toMatchObject({ status: 'conflict', save: { version: 3, data: { level: 2 } } });
    expect(fetcher).toHaveBeenCalledWith('/api/games/7/save', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ data: { level: 9 }, version: 1 }) }));
    const saved = await answerSaveRequest({ type: 'saveWrite', requestId: 'pf3', data: { level: 2 }, baseVersion: 2 }, 7, respond(200, { status: 'saved', save }));
    expect(saved).toMatchObject({ status: 'saved', save: { version: 3 } });
  });

  it('tells the game to keep its device copy when signed out, offline or refused', async () => {
    const load = { type: 'saveLoad', requestId: 'pf1' } as const;
    expect((await answerSaveRequest(load, 7, respond(401, { message: 'Sign in required' }))).status).toBe('signed-out');
    expect((await answerSaveRequest(load, 7, respond(503, { message: 'down' }))).status).toBe('offline');
    expect((await answerSaveRequest(load, 7, respond(429, { message: 'slow down' }))).status).toBe('offline');
    expect((await answerSaveRequest(load, 7, respond(200, { not: 'a save' }))).status).toBe('offline');
    const write = { type: 'saveWrite', requestId: 'pf4', data: { level: 1 }, baseVersion: 0 } as const;
    expect((await answerSaveRequest(write, 7, respond(200, { status: 'saved' }))).status).toBe('offline');
    expect((await answerSaveRequest(write, 7, respond(409, { status: 'conflict', save: { ...save, version: 'three' } }))).status).toBe('offline');
    expect((await answerSaveRequest(load, 7, vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))))).status).toBe('offline');
    expect((await answerSaveRequest(load, 7, respond(404, { message: 'Game not found' }))).status).toBe('invalid');
  });

  it('refuses a save over 64 KB without asking the server', async () => {
    const fetcher = respond(200, {});
    const answer = await answerSaveRequest({ type: 'saveWrite', requestId: 'pf4', data: { blob: 'x'.repeat(SAVE_LIMITS.dataBytes) }, baseVersion: 0 }, 7, fetcher);
    expect(answer).toEqual(saveAnswer('pf4', 'invalid'));
    expect(fetcher).not.toHaveBeenCalled();
  });
});
