/**
 * Which engine made a build (issue #47), from its file names, markers in its index.html and the
 * globals its page defined once it ran (page-script.ts's ENGINE_GLOBALS), and that engine's export
 * advice: compression, decompression fallback, threads, memory, and what to keep out of the first
 * download. Pure: verdicts.ts turns it into the "Engine" check.
 */
import { text } from '../../../i18n/translate';

export const ENGINE_IDS = [
  'unity', 'godot', 'gamemaker', 'construct', 'defold', 'playcanvas', 'cocos', 'gdevelop', 'rpgmaker', 'pico8', 'tic80',
  'emscripten', 'phaser', 'three', 'pixi', 'babylon', 'melonjs',
] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export interface EngineFacts {
  files: readonly { path: string; size: number }[];
  /** index.html's text, or null when it could not be read. */
  html: string | null;
  /** ENGINE_GLOBALS of the first load, with the version the engine printed (printedEngineVersion); empty when the browser did not run. */
  globals: Readonly<Record<string, string>>;
}

export interface Recognised {
  id: EngineId;
  /** "Unity 2020.3.25f1", "Unity 2020 or later", "Godot 4.6", "Godot 4", "Phaser 3.90.0". */
  name: string;
  /** What it was recognised by: "Build/Game.loader.js", "index.html's GODOT_CONFIG". */
  by: string;
  /** Needs SharedArrayBuffer (a threaded export): it starts only cross-origin isolated. */
  threads: boolean;
  /** How its big files are stored: brotli, gzip, Unity's decompression fallback (.unityweb), or not compressed. */
  compression: 'brotli' | 'gzip' | 'decompression fallback' | 'none' | null;
  /** Its .gz files are inflated by its own scripts (pako): they must be sent as stored, not with Content-Encoding. */
  inflatesInPage?: boolean;
}

const NAMES: Record<EngineId, string> = {
  unity: 'Unity',
  godot: 'Godot',
  gamemaker: 'GameMaker',
  construct: 'Construct',
  defold: 'Defold',
  playcanvas: 'PlayCanvas',
  cocos: 'Cocos Creator',
  gdevelop: 'GDevelop',
  rpgmaker: 'RPG Maker',
  pico8: 'PICO-8',
  tic80: 'TIC-80',
  emscripten: 'Emscripten',
  phaser: 'Phaser',
  three: 'Three.js',
  pixi: 'PixiJS',
  babylon: 'Babylon.js',
  melonjs: 'melonJS',
};

