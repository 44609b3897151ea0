/**
 * Which engine made a build (issue #47), from its file names, markers in its index.html and the
 * globals its page defined once it ran (page-script.ts's ENGINE_GLOBALS), and that engine's export
 * advice: compression, decompression fallback, threads, memory, and what to keep out of the first
 * download. Pure: verdicts.ts turns it into the "Engine" check.
 */
import type { MessageId } from '../../../i18n/messages';
import { text, type Text } from '../../../i18n/translate';
import { listOf } from './joined-texts';

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
  /** "Unity 2020.3.25f1", "Godot 4.6", "Godot 4", "Phaser 3.90.0"; a Text where it has words ("Unity 2020 or later"). */
  name: string | Text;
  /** What it was recognised by: a file ("Build/Game.loader.js"), or a Text ("index.html’s GODOT_CONFIG"). */
  by: string | Text;
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

/** How many lines of export advice each engine has (engine-messages.ts: checks.engine.advice.{engine}.{line}). */
const ADVICE_LINES: Record<EngineId, number> = {
  unity: 3, godot: 3, gamemaker: 2, construct: 2, defold: 2, playcanvas: 2, cocos: 2, gdevelop: 2, rpgmaker: 2,
  pico8: 1, tic80: 1, emscripten: 3, phaser: 2, three: 1, pixi: 1, babylon: 1, melonjs: 1,
};

/** Each engine's export advice, one line a topic. */
function adviceOf(id: EngineId): Text[] {
  return Array.from({ length: ADVICE_LINES[id] }, (_, line) => text(`checks.engine.advice.${id}.${line + 1}` as MessageId));
}

function compressionOf(paths: readonly string[]): Recognised['compression'] {
  if (paths.some((path) => /\.unityweb$/i.test(path))) return 'decompression fallback';
  if (paths.some((path) => /\.br$/i.test(path))) return 'brotli';
  if (paths.some((path) => /\.gz$/i.test(path))) return 'gzip';
  return paths.length > 0 ? 'none' : null;
}

const byIndexHtml = (name: string) => text('checks.engine.byIndexHtml', { name });
const byGlobal = (name: string) => text('checks.engine.byGlobal', { name });

function withVersion(name: string, version: string | undefined): string {
  return version ? `${name} ${version}` : name;
}

