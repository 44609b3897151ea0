import { describe, expect, it } from 'vitest';
import {
  addPlay,
  budgetSpent,
  createSettings,
  afterWrongPin,
  parseTries,
  hashPin,
  isKidsPath,
  localDay,
  MAX_TICK_MS,
  msUntilNextDay,
  normalizeBudget,
  parseSettings,
  parseUsage,
  playedMs,
  remainingMs,
  verifyPin,
} from './parent-lock';

describe('PIN hashing', () => {
  it('stores a salted SHA-256 hash, never the PIN', async () => {
    const settings = await createSettings('4821', 30);
    expect(settings.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(settings.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(settings)).not.toContain('4821');
    expect(settings.pinHash).toBe(await hashPin('4821', settings.salt));
  });

  it('gives the same PIN a different hash on another device (salt)', async () => {
    const a = await createSettings('1234', null);
    const b = await createSettings('1234', null);
    expect(a.salt).not.toBe(b.salt);
    expect(a.pinHash).not.toBe(b.pinHash);
  });

  it('hashes SHA-256 of "salt:pin"', async () => {
    // sha256("abc:1234")
    const expected = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('abc:1234'))).toString('hex');
    expect(await hashPin('1234', 'abc')).toBe(expected);
  });

  it('accepts the right PIN and refuses a wrong or malformed one', async () => {
    const settings = await createSettings('0007', null);
    expect(await verifyPin(settings, '0007')).toBe(true);
    expect(await verifyPin(settings, '0008')).toBe(false);
    expect(await verifyPin(settings, '7')).toBe(false);
    expect(await verifyPin(settings, '00071')).toBe(false);
  });

  it('refuses to create settings with a PIN that is not 4 digits', async () => {
    await expect(createSettings('12a4', null)).rejects.toThrow('4 digits');
    await expect(createSettings('123', null)).rejects.toThrow('4 digits');
  });
});

describe('stored settings', () => {
  it('reads back what was stored', async () => {
    const settings = await createSettings('1111', 45);
    expect(parseSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it('ignores missing, broken or foreign values', () => {
    expect(parseSettings(null)).toBeNull();
    expect(parseSettings('not json')).toBeNull();
    expect(parseSettings('null')).toBeNull();
    expect(parseSettings(JSON.stringify({ salt: 'a', pinHash: '1234' }))).toBeNull();
    expect(parseUsage('{"day":"2026-01-01"}')).toBeNull();
    expect(parseUsage('{"day":"2026-01-01","ms":-5}')).toEqual({ day: '2026-01-01', ms: 0 });
  });

  it('keeps budgets to whole minutes from 1 to 600, anything else meaning no limit', () => {
    expect(normalizeBudget(30)).toBe(30);
    expect(normalizeBudget(12.6)).toBe(13);
    expect(normalizeBudget(0)).toBeNull();
    expect(normalizeBudget(-3)).toBeNull();
    expect(normalizeBudget(Number.NaN)).toBeNull();
    expect(normalizeBudget(null)).toBeNull();
    expect(normalizeBudget(10_000)).toBe(600);
  });
});

describe('daily budget', () => {
  const settings = { salt: 's', pinHash: 'h'.repeat(64), budgetMinutes: 2 };

  it('uses the local calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 0, 6, 0, 0))).toBe('2026-01-06');
    expect(msUntilNextDay(new Date(2026, 0, 5, 23, 59, 0))).toBe(60_000);
  });

  it('adds play on the same day and starts again on the next', () => {
    let usage = addPlay(null, 1_000, '2026-01-05');
    usage = addPlay(usage, 2_000, '2026-01-05');
    expect(usage).toEqual({ day: '2026-01-05', ms: 3_000 });
    expect(playedMs(usage, '2026-01-05')).toBe(3_000);
    expect(playedMs(usage, '2026-01-06')).toBe(0);
    expect(addPlay(usage, 1_000, '2026-01-06')).toEqual({ day: '2026-01-06', ms: 1_000 });
  });

  it('counts at most a few seconds per tick (a device that slept mid-game)', () => {
    expect(addPlay(null, 3 * 60 * 60_000, '2026-01-05').ms).toBe(MAX_TICK_MS);
    expect(addPlay(null, -50, '2026-01-05').ms).toBe(0);
  });

  it('is spent once the minutes are used, and fresh the next day', () => {
    const day = '2026-01-05';
    expect(remainingMs(settings, null, day)).toBe(120_000);
    expect(budgetSpent(settings, { day, ms: 119_999 }, day)).toBe(false);
    expect(budgetSpent(settings, { day, ms: 120_000 }, day)).toBe(true);
    expect(remainingMs(settings, { day, ms: 500_000 }, day)).toBe(0);
    expect(budgetSpent(settings, { day, ms: 500_000 }, '2026-01-06')).toBe(false);
  });

  it('has no limit without settings or without a budget', () => {
    expect(remainingMs(null, { day: 'd', ms: 1e9 }, 'd')).toBeNull();
    expect(budgetSpent({ ...settings, budgetMinutes: null }, { day: 'd', ms: 1e9 }, 'd')).toBe(false);
  });
});

describe('Kids Zone addresses and wrong PINs on a device', () => {
  it('knows which paths are inside the Kids Zone', () => {
    expect(isKidsPath('/kids')).toBe(true);
    expect(isKidsPath('/kids/play/balloon-party')).toBe(true);
    expect(isKidsPath('/kids-safety')).toBe(false);
    expect(isKidsPath('/')).toBe(false);
  });

  it('gives five free tries, then a wait doubling from 30 seconds', () => {
    let tries = parseTries(null);
    for (let wrong = 1; wrong <= 4; wrong += 1) tries = afterWrongPin(tries, 1_000);
    expect(tries).toEqual({ failures: 4, waitUntil: 0 });
    tries = afterWrongPin(tries, 1_000);
    expect(tries).toEqual({ failures: 5, waitUntil: 31_000 });
    expect(afterWrongPin(tries, 40_000)).toEqual({ failures: 6, waitUntil: 100_000 });
    expect(parseTries('{"failures":"x"}')).toEqual({ failures: 0, waitUntil: 0 });
  });
});
