import { describe, expect, it } from 'vitest';
import { engineVerdict, printedEngineVersion, recogniseEngine } from './engines';

const MB = 1024 * 1024;

/** The engine recognised from these file paths (1 KB each), index.html's text and page globals; its name in English. */
function recognise(paths: string[], html = '', globals: Record<string, string> = {}) {
  const engine = recogniseEngine({ files: paths.map((path) => ({ path, size: 1024 })), html, globals });
  return engine && { ...engine, name: typeof engine.name === 'string' ? engine.name : engine.name.in('en') };
}

/** A Unity 2020+ build whose big files end in `ext`. */
function unityFiles(ext: string) {
  return ['index.html', 'Build/Game.loader.js', `Build/Game.framework.js${ext}`, `Build/Game.wasm${ext}`, `Build/Game.data${ext}`];
}

/** Godot 4.3's index.html, exported with Thread Support `threads`. */
function godot4(threads: string) {
  return `<script>const GODOT_CONFIG = {"executable":"index","gdextensionLibs":[]}; const missing = Engine.getMissingFeatures({\n threads: ${threads},\n});</script>`;
}

describe('recogniseEngine', () => {
  it('names Unity by its loader, with how its files are compressed', () => {
    const files = unityFiles;
    expect(recognise(files('.br'), '<script>createUnityInstance(canvas, config)</script>')).toMatchObject({ id: 'unity', name: 'Unity 2020 or later', by: 'Build/Game.loader.js', compression: 'brotli', threads: false });
    expect(recognise(files('.gz'))?.compression).toBe('gzip');
    expect(recognise(files('.unityweb'))?.compression).toBe('decompression fallback');
    expect(recognise(files(''))?.compression).toBe('none');
    expect(recognise(['index.html', 'Build/UnityLoader.js', 'Build/Game.json', 'Build/Game.wasm.code.unityweb'])).toMatchObject({ name: 'Unity 5.6–2019', by: 'Build/UnityLoader.js' });
  });

  it('names Godot and whether its export uses threads', () => {
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.pck'], godot4('false'))).toMatchObject({ id: 'godot', name: 'Godot 4', threads: false });
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.pck'], godot4('true'))).toMatchObject({ name: 'Godot 4', threads: true });
    // 4.0-4.2 ask with no option: threaded, with Emscripten's worker beside the wasm.
    const old = '<script>const GODOT_CONFIG = {"gdextensionLibs":[]}; Engine.getMissingFeatures();</script>';
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.worker.js', 'index.pck'], old)).toMatchObject({ name: 'Godot 4', threads: true });
    expect(recognise(['index.html', 'game.js', 'game.wasm', 'game.pck'], '<script>var GODOT_CONFIG = {"gdnativeLibs":[]}; new Engine(GODOT_CONFIG)</script>')).toMatchObject({ name: 'Godot 3', threads: false });
  });

  it('names Godot 3.0–3.2 by its shell’s `new Engine` and MAIN_PACK, and says when it inflates its own .gz files (issue #56)', () => {
    const shell = "<script src='pako_inflate.min.js'></script><script src='index.js'></script><script>var engine = new Engine; const MAIN_PACK = 'index.pck'; engine.startGame(EXECUTABLE_NAME, MAIN_PACK);</script>";
    expect(recognise(['index.html', 'index.js', 'index.wasm.gz', 'index.pck.gz', 'pako_inflate.min.js'], shell)).toMatchObject({ id: 'godot', name: 'Godot 3', by: 'index.pck.gz', compression: 'gzip', inflatesInPage: true });
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.pck'], shell.replace(/<script src='pako[^>]*><\/script>/, ''))).toMatchObject({ name: 'Godot 3', compression: 'none', inflatesInPage: false });
  });

  it('names Unity 2020 and later by its page template', () => {
    expect(recognise(unityFiles('.br'), '<div id="unity-mobile-warning"></div><script>createUnityInstance(canvas, config)</script>')?.name).toBe('Unity 2020.1–2021.1');
    expect(recognise(unityFiles('.br'), '<script>function unityShowBanner(msg, type) {} createUnityInstance(canvas, config)</script>')?.name).toBe('Unity 2020.3 or later');
  });

  it('names Unity and Godot by the version the engine printed as it started, over what its page suggests (issue #56)', () => {
    // The lines real exports print: Unity 2020.3.25f1 and 2019.1.7f1, Godot 4.6 and 3.2.3.
    expect(printedEngineVersion('Initialize engine version: 2020.3.25f1 (9b9180224418)')).toEqual({ engine: 'unity', version: '2020.3.25f1' });
    expect(printedEngineVersion('Initialize engine version: 6000.0.23f1 (1c4764c07fb4)')).toEqual({ engine: 'unity', version: '6000.0.23f1' });
    expect(printedEngineVersion('Godot Engine v4.6.stable.official.89cea1439 - https://godotengine.org')).toEqual({ engine: 'godot', version: '4.6' });
    expect(printedEngineVersion('Godot Engine v3.2.3.stable.official - https://godotengine.org')).toEqual({ engine: 'godot', version: '3.2.3' });
    expect(printedEngineVersion('Loading Godot Engine v4.6')).toBeNull();
    const banner = '<script>function unityShowBanner(msg, type) {} createUnityInstance(canvas, config)</script>';
    expect(recognise(unityFiles('.br'), banner, { unity: '2020.3.25f1' })?.name).toBe('Unity 2020.3.25f1');
    expect(recognise(['index.html', 'Build/UnityLoader.js', 'Build/Game.json'], '', { unity: '2019.1.7f1' })?.name).toBe('Unity 2019.1.7f1');
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.pck'], godot4('false'), { godot: '4.6' })?.name).toBe('Godot 4.6');
    // ENGINE_GLOBALS names Godot without a version ('') when nothing was printed: the page's major stays.
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.pck'], godot4('false'), { godot: '' })?.name).toBe('Godot 4');
  });

  it('names Cocos Creator, GDevelop, RPG Maker, PICO-8, TIC-80, melonJS and raylib', () => {
    expect(recognise(['index.html', 'cocos2d-js-min.js', 'main.js', 'src/settings.js'], '', { cocos: '2.4.13' })).toMatchObject({ id: 'cocos', name: 'Cocos Creator 2.4.13' });
    expect(recognise(['index.html', 'gd.js', 'code0.js', 'pixi-renderers/pixi.js'])).toMatchObject({ id: 'gdevelop', name: 'GDevelop', by: 'gd.js' });
    expect(recognise(['index.html', 'js/main.js', 'js/rmmz_core.js', 'js/rmmz_managers.js'])).toMatchObject({ id: 'rpgmaker', name: 'RPG Maker MZ' });
    expect(recognise(['index.html', 'js/rpg_core.js'])).toMatchObject({ name: 'RPG Maker MV' });
    expect(recognise(['index.html', 'game.js'], '<script>var pico8_buttons = [0,0,0,0,0,0,0,0];</script>')).toMatchObject({ id: 'pico8', name: 'PICO-8' });
    expect(recognise(['index.html', 'tic80.js', 'tic80.wasm', 'cart.tic'])).toMatchObject({ id: 'tic80', name: 'TIC-80', by: 'tic80.wasm' });
    expect(recognise(['index.html', 'js/melonJS-min.js', 'build/game-min.js'], '', { melonjs: '2.1.4' })).toMatchObject({ id: 'melonjs', name: 'melonJS 2.1.4' });
    expect(recognise(['index.html', 'arkanoid.js', 'arkanoid.wasm'], '<title>raylib HTML5 GAME</title>')).toMatchObject({ id: 'emscripten', name: 'Emscripten (raylib)' });
  });

  it('names GameMaker, Construct, Defold and PlayCanvas by their files', () => {
    expect(recognise(['index.html', 'html5game/Puzzle.js'])).toMatchObject({ id: 'gamemaker', name: 'GameMaker (HTML5 export)' });
    expect(recognise(['index.html', 'runner.js', 'runner.wasm', 'runner.data', 'game.unx'])).toMatchObject({ id: 'gamemaker', name: 'GameMaker (WebAssembly export)' });
    expect(recognise(['index.html', 'scripts/c3runtime.js', 'data.json'])).toMatchObject({ id: 'construct', name: 'Construct 3' });
    expect(recognise(['index.html', 'c2runtime.js'])).toMatchObject({ id: 'construct', name: 'Construct 2' });
    expect(recognise(['index.html', 'dmloader.js', 'mygame_wasm.js', 'mygame.wasm', 'archive/archive_files.json'])).toMatchObject({ id: 'defold', name: 'Defold' });
    expect(recognise(['index.html', 'playcanvas-stable.min.js', '__start__.js', 'config.json'], '', { playcanvas: '1.70.2' })).toMatchObject({ id: 'playcanvas', name: 'PlayCanvas 1.70.2' });
  });

  it('names Emscripten by its glue and wasm, threaded when its worker is beside it', () => {
    expect(recognise(['index.html', 'index.js', 'index.wasm'])).toMatchObject({ id: 'emscripten', name: 'Emscripten', by: 'index.js', threads: false, compression: 'none' });
    expect(recognise(['index.html', 'index.js', 'index.wasm', 'index.worker.js'])).toMatchObject({ name: 'Emscripten, built with -pthread', threads: true });
    expect(recognise(['index.html', 'game.js', 'game.wasm.br'])).toMatchObject({ id: 'emscripten', by: 'game.js', compression: 'brotli' });
  });

  it('names JavaScript engines by their files or globals, with the version they report', () => {
    expect(recognise(['index.html', 'phaser.min.js', 'game.js'], '', { phaser: '3.90.0' })).toMatchObject({ id: 'phaser', name: 'Phaser 3.90.0', by: 'phaser.min.js' });
    const three = recognise(['index.html', 'main-3f9a.js'], '', { three: '170' });
    expect(three).toMatchObject({ id: 'three', name: 'Three.js r170' });
    expect(typeof three!.by === 'string' ? three!.by : three!.by.in('en')).toBe('its Three.js global');
    expect(recognise(['index.html', 'pixi.min.js'])).toMatchObject({ id: 'pixi', name: 'PixiJS' });
    expect(recognise(['index.html', 'game.js'], '<canvas></canvas>')).toBeNull();
  });
});