/** Each engine's export advice, one line a topic. */
const ADVICE: Record<EngineId, string[]> = {
  unity: [
    'Compression: Player Settings › Publishing Settings › Compression Format Brotli (or Gzip). PlayFree serves Build/*.br and *.gz with their Content-Encoding, so leave Decompression Fallback off: with it the files become .unityweb and are decompressed in JavaScript, which starts slower.',
    'Memory: keep Initial Memory Size as small as the game needs and let it grow (Memory Growth Mode); phones refuse large allocations.',
    'Size: Code Optimization "Disk Size with LTO", Managed Stripping Level High, Enable Exceptions "Explicitly Thrown Exceptions Only"; load big assets later with Addressables.',
  ],
  godot: [
    'Threads: Godot 4.0–4.2 exports always use threads, which need SharedArrayBuffer; from 4.3, turn Thread Support off in the Web export preset unless the game needs it: such a build runs on every browser, with no cross-origin isolation.',
    'A threaded build runs here only cross-origin isolated (COOP and COEP): PlayFree serves it so when it is recognised as threaded or marked as needing threads.',
    'Size: export with VRAM Compression for Mobile (ETC2/ASTC) and leave unused resources out of the .pck; the .pck is downloaded whole before the game starts.',
  ],
  gamemaker: [
    'Export: the HTML5 target (or GX.games/WebAssembly); keep texture pages small (1024–2048 px) and audio compressed (Ogg), and group audio so only what the first room needs loads at start.',
    'Its index.html starts the game from an inline script: upload the exported folder as it is.',
  ],
  construct: [
    'Export: "Web (HTML5)" with Minify script on; upload the exported folder as it is (its service worker is not needed: PlayFree keeps the files for offline play itself).',
    'Size: images are exported as WebP or PNG by project settings; compress sounds (WebM Opus) and keep big media out of the first layout.',
  ],
  defold: [
    'Memory: set html5.heap_size in game.project to what the game needs (phones refuse large heaps).',
    'Size: Release bundle, texture compression for the web profile, and Live Update or excluded collections for content the first screen does not need.',
  ],
  playcanvas: [
    'Export: Download › Build (not the development build), with Concatenate Scripts and texture compression (Basis) on.',
    'Size: load levels and big assets on demand with asset tags rather than all at the start.',
  ],
  cocos: [
    'Export: Web Mobile (or Web Desktop) build in release mode, with MD5 Cache on and Main Bundle compression "Merge Depend"; upload the build folder as it is.',
    'Size: put scenes and assets not needed at start into bundles loaded later; compress textures (ETC2/ASTC with PNG fallback).',
  ],
  gdevelop: [
    'Export: the HTML5 (local folder) export; upload the exported folder as it is.',
    'Size: keep images at the size they are shown and use compressed sounds; resources of later scenes can be loaded when those scenes start (Resources loading: "background").',
  ],
  rpgmaker: [
    'Export: Deployment › Web browsers/Android/iOS, with "Exclude unused files" on; upload the deployed folder as it is.',
    'Size: large audio (BGM) dominates the download: keep it in Ogg and M4A at a modest bit rate.',
  ],
  pico8: ['Export: `export game.html` (or `.js`) from PICO-8; upload game.html as index.html with its game.js beside it.'],
  tic80: ['Export: `export html` from TIC-80 (a zip with index.html, tic80.js, tic80.wasm and the cart); upload it as it is.'],
  emscripten: [
    'Compression: build with -O2 or -Os and ship .wasm, .data and .js precompressed as name.br (brotli -q 11) when the loader asks for those names: PlayFree serves a stored .br or .gz with its Content-Encoding and the original type, application/wasm for .wasm.',
    'Memory: a small -sINITIAL_MEMORY with -sALLOW_MEMORY_GROWTH=1: phones refuse large allocations.',
    'Threads: a -pthread build needs SharedArrayBuffer, so cross-origin isolation (COOP and COEP): PlayFree serves it so when it is recognised as threaded (its .worker.js) or marked as needing threads. Build without -pthread if the game can do without.',
  ],
  phaser: [
    'Size: phaser.min.js alone is over 1 MB; a custom build with only the modules the game uses, or a bundler with tree shaking, makes it much smaller.',
    'Load assets in the scene’s preload with a loading bar, pack images into texture atlases and compress audio (Ogg or M4A).',
  ],
  three: [
    'Size: bundle only the three.js modules the game imports, load models as compressed glTF (Draco or Meshopt) and textures as KTX2.',
  ],
  pixi: ['Size: bundle only the PixiJS packages the game uses, and pack sprites into texture atlases.'],
  babylon: ['Size: import the @babylonjs/core modules the game uses rather than the whole babylon.js, and load compressed glTF and KTX2 textures.'],
  melonjs: ['Size: use melonJS’s minified build, pack sprites into texture atlases and compress audio (Ogg and M4A).'],
};

function compressionOf(paths: readonly string[]): Recognised['compression'] {
  if (paths.some((path) => /\.unityweb$/i.test(path))) return 'decompression fallback';
  if (paths.some((path) => /\.br$/i.test(path))) return 'brotli';
  if (paths.some((path) => /\.gz$/i.test(path))) return 'gzip';
  return paths.length > 0 ? 'none' : null;
}

function withVersion(name: string, version: string | undefined): string {
  return version ? `${name} ${version}` : name;
}

/**
 * Godot's major version from its page: 4 writes gdextensionLibs in GODOT_CONFIG and asks
 * getMissingFeatures({threads}); 3.3–3.6 write gdnativeLibs; 3.0–3.2 start `new Engine` with
 * startGame(EXECUTABLE_NAME, MAIN_PACK).
 */
