/**
 * Godot 4 talks to the portal (issue #47): games/sdk/godot/playfree.gd calls the real SDK through
 * JavaScriptBridge. GDScript does not run here, so `Autoload` below makes the autoload's calls one
 * for one through an emulation of the bridge's calling convention (tests/sdk/godot-bridge.ts), in a
 * game page framed by the portal (tests/sdk/game-page.ts); the first test holds the autoload's
 * source to those same calls.
 */
import { describe, expect, it } from 'vitest';
import { gamesFile, openGamePage, withoutRequestIds, type GamePage } from './game-page';
import { javaScriptBridge, JavaScriptObject, type GodotValue, type JavaScriptBridge } from './godot-bridge';

const AUTOLOAD = gamesFile('sdk/godot/playfree.gd');
const SDK_MESSAGE = { source: 'playfree-sdk', version: 1 } as const;
const NO_BREAK = { shown: false, rewarded: false, reason: 'unfilled' };

/** playfree.gd, call for call (each line names the GDScript it stands for). */
class Autoload {
  sdk: JavaScriptObject | null = null;
  json: JavaScriptObject | null = null;
  readonly listeners: JavaScriptObject[] = [];
  readonly signals: [string, unknown?][] = [];
  readonly warnings: string[] = [];

  constructor(private readonly bridge: JavaScriptBridge) {}

  ready(): void {
    this.sdk = this.bridge.get_interface('PlayFree'); // _sdk = JavaScriptBridge.get_interface("PlayFree")
    if (!this.sdk) {
      this.warnings.push('PlayFree: the SDK is not on the page');
      return;
    }
    this.json = this.bridge.get_interface('JSON'); // _json = JavaScriptBridge.get_interface("JSON")
    this.sdk.call('onPause', this.listen(() => this.signals.push(['paused'])));
    this.sdk.call('onResume', this.listen(() => this.signals.push(['resumed'])));
    this.sdk.call('onMute', this.listen((args) => this.signals.push(['mute_changed', args.get(0) === true])));
    this.sdk.call('onSaveChange', this.listen((args) => this.signals.push(['save_changed', this.toGodot(args.get(0))])));
  }

  private listen(callable: (args: JavaScriptObject) => void): JavaScriptObject {
    const callback = this.bridge.create_callback(callable);
    this.listeners.push(callback);
    return callback;
  }

  loaded = () => this.sdk?.call('loaded');
  gameplayStart = () => this.sdk?.call('gameplayStart');
  gameplayStop = () => this.sdk?.call('gameplayStop');
  score = (value: number) => this.sdk?.call('score', value);
  level = (value: number) => this.sdk?.call('level', value);
  happyMoment = () => this.sdk?.call('happyMoment');
  gameOver = (finalScore: number) => this.sdk?.call('gameOver', finalScore);
  unlockMedal = (id: string) => this.sdk?.call('unlockMedal', id);
  isEmbedded = () => this.sdk !== null && this.sdk.call('isEmbedded') === true;
  isMuted = () => this.sdk !== null && this.sdk.call('isMuted') === true;

  midgameBreak(): Promise<unknown> {
    if (!this.sdk) return Promise.resolve({ ...NO_BREAK });
    return this.settle((this.sdk.get('ads') as JavaScriptObject).call('midgame')); // _sdk.ads.midgame()
  }

  rewardedBreak(): Promise<unknown> {
    if (!this.sdk) return Promise.resolve({ ...NO_BREAK });
    return this.settle((this.sdk.get('ads') as JavaScriptObject).call('rewarded'));
  }

  save(data: Record<string, unknown>): Promise<unknown> {
    if (!this.sdk) return Promise.resolve({ error: 'PlayFree: the SDK is not on the page' });
    return this.settle(this.sdk.call('save', this.json!.call('parse', JSON.stringify(data)))); // _sdk.save(_json.parse(JSON.stringify(data)))
  }

  loadSave(): Promise<unknown> {
    if (!this.sdk) return Promise.resolve(null);
    return this.settle(this.sdk.call('load'));
  }

  localSave(): unknown {
    if (!this.sdk) return null;
    return this.toGodot(this.sdk.call('localSave'));
  }

  /** _settle(promise): one callback for each outcome, kept until the promise settles. */
  private settle(promise: GodotValue): Promise<unknown> {
    return new Promise((resolve) => {
      const done = this.bridge.create_callback((args) => resolve(this.toGodot(args.get(0))));
      const failed = this.bridge.create_callback((args) => resolve({ error: String((args.get(0) as JavaScriptObject).get('message')) }));
      (promise as JavaScriptObject).call('then', done, failed); // promise.then(done, failed)
    });
  }