describe('engineVerdict', () => {
  it('passes with the engine’s advice and the first-download guideline', () => {
    const unity = recognise(['index.html', 'Build/G.loader.js', 'Build/G.wasm.br']);
    const verdict = engineVerdict(unity, [], true, 50);
    expect(verdict).toMatchObject({ verdict: 'pass', advice: null });
    expect(verdict.measured.in('en')).toBe('Unity 2020 or later, recognised by Build/G.loader.js (brotli-compressed)');
    const details = verdict.details.map((line) => line.in('en'));
    expect(details[0]).toMatch(/^Compression: .*Brotli.*Decompression Fallback/);
    expect(details.some((line) => line.startsWith('Memory: '))).toBe(true);
    expect(details.at(-1)).toBe('First download: PlayFree’s guidelines ask for at most 50 MB before the game starts; load the rest once it runs.');
    expect(engineVerdict(null, [], null, 50).measured.in('en')).toBe('none recognised: plain HTML and JavaScript');
  });

  it('warns when a threaded build was not served cross-origin isolated', () => {
    const threaded = recognise(['index.html', 'index.js', 'index.wasm', 'index.worker.js']);
    expect(engineVerdict(threaded, [], false, 50)).toMatchObject({ verdict: 'warn' });
    expect(engineVerdict(threaded, [], false, 50).advice?.in('en')).toContain('Mark the build as needing threads');
    expect(engineVerdict(threaded, [], true, 50).verdict).toBe('pass');
    // Not run in a browser: nothing is known of its isolation.
    expect(engineVerdict(threaded, [], null, 50).verdict).toBe('pass');
  });

  it('warns when big WebAssembly or data files are stored uncompressed', () => {
    const files = [
      { path: 'Build/G.loader.js', size: 20_000 },
      { path: 'Build/G.wasm', size: 24 * MB },
      { path: 'Build/G.data', size: 5 * MB },
    ];
    const verdict = engineVerdict(recogniseEngine({ files, html: null, globals: {} }), files, null, 50);
    expect(verdict.verdict).toBe('warn');
    expect(verdict.advice?.in('en')).toMatch(/^Build\/G\.wasm is stored uncompressed: brotli would make it several times smaller/);
  });
});
