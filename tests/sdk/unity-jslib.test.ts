/**
 * Unity talks to the portal (issue #47): games/sdk/unity/PlayFree.jslib, built into a framework and
 * called as a Unity WebGL build does (tests/sdk/unity-runtime.ts), drives the real SDK in a game
 * page framed by the portal (tests/sdk/game-page.ts): each call reaches the portal as the SDK's
 * message, and answers that take time come back to C# through SendMessage. The same plugin built by
 * emscripten itself (tests/sdk/fixtures/unity-emscripten, made by its build.sh) is run as well.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gamesFile, openGamePage, withoutRequestIds } from './game-page';
import { compileJslib, loadUnityPlugin } from './unity-runtime';

const JSLIB = 'sdk/unity/PlayFree.jslib';
const SDK_MESSAGE = { source: 'playfree-sdk', version: 1 } as const;

function unityGame(options: Parameters<typeof openGamePage>[0] = {}) {
  const page = openGamePage(options);
  return { page, unity: loadUnityPlugin(page, gamesFile(JSLIB), JSLIB) };
}

const repliesTo = (sent: { method: string; arg: unknown }[], method: string) => sent.filter((message) => message.method === method).map((message) => JSON.parse(String(message.arg)));

describe('the Unity plugin (PlayFree.jslib) in a portal frame', () => {
  it('sends the game’s moments, scores and medals to the portal as the SDK’s messages', async () => {
    const { page, unity } = unityGame();
    expect(unity.call('PlayFree_IsEmbedded')).toBe(1);
    unity.call('PlayFree_Loaded');
    unity.call('PlayFree_GameplayStart');
    unity.call('PlayFree_Level', 2);
    unity.call('PlayFree_Score', 120);
    unity.call('PlayFree_HappyMoment');
    unity.call('PlayFree_UnlockMedal', 'first-flower');
    unity.call('PlayFree_GameplayStop');
    unity.call('PlayFree_GameOver', 340.5);
    await page.settle();
    expect(page.received).toEqual([
      { ...SDK_MESSAGE, type: 'loaded' },
      { ...SDK_MESSAGE, type: 'gameplayStart' },
      { ...SDK_MESSAGE, type: 'level', value: 2 },
      { ...SDK_MESSAGE, type: 'score', value: 120 },
      { ...SDK_MESSAGE, type: 'happyMoment' },
      { ...SDK_MESSAGE, type: 'unlockMedal', medal: 'first-flower' },
      { ...SDK_MESSAGE, type: 'gameplayStop' },
      { ...SDK_MESSAGE, type: 'gameOver', value: 340.5 },
    ]);
  });

  it('passes the portal’s pause, resume, mute and a signed-in player’s save to the listening GameObject', async () => {
    const { page, unity } = unityGame();
    unity.call('PlayFree_Listen', 'PlayFree');
    page.portalSends({ source: 'playfree-portal', type: 'pause' });
    page.portalSends({ source: 'playfree-portal', type: 'mute' });
    expect(unity.call('PlayFree_IsMuted')).toBe(1);
    page.portalSends({ source: 'playfree-portal', type: 'unmute' });
    page.portalSends({ source: 'playfree-portal', type: 'resume' });
    expect(unity.call('PlayFree_IsMuted')).toBe(0);
    // The player signs in on the portal, whose account holds another save.
    page.account.save = { data: { level: 9 }, version: 4, updatedAt: new Date().toISOString() };
    page.portalSends({ source: 'playfree-portal', type: 'saveSync' });
    await page.settle();
    expect(unity.sent).toEqual([
      { gameObject: 'PlayFree', method: 'OnPlayFreePause', arg: '' },
      { gameObject: 'PlayFree', method: 'OnPlayFreeMute', arg: '1' },
      { gameObject: 'PlayFree', method: 'OnPlayFreeMute', arg: '0' },
      { gameObject: 'PlayFree', method: 'OnPlayFreeResume', arg: '' },
      { gameObject: 'PlayFree', method: 'OnPlayFreeSaveChange', arg: JSON.stringify({ data: { level: 9 } }) },
    ]);
  });

  it('asks the portal for ad breaks and answers C# with the result: rewarded only after a tap', async () => {
    const { page, unity } = unityGame();
    unity.call('PlayFree_AdBreak', 'rewarded', 'PlayFree', 'OnRewardedBreak', 1);
    await page.settle();
    page.tap();
    unity.call('PlayFree_AdBreak', 'rewarded', 'PlayFree', 'OnRewardedBreak', 2);
    unity.call('PlayFree_AdBreak', 'midgame', 'Level', 'OnMidgameBreak', 3);
    await page.settle();
    expect(withoutRequestIds(page.received)).toEqual([
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: false },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: true },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'midgame', gesture: true },
    ]);
    expect(repliesTo(unity.sent, 'OnRewardedBreak')).toEqual([
      { id: 1, shown: false, rewarded: false, reason: 'no-gesture' },
      { id: 2, shown: true, rewarded: true, reason: null },
    ]);
    expect(unity.sent.find((message) => message.method === 'OnMidgameBreak')).toEqual({
      gameObject: 'Level',
      method: 'OnMidgameBreak',
      arg: JSON.stringify({ id: 3, shown: true, rewarded: false, reason: null }),
    });
  });

  it('saves to the player’s account through the portal, loads it back, and reads the device copy at once', async () => {
    const { page, unity } = unityGame();
    unity.call('PlayFree_Save', JSON.stringify({ level: 4, name: 'Zoë' }), 'PlayFree', 'OnSaved', 7);
    await page.settle();
    expect(withoutRequestIds(page.received)).toEqual([{ ...SDK_MESSAGE, type: 'saveWrite', data: { level: 4, name: 'Zoë' }, baseVersion: 0 }]);
    expect(page.account.save).toMatchObject({ data: { level: 4, name: 'Zoë' }, version: 1 });
    expect(repliesTo(unity.sent, 'OnSaved')).toEqual([{ id: 7, stored: 'account', data: { level: 4, name: 'Zoë' } }]);
    expect(JSON.parse(unity.callForString('PlayFree_LocalSave'))).toEqual({ level: 4, name: 'Zoë' });

    page.account.save = { data: { level: 6, name: 'Zoë' }, version: 2, updatedAt: new Date().toISOString() };
    unity.call('PlayFree_Load', 'PlayFree', 'OnLoaded', 8);
    await page.settle();
    expect(page.received.at(-1)).toMatchObject({ ...SDK_MESSAGE, type: 'saveLoad' });
    expect(repliesTo(unity.sent, 'OnLoaded')).toEqual([{ id: 8, data: { level: 6, name: 'Zoë' } }]);
  });

  it('answers a save the SDK refuses with its reason, and stores nothing', async () => {
    const { page, unity } = unityGame();
    unity.call('PlayFree_Save', '[1, 2]', 'PlayFree', 'OnSaved', 1);
    unity.call('PlayFree_Save', JSON.stringify({ blob: 'x'.repeat(70_000) }), 'PlayFree', 'OnSaved', 2);
    unity.call('PlayFree_Save', '{not json', 'PlayFree', 'OnSaved', 3);
    await page.settle();
    expect(repliesTo(unity.sent, 'OnSaved')).toEqual([
      { id: 3, error: 'PlayFree.save: not JSON' },
      { id: 1, error: 'PlayFree.save: data must be a JSON object' },
      { id: 2, error: 'PlayFree.save: data is over 64 KB as JSON' },
    ]);
    expect(page.received).toEqual([]);
    expect(unity.callForString('PlayFree_LocalSave')).toBe('null');
  });

  it('runs stand-alone (no portal around it): nothing is posted, breaks are unfilled, saves stay on the device', async () => {
    const { page, unity } = unityGame({ framed: false });
    expect(unity.call('PlayFree_IsEmbedded')).toBe(0);
    unity.call('PlayFree_GameplayStart');
    unity.call('PlayFree_AdBreak', 'midgame', 'PlayFree', 'OnBreak', 1);
    unity.call('PlayFree_Save', '{"level":2}', 'PlayFree', 'OnSaved', 2);
    await page.settle();
    expect(page.received).toEqual([]);
    expect(repliesTo(unity.sent, 'OnBreak')).toEqual([{ id: 1, shown: false, rewarded: false, reason: 'unfilled' }]);
    expect(repliesTo(unity.sent, 'OnSaved')).toEqual([{ id: 2, stored: 'device', data: { level: 2 } }]);
    expect(JSON.parse(unity.callForString('PlayFree_LocalSave'))).toEqual({ level: 2 });
  });

  it('does nothing and answers as stand-alone when the page forgot to load the SDK', async () => {
    const { page, unity } = unityGame({ scripts: [] });
    unity.call('PlayFree_Loaded');
    unity.call('PlayFree_Listen', 'PlayFree');
    unity.call('PlayFree_AdBreak', 'rewarded', 'PlayFree', 'OnBreak', 1);
    unity.call('PlayFree_Save', '{"level":2}', 'PlayFree', 'OnSaved', 2);
    unity.call('PlayFree_Load', 'PlayFree', 'OnLoaded', 3);
    await page.settle();
    expect(unity.call('PlayFree_IsEmbedded')).toBe(0);
    expect(unity.callForString('PlayFree_LocalSave')).toBe('null');
    expect(unity.sent.map(({ method, arg }) => [method, JSON.parse(String(arg))])).toEqual([
      ['OnBreak', { id: 1, shown: false, rewarded: false, reason: 'unfilled' }],
      ['OnSaved', { id: 2, error: 'PlayFree: the SDK is not loaded' }],
      ['OnLoaded', { id: 3, data: null }],
    ]);
  });
});

describe('a Unity game written for Poki or CrazyGames, on the compatibility scripts', () => {
  // What such a game's own plugin does: call the platform's JavaScript SDK and answer C#.
  const PLATFORM_PLUGIN = `mergeInto(LibraryManager.library, {
    Poki_RewardedBreak: function (gameObject) {
      var target = UTF8ToString(gameObject);
      window.PokiSDK.rewardedBreak().then(function (withReward) { SendMessage(target, 'OnRewarded', withReward ? 'true' : 'false'); });
    },
    Poki_GameplayStart: function () { window.PokiSDK.gameplayStart(); },
    CrazyGames_Midgame: function (gameObject) {
      var target = UTF8ToString(gameObject);
      window.CrazyGames.SDK.ad.requestAd('midgame', {
        adFinished: function () { SendMessage(target, 'OnAd', 'finished'); },
        adError: function (error) { SendMessage(target, 'OnAd', 'error ' + error.code); }
      });
    }
  });`;

  it('reaches the portal through /__playfree/compat/poki-sdk.js (the SDK, then Poki’s calls on it)', async () => {
    const page = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/poki-sdk.js'] });
    const unity = loadUnityPlugin(page, PLATFORM_PLUGIN, 'PokiBridge.jslib');
    unity.call('Poki_GameplayStart');
    page.tap();
    unity.call('Poki_RewardedBreak', 'Shop');
    await page.settle();
    expect(withoutRequestIds(page.received)).toEqual([
      { ...SDK_MESSAGE, type: 'loaded' },
      { ...SDK_MESSAGE, type: 'gameplayStart' },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: true },
    ]);
    expect(unity.sent).toEqual([{ gameObject: 'Shop', method: 'OnRewarded', arg: 'true' }]);
  });

  it('reaches the portal through /__playfree/compat/crazygames-sdk-v3.js', async () => {
    const page = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/crazygames-sdk-v3.js'] });
    const unity = loadUnityPlugin(page, PLATFORM_PLUGIN, 'CrazyGamesBridge.jslib');
    unity.call('CrazyGames_Midgame', 'Level');
    await page.settle();
    expect(withoutRequestIds(page.received)).toEqual([{ ...SDK_MESSAGE, type: 'adBreak', kind: 'midgame', gesture: false }]);
    expect(unity.sent).toEqual([{ gameObject: 'Level', method: 'OnAd', arg: 'finished' }]);
  });
});

describe('the plugin built by emscripten itself (tests/sdk/fixtures/unity-emscripten, Debian’s emcc 3.1.6)', () => {
  const fixture = (name: string) => readFileSync(new URL(`fixtures/unity-emscripten/${name}`, import.meta.url), 'utf8');

  it('was built from the plugin as it is now (run build.sh after changing it)', () => {
    expect(fixture('PlayFree.jslib.sha256').trim()).toBe(createHash('sha256').update(gamesFile(JSLIB)).digest('hex'));
  });

  it('reaches the portal from compiled code and answers it through SendMessage', async () => {
    const page = openGamePage();
    page.run('window.unitySent = []; window.unityPrinted = [];', 'test.js');
    page.run(fixture('game.js'), 'game.js');
    await page.settle();
    page.portalSends({ source: 'playfree-portal', type: 'pause' });
    expect(withoutRequestIds(page.received)).toEqual([
      { ...SDK_MESSAGE, type: 'loaded' },
      { ...SDK_MESSAGE, type: 'gameplayStart' },
      { ...SDK_MESSAGE, type: 'score', value: 120 },
      { ...SDK_MESSAGE, type: 'unlockMedal', medal: 'first-flower' },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'midgame', gesture: false },
      { ...SDK_MESSAGE, type: 'saveWrite', data: { level: 4, name: 'Zoë' }, baseVersion: 0 },
      { ...SDK_MESSAGE, type: 'saveLoad' },
    ]);
    expect(page.run('window.unityPrinted', 'test.js')).toEqual(['embedded=1', 'local={"level":4,"name":"Zoë"}']);
    expect(page.run('window.unitySent', 'test.js')).toEqual([
      ['PlayFree', 'OnPlayFreeReply', JSON.stringify({ id: 1, shown: true, rewarded: false, reason: null })],
      ['PlayFree', 'OnPlayFreeReply', JSON.stringify({ id: 2, stored: 'account', data: { level: 4, name: 'Zoë' } })],
      ['PlayFree', 'OnPlayFreeReply', JSON.stringify({ id: 3, data: { level: 4, name: 'Zoë' } })],
      ['PlayFree', 'OnPlayFreePause', ''],
    ]);
  });
});

describe('PlayFree.cs, the C# side shipped with the plugin', () => {
  const csharp = gamesFile('sdk/unity/PlayFree.cs');

  it('declares every plugin function with the plugin’s own name and number of arguments', () => {
    const library = compileJslib(gamesFile(JSLIB), JSLIB);
    const declared = [...csharp.matchAll(/\[DllImport\("__Internal"\)\] static extern \w+ (\w+)\(([^)]*)\);/g)].map(([, name, params]) => [name, params!.trim() ? params!.split(',').length : 0]);
    const defined = Object.entries(library).map(([name, fn]) => [name, (fn as (...args: unknown[]) => unknown).length]);
    expect(declared).toEqual(defined);
  });

  it('has a method for each message the plugin sends, with one string argument', () => {
    const sentByPlugin = new Set([...gamesFile(JSLIB).matchAll(/SendMessage\(target, '(\w+)'/g)].map(([, method]) => method!));
    // The answers' method is the one C# names in its calls.
    for (const [, method] of csharp.matchAll(/"(OnPlayFree\w+)"/g)) sentByPlugin.add(method!);
    expect([...sentByPlugin].sort()).toEqual(['OnPlayFreeMute', 'OnPlayFreePause', 'OnPlayFreeReply', 'OnPlayFreeResume', 'OnPlayFreeSaveChange']);
    for (const method of sentByPlugin) expect(csharp).toMatch(new RegExp(`void ${method}\\(string \\w+\\)`));
  });
});