function godotMajor(page: string): string | undefined {
  if (/gdextensionLibs|getMissingFeatures\(\{|GODOT_THREADS_ENABLED/.test(page)) return '4';
  if (/gdnativeLibs|MAIN_PACK|startGame\(\s*EXECUTABLE_NAME/.test(page)) return '3';
  return undefined;
}

/**
 * Unity 2020 and later from its page template, when the running engine did not say: 2020.1–2021.1
 * have #unity-mobile-warning; unityShowBanner came with 2021.2 and later 2020.3 patches (a real
 * 2020.3.25f1 export has it).
 */
function unityVersion(page: string): string {
  if (/unityShowBanner/.test(page)) return 'Unity 2020.3 or later';
  if (/unity-mobile-warning/.test(page)) return 'Unity 2020.1–2021.1';
  return 'Unity 2020 or later';
}

/**
 * Whether the build inflates its own .gz files in the page (pako, or a loader of its own), so they
 * must reach it as the bytes they are: GitHub Pages sends them so, and many authors rely on it.
 */
function inflatesInPage(paths: readonly string[], page: string): boolean {
  return paths.some((path) => /\.gz$/i.test(path)) && (paths.some((path) => /(^|\/)pako[^/]*\.js$/i.test(path)) || /\bpako\b|DecompressionStream/.test(page));
}

/**
 * The version an engine prints to the console as it starts, where its files do not say it: Unity's
 * "Initialize engine version: 2020.3.25f1 (9b9180224418)", Godot's "Godot Engine
 * v4.6.stable.official.89cea1439 - https://godotengine.org". Keyed as ENGINE_GLOBALS keys them.
 */
export function printedEngineVersion(line: string): { engine: 'unity' | 'godot'; version: string } | null {
  const unity = /^Initialize engine version: (\d{1,4}\.\d+\.\d+[abfp]\d+)/.exec(line);
  if (unity) return { engine: 'unity', version: unity[1]! };
  const godot = /^Godot Engine v(\d+\.\d+(?:\.\d+)?)\.[a-z]/.exec(line);
  return godot ? { engine: 'godot', version: godot[1]! } : null;
}

/** The engine that made the build, or null for plain JavaScript (or one this does not know). */
export function recogniseEngine({ files, html, globals }: EngineFacts): Recognised | null {
  const paths = files.map((file) => file.path);
  const find = (pattern: RegExp) => paths.find((path) => pattern.test(path));
  const page = html ?? '';
  const workerBesideWasm = paths.some((path) => /\.worker\.js$/i.test(path) && paths.includes(path.replace(/\.worker\.js$/i, '.wasm')));

  const unityLoader = find(/(^|\/)Build\/[^/]+\.loader\.js$/i) ?? find(/(^|\/)UnityLoader\.js$/i);
  const unityFramework = find(/\.framework\.js(\.br|\.gz|\.unityweb)?$/i);
  if (unityLoader || unityFramework || /createUnityInstance|UnityLoader\.instantiate/.test(page) || 'unity' in globals) {
    const modern = /createUnityInstance/.test(page) || (unityLoader !== undefined && !/UnityLoader\.js$/i.test(unityLoader));
    const big = paths.filter((path) => /\.(framework\.js|wasm|data|code|unityweb)(\.br|\.gz)?$/i.test(path));
    return {
      id: 'unity',
      name: globals.unity ? `Unity ${globals.unity}` : modern ? unityVersion(page) : 'Unity 5.6–2019',
      by: unityLoader ?? unityFramework ?? 'index.html’s createUnityInstance',
      threads: false,
      compression: compressionOf(big),
    };
  }

  const pck = find(/\.pck(\.gz|\.br)?$/i);
  if (/GODOT_CONFIG|new Engine\b/.test(page) || 'godot' in globals) {
    const threadsOption = /getMissingFeatures\(\{\s*['"]?threads['"]?\s*:\s*(true|false)/.exec(page)?.[1];
    return {
      id: 'godot',
      name: withVersion('Godot', globals.godot || godotMajor(page)),
      by: /GODOT_CONFIG/.test(page) ? 'index.html’s GODOT_CONFIG' : (pck ?? 'its Engine'),
      threads: threadsOption ? threadsOption === 'true' : workerBesideWasm,
      compression: compressionOf(paths.filter((path) => /\.(wasm|pck)(\.br|\.gz)?$/i.test(path))),
      inflatesInPage: inflatesInPage(paths, page),
    };
  }

  const gameMaker = find(/(^|\/)html5game\//i);
  const gxRunner = paths.includes('runner.wasm') && paths.includes('runner.js') ? 'runner.wasm' : undefined;
  if (gameMaker || gxRunner || /GameMaker_Init/.test(page) || 'gamemaker' in globals) {
    return { id: 'gamemaker', name: gxRunner ? 'GameMaker (WebAssembly export)' : 'GameMaker (HTML5 export)', by: gxRunner ?? gameMaker ?? 'index.html’s GameMaker_Init', threads: false, compression: null };
  }

  const c3 = find(/(^|\/)c3runtime\.js$/i);
  const c2 = find(/(^|\/)c2runtime\.js$/i);
  if (c3 || c2 || 'construct' in globals) {
    return { id: 'construct', name: c2 && !c3 ? 'Construct 2' : 'Construct 3', by: c3 ?? c2 ?? 'its runtime', threads: false, compression: null };
  }

  const dmloader = find(/(^|\/)dmloader\.js$/i);
  if (dmloader || /EngineLoader\.load/.test(page)) {
    return { id: 'defold', name: 'Defold', by: dmloader ?? 'index.html’s EngineLoader', threads: workerBesideWasm, compression: null };
  }

  const playcanvas = find(/(^|\/)playcanvas[^/]*\.js$/i) ?? find(/(^|\/)__start__\.js$/i);
  if (playcanvas || 'playcanvas' in globals) {
    return { id: 'playcanvas', name: withVersion('PlayCanvas', globals.playcanvas), by: playcanvas ?? 'its pc global', threads: false, compression: null };
  }

  const cocos = find(/(^|\/)cocos2d-js[^/]*\.js$/i) ?? find(/(^|\/)cocos-js\/cc\.js$/i);
  if (cocos || 'cocos' in globals) {
    return { id: 'cocos', name: withVersion('Cocos Creator', globals.cocos), by: cocos ?? 'its cc global', threads: false, compression: null };
  }

  const gdevelop = find(/(^|\/)code0\.js$/i) ? find(/(^|\/)gd\.js$/i) : undefined;
  if (gdevelop || 'gdevelop' in globals) {
    return { id: 'gdevelop', name: 'GDevelop', by: gdevelop ?? 'its gdjs global', threads: false, compression: null };
  }

  const rmmz = find(/(^|\/)js\/rmmz_core\.js$/i);
  const rmmv = find(/(^|\/)js\/rpg_core\.js$/i);
  if (rmmz || rmmv) return { id: 'rpgmaker', name: rmmz ? 'RPG Maker MZ' : 'RPG Maker MV', by: (rmmz ?? rmmv)!, threads: false, compression: null };

  // Fantasy consoles: their player is Emscripten output, recognised here before the generic glue below.
  const tic80 = find(/(^|\/)tic80\.wasm$/i);
  if (tic80 || 'tic80' in globals) return { id: 'tic80', name: 'TIC-80', by: tic80 ?? 'its TIC80 global', threads: false, compression: null };
  if (/_cartdat|pico8_buttons/.test(page) || 'pico8' in globals) {
    return { id: 'pico8', name: 'PICO-8', by: /_cartdat/.test(page) ? 'index.html’s _cartdat' : 'its pico8 globals', threads: false, compression: null };
  }

  const wasm = paths.filter((path) => /\.wasm(\.br|\.gz)?$/i.test(path));
  const glue = wasm.map((path) => path.replace(/\.wasm(\.br|\.gz)?$/i, '.js')).find((path) => paths.some((other) => other === path || other.startsWith(`${path}.`)));
  if (/Module\.setStatus|var Module\b/.test(page) || 'emscripten' in globals || glue) {
    return {
      id: 'emscripten',
      // raylib's and SDL's shells name themselves; the library says more to a developer than the compiler.
      name: `Emscripten${/\braylib\b/i.test(page) ? ' (raylib)' : /\bSDL2?\b/.test(page) ? ' (SDL)' : ''}${workerBesideWasm ? ', built with -pthread' : ''}`,
      by: glue ?? wasm[0] ?? 'index.html’s Module',
      threads: workerBesideWasm,
      compression: compressionOf(paths.filter((path) => /\.(wasm|data)(\.br|\.gz)?$/i.test(path))),
    };
  }

  for (const [id, pattern] of [
    ['phaser', /(^|\/)phaser(\.min)?\.js$/i],
    ['three', /(^|\/)three(\.module)?(\.min)?\.js$/i],
    ['pixi', /(^|\/)pixi(\.min)?\.js$/i],
    ['babylon', /(^|\/)babylon(\.max)?\.js$/i],
    ['melonjs', /(^|\/)melonjs(-min)?\.js$/i],
  ] as const) {
    const file = find(pattern);
    if (file || id in globals) {
      const version = id === 'three' && globals.three ? `r${globals.three}` : globals[id];
      return { id, name: withVersion(NAMES[id], version), by: file ?? `its ${NAMES[id]} global`, threads: false, compression: null };
    }
  }
  return null;
}

/** What the Engine check measured for a build made with none it knows (verdicts.ts answers it in the caller's language). */
export const NO_ENGINE = text('checks.measured.noEngine');

/** Uncompressed WebAssembly or data bigger than this is worth compressing (Unity, Emscripten). */
const UNCOMPRESSED_WARN_BYTES = 10 * 1024 * 1024;

export interface EngineVerdict {
  verdict: 'pass' | 'warn';
  measured: string;
  /** What to change, when the verdict is a warning. */
  advice: string | null;
  /** The engine's export advice, one line a topic. */
  details: string[];
}

/**
 * The Engine check: what was recognised, its advice, and a warning for what the build gets wrong.
 * `isolated`: the first load's crossOriginIsolated (null: not run); `firstDownloadMB`: the
 * guidelines' limit on what is downloaded before the game starts.
 */
export function engineVerdict(engine: Recognised | null, files: EngineFacts['files'], isolated: boolean | null, firstDownloadMB: number): EngineVerdict {
  const COMMON = `First download: PlayFree’s guidelines ask for at most ${firstDownloadMB} MB before the game starts; load the rest once it runs.`;
  if (!engine) return { verdict: 'pass', measured: NO_ENGINE.in('en'), advice: null, details: [COMMON] };
  const how = engine.compression === 'decompression fallback' ? 'compressed, with a decompression fallback' : `${engine.compression}-compressed`;
  const compressed = engine.compression && engine.compression !== 'none' ? `${how}${engine.inflatesInPage ? ', inflated in the page' : ''}` : null;
  const notes = [engine.threads ? 'threaded export: needs SharedArrayBuffer' : null, compressed].filter(Boolean);
  const measured = `${engine.name}, recognised by ${engine.by}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  const details = [...ADVICE[engine.id], COMMON];
  if (engine.threads && isolated === false) {
    return {
      verdict: 'warn',
      measured,
      advice: 'This build needs SharedArrayBuffer, and its page was not cross-origin isolated, so it cannot start here. Mark the build as needing threads when uploading it (or export it without threads).',
      details,
    };
  }
  const uncompressed = engine.id === 'unity' || engine.id === 'emscripten'
    ? files.filter((file) => /\.(wasm|data)$/i.test(file.path) && file.size > UNCOMPRESSED_WARN_BYTES)
    : [];
  if (uncompressed.length > 0) {
    return {
      verdict: 'warn',
      measured,
      advice: `${uncompressed.map((file) => file.path).join(', ')} ${uncompressed.length === 1 ? 'is' : 'are'} stored uncompressed: brotli would make ${uncompressed.length === 1 ? 'it' : 'them'} several times smaller to download. ${ADVICE[engine.id][0]}`,
      details,
    };
  }
  return { verdict: 'pass', measured, advice: null, details };
}
