import { describe, expect, it } from 'vitest';
import { engineVerdict, recogniseEngine } from './engines';

const MB = 1024 * 1024;

/** The engine recognised from these file paths (1 KB each), index.html's text and page globals. */
function recognise(paths: string[], html = '', globals: Record<string, string> = {}) {
  return recogniseEngine({ files: paths.map((path) => ({ path, size: 1024 })), html, globals });
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
    expect(recognise(['index.html', 'main-3f9a.js'], '', { three: '170' })).toMatchObject({ id: 'three', name: 'Three.js r170', by: 'its Three.js global' });
    expect(recognise(['index.html', 'pixi.min.js'])).toMatchObject({ id: 'pixi', name: 'PixiJS' });
    expect(recognise(['index.html', 'game.js'], '<canvas></canvas>')).toBeNull();
  });
});

describe('engineVerdict', () => {
  it('passes with the engine’s advice and the first-download guideline', () => {
    const unity = recognise(['index.html', 'Build/G.loader.js', 'Build/G.wasm.br']);
    const verdict = engineVerdict(unity, [], true, 50);
    expect(verdict).toMatchObject({ verdict: 'pass', measured: 'Unity 2020 or later, recognised by Build/G.loader.js (brotli-compressed)', advice: null });
    expect(verdict.details[0]).toMatch(/^Compression: .*Brotli.*Decompression Fallback/);
    expect(verdict.details.some((line) => line.startsWith('Memory: '))).toBe(true);
    expect(verdict.details.at(-1)).toBe('First download: PlayFree’s guidelines ask for at most 50 MB before the game starts; load the rest once it runs.');
    expect(engineVerdict(null, [], null, 50)).toMatchObject({ verdict: 'pass', measured: 'none recognised: plain HTML and JavaScript' });
  });

  it('warns when a threaded build was not served cross-origin isolated', () => {
    const threaded = recognise(['index.html', 'index.js', 'index.wasm', 'index.worker.js']);
    expect(engineVerdict(threaded, [], false, 50)).toMatchObject({ verdict: 'warn' });
    expect(engineVerdict(threaded, [], false, 50).advice).toContain('Mark the build as needing threads');
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
    expect(verdict.advice).toMatch(/^Build\/G\.wasm is stored uncompressed: brotli would make it several times smaller/);
  });
});