  /** _to_godot(value): JSON.parse_string(_json.stringify(value)) for a JavaScriptObject. */
  private toGodot(value: GodotValue): unknown {
    return value instanceof JavaScriptObject ? JSON.parse(this.json!.call('stringify', value) as string) : value;
  }
}

function godotGame(options: Parameters<typeof openGamePage>[0] = {}): { page: GamePage; bridge: JavaScriptBridge; game: Autoload } {
  const page = openGamePage(options);
  const bridge = javaScriptBridge(page);
  const game = new Autoload(bridge);
  game.ready();
  return { page, bridge, game };
}

describe('the Godot autoload (playfree.gd) through JavaScriptBridge, in a portal frame', () => {
  it('makes the calls this test makes, each on a function the SDK has', () => {
    for (const call of [
      'JavaScriptBridge.get_interface("PlayFree")',
      'JavaScriptBridge.get_interface("JSON")',
      '_sdk.save(_json.parse(JSON.stringify(data)))',
      'promise.then(done, failed)',
      'JSON.parse_string(_json.stringify(value))',
      'str(args[0].message)',
      'args[0] == true',
    ]) {
      expect(AUTOLOAD).toContain(call);
    }
    const { page } = godotGame();
    const sdk = page.run('window.PlayFree', 'check.js') as Record<string, unknown> & { ads: Record<string, unknown> };
    const called = [...AUTOLOAD.matchAll(/_sdk\.(\w+)\(/g)].map(([, name]) => name!);
    const ads = [...AUTOLOAD.matchAll(/_sdk\.ads\.(\w+)\(/g)].map(([, name]) => name!);
    expect(new Set(called)).toEqual(new Set(['onPause', 'onResume', 'onMute', 'onSaveChange', 'loaded', 'gameplayStart', 'gameplayStop', 'score', 'level', 'happyMoment', 'gameOver', 'unlockMedal', 'isEmbedded', 'isMuted', 'save', 'load', 'localSave']));
    for (const name of called) expect(typeof sdk[name], name).toBe('function');
    expect(ads).toEqual(['midgame', 'rewarded']);
    for (const name of ads) expect(typeof sdk.ads[name], name).toBe('function');
  });

  it('sends the game’s moments, scores and medals to the portal as the SDK’s messages', async () => {
    const { page, game } = godotGame();
    expect(game.isEmbedded()).toBe(true);
    game.loaded();
    game.gameplayStart();
    game.level(3);
    game.score(250);
    game.happyMoment();
    game.unlockMedal('garden-party');
    game.gameplayStop();
    game.gameOver(412.5);
    await page.settle();
    expect(page.received).toEqual([
      { ...SDK_MESSAGE, type: 'loaded' },
      { ...SDK_MESSAGE, type: 'gameplayStart' },
      { ...SDK_MESSAGE, type: 'level', value: 3 },
      { ...SDK_MESSAGE, type: 'score', value: 250 },
      { ...SDK_MESSAGE, type: 'happyMoment' },
      { ...SDK_MESSAGE, type: 'unlockMedal', medal: 'garden-party' },
      { ...SDK_MESSAGE, type: 'gameplayStop' },
      { ...SDK_MESSAGE, type: 'gameOver', value: 412.5 },
    ]);
  });

  it('turns the portal’s pause, resume, mute and a signed-in player’s save into the autoload’s signals', async () => {
    const { page, game } = godotGame();
    page.portalSends({ source: 'playfree-portal', type: 'pause' });
    page.portalSends({ source: 'playfree-portal', type: 'mute' });
    expect(game.isMuted()).toBe(true);
    page.portalSends({ source: 'playfree-portal', type: 'unmute' });
    page.portalSends({ source: 'playfree-portal', type: 'resume' });
    page.account.save = { data: { coins: 30 }, version: 2, updatedAt: new Date().toISOString() };
    page.portalSends({ source: 'playfree-portal', type: 'saveSync' });
    await page.settle();
    expect(game.signals).toEqual([['paused'], ['mute_changed', true], ['mute_changed', false], ['resumed'], ['save_changed', { coins: 30 }]]);
  });

  it('awaits ad breaks from the portal: rewarded only after a tap', async () => {
    const { page, game } = godotGame();
    expect(await game.rewardedBreak()).toEqual({ shown: false, rewarded: false, reason: 'no-gesture' });
    page.tap();
    expect(await game.rewardedBreak()).toEqual({ shown: true, rewarded: true, reason: null });
    expect(await game.midgameBreak()).toEqual({ shown: true, rewarded: false, reason: null });
    expect(withoutRequestIds(page.received)).toEqual([
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: false },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: true },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'midgame', gesture: true },
    ]);
  });

  it('saves a Dictionary to the player’s account, loads it back and reads the device copy', async () => {
    const { page, game } = godotGame();
    expect(await game.save({ level: 5, inventory: ['lamp', 'key'] })).toEqual({ stored: 'account', data: { level: 5, inventory: ['lamp', 'key'] } });
    expect(withoutRequestIds(page.received)).toEqual([{ ...SDK_MESSAGE, type: 'saveWrite', data: { level: 5, inventory: ['lamp', 'key'] }, baseVersion: 0 }]);
    expect(game.localSave()).toEqual({ level: 5, inventory: ['lamp', 'key'] });
    page.account.save = { data: { level: 7, inventory: [] }, version: 2, updatedAt: new Date().toISOString() };
    expect(await game.loadSave()).toEqual({ level: 7, inventory: [] });
    expect(await game.save({ blob: 'x'.repeat(70_000) })).toEqual({ error: 'PlayFree.save: data is over 64 KB as JSON' });
  });

  it('needs its two workarounds: a Dictionary passed as it is arrives as undefined, and an unreferenced callback is never answered', async () => {
    const { page, bridge } = godotGame();
    const sdk = bridge.get_interface('PlayFree')!;
    const outcome: unknown[] = [];
    const failed = bridge.create_callback((args) => outcome.push((args.get(0) as JavaScriptObject).get('message')));
    (sdk.call('save', { godotDictionary: { level: 5 } }) as JavaScriptObject).call('then', null, failed);
    await page.settle();
    expect(outcome).toEqual(['PlayFree.save: data must be a JSON object']);

    const forgotten = bridge.create_callback(() => outcome.push('paused'));
    sdk.call('onPause', forgotten);
    forgotten.release(); // a local variable gone out of scope
    page.portalSends({ source: 'playfree-portal', type: 'pause' });
    expect(outcome).toEqual(['PlayFree.save: data must be a JSON object']);
  });

  it('runs stand-alone, and does nothing but warn on a page without the SDK', async () => {
    const alone = godotGame({ framed: false }).game;
    expect(alone.isEmbedded()).toBe(false);
    expect(await alone.midgameBreak()).toEqual(NO_BREAK);
    expect(await alone.save({ level: 1 })).toEqual({ stored: 'device', data: { level: 1 } });

    const { page, game } = godotGame({ scripts: [] });
    expect(game.warnings).toEqual(['PlayFree: the SDK is not on the page']);
    game.gameplayStart();
    expect(game.isEmbedded()).toBe(false);
    expect(await game.rewardedBreak()).toEqual(NO_BREAK);
    expect(await game.loadSave()).toBeNull();
    expect(page.received).toEqual([]);
  });
});

