/**
 * The SDK's cloud saves (games/sdk/playfree-sdk.js) run as a game frame runs them: the script in
 * its own window whose parent is a portal answering save requests like useCloudSaves does, from
 * an account kept here. Covers the device copy, syncing later and the conflict rule.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SDK = readFileSync(new URL('../../games/sdk/playfree-sdk.js', import.meta.url), 'utf8');

type Save = { data: Record<string, unknown>; version: number; updatedAt: string };
type Account = { save: Save | null; signedIn: boolean; online: boolean; now: () => number };
type Sdk = {
  save(data: unknown): Promise<{ stored: string; data: unknown }>;
  load(): Promise<unknown>;
  localSave(): unknown;
  onSaveChange(cb: (data: unknown) => void): void;
  onSaveConflict(merge: (mine: Record<string, number>, theirs: Record<string, number>) => unknown): void;
};

/** A device: its storage survives between frames (reloads); each frame() is a fresh page of the game. */
function device(account: Account, clock: { now: number }, { blocked = false } = {}) {
  const storage = new Map<string, string>();
  const guard = () => {
    if (blocked) throw new Error('SecurityError: storage is blocked for embedded sites');
  };
  return {
    storage,
    frame(): { sdk: Sdk; portalSends(message: unknown): void } {
      const listeners: ((event: { source: unknown; data: unknown }) => void)[] = [];
      const parent = {
        postMessage(message: { type: string; requestId: string; data?: Record<string, unknown>; baseVersion?: number }) {
          queueMicrotask(() => {
            const answer = (status: string, save: Save | null = null) =>
              listeners.forEach((listener) => listener({ source: parent, data: { source: 'playfree-portal', type: 'saveResult', requestId: message.requestId, status, save } }));
            if (!message.requestId) return;
            if (!account.online) return answer('offline');
            if (!account.signedIn) return answer('signed-out');
            if (message.type === 'saveLoad') return answer('ok', account.save);
            const current = account.save?.version ?? 0;
            if (account.save && message.baseVersion !== current) return answer('conflict', account.save);
            account.save = { data: structuredClone(message.data!), version: current + 1, updatedAt: new Date(account.now()).toISOString() };
            return answer('saved', account.save);
          });
        },
      };
      const window: Record<string, unknown> = {
        parent,
        location: { pathname: '/tower-guard/' },
        localStorage: {
          getItem: (key: string) => (guard(), storage.get(key) ?? null),
          setItem: (key: string, value: string) => (guard(), void storage.set(key, value)),
          removeItem: (key: string) => (guard(), void storage.delete(key)),
        },
        addEventListener: (type: string, listener: (event: { source: unknown; data: unknown }) => void) => {
          if (type === 'message') listeners.push(listener);
        },
        setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
        clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
        TextEncoder,
        console,
      };
      runInNewContext(SDK, { window, Date: { now: () => clock.now, parse: Date.parse }, JSON, Promise, Object, Math, String, Array, isFinite, TypeError, RangeError }, { filename: 'playfree-sdk.js' });
      return {
        sdk: (window.PlayFree as Sdk),
        portalSends: (data: unknown) => listeners.forEach((listener) => listener({ source: parent, data })),
      };
    },
  };
}

function setup() {
  const clock = { now: Date.parse('2026-11-23T07:00:00Z') };
  const account: Account = { save: null, signedIn: true, online: true, now: () => clock.now };
  return { clock, account, phone: device(account, clock), desktop: device(account, clock) };
}