/** "Emscripten, built with -pthread": a build with a worker beside its WebAssembly. */
function threadedBuild(name: string, threads: boolean): string | Text {
  return threads ? text('checks.engine.name.builtWithThreads', { engine: name }) : name;
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
function unityVersion(page: string): string | Text {
  if (/unityShowBanner/.test(page)) return text('checks.engine.name.unityOrLater', { version: '2020.3' });
  if (/unity-mobile-warning/.test(page)) return 'Unity 2020.1–2021.1';
  return text('checks.engine.name.unityOrLater', { version: '2020' });
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
      by: unityLoader ?? unityFramework ?? byIndexHtml('createUnityInstance'),
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
      by: /GODOT_CONFIG/.test(page) ? byIndexHtml('GODOT_CONFIG') : (pck ?? text('checks.engine.byEngine')),
      threads: threadsOption ? threadsOption === 'true' : workerBesideWasm,
      compression: compressionOf(paths.filter((path) => /\.(wasm|pck)(\.br|\.gz)?$/i.test(path))),
      inflatesInPage: inflatesInPage(paths, page),
    };
  }

  const gameMaker = find(/(^|\/)html5game\//i);
  const gxRunner = paths.includes('runner.wasm') && paths.includes('runner.js') ? 'runner.wasm' : undefined;
  if (gameMaker || gxRunner || /GameMaker_Init/.test(page) || 'gamemaker' in globals) {
    return { id: 'gamemaker', name: text('checks.engine.name.gameMakerExport', { format: gxRunner ? 'WebAssembly' : 'HTML5' }), by: gxRunner ?? gameMaker ?? byIndexHtml('GameMaker_Init'), threads: false, compression: null };
  }

  const c3 = find(/(^|\/)c3runtime\.js$/i);
  const c2 = find(/(^|\/)c2runtime\.js$/i);
  if (c3 || c2 || 'construct' in globals) {
    return { id: 'construct', name: c2 && !c3 ? 'Construct 2' : 'Construct 3', by: c3 ?? c2 ?? text('checks.engine.byRuntime'), threads: false, compression: null };
  }

  const dmloader = find(/(^|\/)dmloader\.js$/i);
  if (dmloader || /EngineLoader\.load/.test(page)) {
    return { id: 'defold', name: 'Defold', by: dmloader ?? byIndexHtml('EngineLoader'), threads: workerBesideWasm, compression: null };
  }

  const playcanvas = find(/(^|\/)playcanvas[^/]*\.js$/i) ?? find(/(^|\/)__start__\.js$/i);
  if (playcanvas || 'playcanvas' in globals) {
    return { id: 'playcanvas', name: withVersion('PlayCanvas', globals.playcanvas), by: playcanvas ?? byGlobal('pc'), threads: false, compression: null };
  }

  const cocos = find(/(^|\/)cocos2d-js[^/]*\.js$/i) ?? find(/(^|\/)cocos-js\/cc\.js$/i);
  if (cocos || 'cocos' in globals) {
    return { id: 'cocos', name: withVersion('Cocos Creator', globals.cocos), by: cocos ?? byGlobal('cc'), threads: false, compression: null };
  }

  const gdevelop = find(/(^|\/)code0\.js$/i) ? find(/(^|\/)gd\.js$/i) : undefined;
  if (gdevelop || 'gdevelop' in globals) {
    return { id: 'gdevelop', name: 'GDevelop', by: gdevelop ?? byGlobal('gdjs'), threads: false, compression: null };
  }

  const rmmz = find(/(^|\/)js\/rmmz_core\.js$/i);
  const rmmv = find(/(^|\/)js\/rpg_core\.js$/i);
  if (rmmz || rmmv) return { id: 'rpgmaker', name: rmmz ? 'RPG Maker MZ' : 'RPG Maker MV', by: (rmmz ?? rmmv)!, threads: false, compression: null };

  // Fantasy consoles: their player is Emscripten output, recognised here before the generic glue below.
  const tic80 = find(/(^|\/)tic80\.wasm$/i);
  if (tic80 || 'tic80' in globals) return { id: 'tic80', name: 'TIC-80', by: tic80 ?? byGlobal('TIC80'), threads: false, compression: null };
  if (/_cartdat|pico8_buttons/.test(page) || 'pico8' in globals) {
    return { id: 'pico8', name: 'PICO-8', by: /_cartdat/.test(page) ? byIndexHtml('_cartdat') : text('checks.engine.byGlobals', { name: 'pico8' }), threads: false, compression: null };
  }

  const wasm = paths.filter((path) => /\.wasm(\.br|\.gz)?$/i.test(path));
  const glue = wasm.map((path) => path.replace(/\.wasm(\.br|\.gz)?$/i, '.js')).find((path) => paths.some((other) => other === path || other.startsWith(`${path}.`)));
  if (/Module\.setStatus|var Module\b/.test(page) || 'emscripten' in globals || glue) {
    return {
      id: 'emscripten',
      // raylib's and SDL's shells name themselves; the library says more to a developer than the compiler.
      name: threadedBuild(`Emscripten${/\braylib\b/i.test(page) ? ' (raylib)' : /\bSDL2?\b/.test(page) ? ' (SDL)' : ''}`, workerBesideWasm),
      by: glue ?? wasm[0] ?? byIndexHtml('Module'),
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
      return { id, name: withVersion(NAMES[id], version), by: file ?? byGlobal(NAMES[id]), threads: false, compression: null };
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
  measured: Text;
  /** What to change, when the verdict is a warning. */
  advice: Text | null;
  /** The engine's export advice, one line a topic. */
  details: Text[];
}

/**
 * The Engine check: what was recognised, its advice, and a warning for what the build gets wrong.
 * `isolated`: the first load's crossOriginIsolated (null: not run); `firstDownloadMB`: the
 * guidelines' limit on what is downloaded before the game starts.
 */
export function engineVerdict(engine: Recognised | null, files: EngineFacts['files'], isolated: boolean | null, firstDownloadMB: number): EngineVerdict {
  const common = text('checks.engine.firstDownload', { mb: String(firstDownloadMB) });
  if (!engine) return { verdict: 'pass', measured: NO_ENGINE, advice: null, details: [common] };
  const compression = engine.compression && engine.compression !== 'none' ? text('checks.engine.compressedNote', { compression: engine.compression }) : null;
  const notes = [
    engine.threads ? text('checks.engine.threadedNote') : null,
    compression && engine.inflatesInPage ? text('checks.engine.inflatedInPage', { compressed: compression }) : compression,
  ].filter((note) => note !== null);
  const measured = notes.length === 0
    ? text('checks.engine.recognised', { engine: engine.name, by: engine.by })
    : text('checks.engine.recognisedWithNotes', { engine: engine.name, by: engine.by, notes: listOf(notes) });
  const advice = adviceOf(engine.id);
  const details = [...advice, common];
  if (engine.threads && isolated === false) return { verdict: 'warn', measured, advice: text('checks.engine.threadsAdvice'), details };
  const uncompressed = engine.id === 'unity' || engine.id === 'emscripten'
    ? files.filter((file) => /\.(wasm|data)$/i.test(file.path) && file.size > UNCOMPRESSED_WARN_BYTES)
    : [];
  if (uncompressed.length > 0) {
    return {
      verdict: 'warn',
      measured,
      advice: text('checks.engine.uncompressedAdvice', { files: uncompressed.map((file) => file.path).join(', '), count: uncompressed.length, advice: advice[0]! }),
      details,
    };
  }
  return { verdict: 'pass', measured, advice: null, details };
}