describe('a Godot game written for Poki or CrazyGames, on the compatibility scripts', () => {
  it('reaches the portal through /__playfree/compat/poki-sdk.js', async () => {
    const page = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/poki-sdk.js'] });
    const bridge = javaScriptBridge(page);
    const poki = bridge.get_interface('PokiSDK')!; // var poki = JavaScriptBridge.get_interface("PokiSDK")
    const withReward: unknown[] = [];
    const onReward = bridge.create_callback((args) => withReward.push(args.get(0)));
    poki.call('gameplayStart');
    page.tap();
    (poki.call('rewardedBreak') as JavaScriptObject).call('then', onReward); // poki.rewardedBreak().then(_on_reward)
    await page.settle();
    expect(withReward).toEqual([true]);
    expect(withoutRequestIds(page.received)).toEqual([
      { ...SDK_MESSAGE, type: 'loaded' },
      { ...SDK_MESSAGE, type: 'gameplayStart' },
      { ...SDK_MESSAGE, type: 'adBreak', kind: 'rewarded', gesture: true },
    ]);
  });

  it('reaches the portal through /__playfree/compat/crazygames-sdk-v3.js, its callbacks in an object made with create_object', async () => {
    const page = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/crazygames-sdk-v3.js'] });
    const bridge = javaScriptBridge(page);
    const sdk = (bridge.get_interface('CrazyGames')!.get('SDK') as JavaScriptObject).get('ad') as JavaScriptObject;
    const heard: string[] = [];
    const callbacks = bridge.create_object('Object')!;
    const finished = bridge.create_callback(() => heard.push('adFinished'));
    callbacks.set('adFinished', finished); // callbacks.adFinished = _on_ad_finished
    sdk.call('requestAd', 'midgame', callbacks);
    await page.settle();
    expect(heard).toEqual(['adFinished']);
    expect(withoutRequestIds(page.received)).toEqual([{ ...SDK_MESSAGE, type: 'adBreak', kind: 'midgame', gesture: false }]);
  });
});