describe('PlayFree.save / load (the SDK in a game frame)', () => {
  it('saves to the account and loads the save on another device', async () => {
    const { account, phone, desktop } = setup();
    expect(await phone.frame().sdk.save({ level: 3 })).toEqual({ stored: 'account', data: { level: 3 } });
    expect(account.save).toMatchObject({ data: { level: 3 }, version: 1 });
    const other = desktop.frame().sdk;
    expect(other.localSave()).toBeNull();
    expect(await other.load()).toEqual({ level: 3 });
    expect(other.localSave()).toEqual({ level: 3 });
  });

  it('keeps saves on the device while signed out or offline, and sends them on the next load', async () => {
    const { account, clock, phone } = setup();
    account.online = false;
    expect(await phone.frame().sdk.save({ level: 1 })).toMatchObject({ stored: 'device' });
    account.online = true;
    account.signedIn = false;
    clock.now += 1000;
    const game = phone.frame().sdk;
    expect(await game.save({ level: 2 })).toMatchObject({ stored: 'device' });
    expect(await game.load()).toEqual({ level: 2 });
    expect(account.save).toBeNull();
    account.signedIn = true;
    expect(await phone.frame().sdk.load()).toEqual({ level: 2 });
    expect(account.save).toMatchObject({ data: { level: 2 }, version: 1 });
  });

  it('on a conflict keeps the later save: the device one when it was made after the account one', async () => {
    const { account, clock, phone, desktop } = setup();
    await phone.frame().sdk.save({ level: 1 });
    const desk = desktop.frame().sdk;
    await desk.load();
    account.online = false;
    clock.now += 1000;
    await desk.save({ level: 5 }); // offline, from version 1
    account.online = true;
    clock.now += 1000;
    await phone.frame().sdk.save({ level: 2 }); // version 2, saved after the desktop's offline save
    clock.now += 1000;
    // The desktop's offline save (made before the phone's) loses: the account's later save is taken.
    expect(await desktop.frame().sdk.load()).toEqual({ level: 2 });
    expect(account.save).toMatchObject({ data: { level: 2 }, version: 2 });

    account.online = false;
    clock.now += 1000;
    const later = desktop.frame().sdk;
    await later.save({ level: 7 }); // offline, from version 2, made after the phone's save
    account.online = true;
    clock.now += 1000;
    const phoneGame = phone.frame().sdk;
    await phoneGame.load();
    account.save = { data: { level: 3 }, version: 3, updatedAt: new Date(clock.now - 1500).toISOString() }; // another write, before the desktop's save
    // Back online the desktop's later save wins, written over version 3.
    expect(await later.save({ level: 8 })).toEqual({ stored: 'account', data: { level: 8 } });
    expect(account.save).toMatchObject({ data: { level: 8 }, version: 4 });
  });

  it('refuses what is not a JSON object of at most 64 KB, and stores nothing', async () => {
    const { account, phone } = setup();
    const game = phone.frame().sdk;
    await expect(game.save([1, 2])).rejects.toThrow(TypeError);
    await expect(game.save('level 3')).rejects.toThrow(TypeError);
    await expect(game.save({ blob: 'x'.repeat(65_536) })).rejects.toThrow('over 64 KB');
    expect(game.localSave()).toBeNull();
    expect(account.save).toBeNull();
  });

  it('loads again when the player signs in while playing, and tells the game of a different save', async () => {
    const { account, phone, desktop } = setup();
    await desktop.frame().sdk.save({ level: 9 });
    account.signedIn = false;
    const { sdk, portalSends } = phone.frame();
    expect(await sdk.load()).toBeNull();
    const changes: unknown[] = [];
    sdk.onSaveChange((data) => changes.push(data));
    account.signedIn = true;
    portalSends({ source: 'playfree-portal', type: 'saveSync' });
    await expect.poll(() => changes).toEqual([{ level: 9 }]);
  });

  it("settles a conflict with the game's own merge when it gives one", async () => {
    const { account, clock, phone, desktop } = setup();
    await phone.frame().sdk.save({ best: 10 });
    const desk = desktop.frame().sdk;
    desk.onSaveConflict((mine, theirs) => ({ ...theirs, best: Math.max(mine.best!, theirs.best!) }));
    await desk.load();
    account.online = false;
    clock.now += 1000;
    await desk.save({ best: 500 }); // offline
    account.online = true;
    clock.now += 1000;
    await phone.frame().sdk.save({ best: 40, stars: 2 }); // later, but a lower best
    clock.now += 1000;
    expect(await desk.save({ best: 500 })).toEqual({ stored: 'account', data: { best: 500, stars: 2 } });
    expect(account.save).toMatchObject({ data: { best: 500, stars: 2 }, version: 3 });
  });

  it('works in memory where the browser blocks storage for embedded sites', async () => {
    const { account, clock } = setup();
    const game = device(account, clock, { blocked: true }).frame().sdk;
    expect(await game.save({ level: 4 })).toEqual({ stored: 'account', data: { level: 4 } });
    expect(game.localSave()).toEqual({ level: 4 });
    expect(await device(account, clock, { blocked: true }).frame().sdk.load()).toEqual({ level: 4 });
  });

  it('ignores answers it did not ask for and malformed ones', async () => {
    const { phone } = setup();
    const { sdk, portalSends } = phone.frame();
    portalSends({ source: 'playfree-portal', type: 'saveResult', requestId: 'pf99', status: 'ok', save: { data: { x: 1 }, version: 1, updatedAt: 'now' } });
    portalSends({ source: 'playfree-portal', type: 'saveResult', requestId: 'pf1', status: 'ok', save: 'oops' });
    expect(await sdk.load()).toBeNull();
  });
});
