/**
 * Each engine's export advice, one line a topic, and the Engine check's own words
 * (server/domains/builds/checks/engines.ts), in English. Menu and option names are the engines' own.
 */
export const ENGINE_MESSAGES = {
  'checks.engine.recognised': '{engine}, recognised by {by}',
  'checks.engine.recognisedWithNotes': '{engine}, recognised by {by} ({notes})',
  'checks.engine.threadedNote': 'threaded export: needs SharedArrayBuffer',
  'checks.engine.compressedNote': '{compression, select, brotli {brotli-compressed} gzip {gzip-compressed} other {compressed, with a decompression fallback}}',
  'checks.engine.inflatedInPage': '{compressed}, inflated in the page',
  'checks.engine.byIndexHtml': 'index.html’s {name}',
  'checks.engine.byGlobal': 'its {name} global',
  'checks.engine.byGlobals': 'its {name} globals',
  'checks.engine.byRuntime': 'its runtime',
  'checks.engine.byEngine': 'its Engine',
  'checks.engine.name.unityOrLater': 'Unity {version} or later',
  'checks.engine.name.gameMakerExport': 'GameMaker ({format} export)',
  'checks.engine.name.builtWithThreads': '{engine}, built with -pthread',
  'checks.engine.threadsAdvice':
    'This build needs SharedArrayBuffer, and its page was not cross-origin isolated, so it cannot start here. Mark the build as needing threads when uploading it (or export it without threads).',
  'checks.engine.uncompressedAdvice':
    '{files} {count, plural, one {is stored uncompressed: brotli would make it} other {are stored uncompressed: brotli would make them}} several times smaller to download. {advice}',
  'checks.engine.firstDownload': 'First download: PlayFree’s guidelines ask for at most {mb} MB before the game starts; load the rest once it runs.',

  'checks.engine.advice.unity.1':
    'Compression: Player Settings › Publishing Settings › Compression Format Brotli (or Gzip). PlayFree serves Build/*.br and *.gz with their Content-Encoding, so leave Decompression Fallback off: with it the files become .unityweb and are decompressed in JavaScript, which starts slower.',
  'checks.engine.advice.unity.2':
    'Memory: keep Initial Memory Size as small as the game needs and let it grow (Memory Growth Mode); phones refuse large allocations.',
  'checks.engine.advice.unity.3':
    'Size: Code Optimization "Disk Size with LTO", Managed Stripping Level High, Enable Exceptions "Explicitly Thrown Exceptions Only"; load big assets later with Addressables.',
  'checks.engine.advice.godot.1':
    'Threads: Godot 4.0–4.2 exports always use threads, which need SharedArrayBuffer; from 4.3, turn Thread Support off in the Web export preset unless the game needs it: such a build runs on every browser, with no cross-origin isolation.',
  'checks.engine.advice.godot.2':
    'A threaded build runs here only cross-origin isolated (COOP and COEP): PlayFree serves it so when it is recognised as threaded or marked as needing threads.',
  'checks.engine.advice.godot.3':
    'Size: export with VRAM Compression for Mobile (ETC2/ASTC) and leave unused resources out of the .pck; the .pck is downloaded whole before the game starts.',
  'checks.engine.advice.gamemaker.1':
    'Export: the HTML5 target (or GX.games/WebAssembly); keep texture pages small (1024–2048 px) and audio compressed (Ogg), and group audio so only what the first room needs loads at start.',
  'checks.engine.advice.gamemaker.2':
    'Its index.html starts the game from an inline script: upload the exported folder as it is.',
  'checks.engine.advice.construct.1':
    'Export: "Web (HTML5)" with Minify script on; upload the exported folder as it is (its service worker is not needed: PlayFree keeps the files for offline play itself).',
  'checks.engine.advice.construct.2':
    'Size: images are exported as WebP or PNG by project settings; compress sounds (WebM Opus) and keep big media out of the first layout.',
  'checks.engine.advice.defold.1':
    'Memory: set html5.heap_size in game.project to what the game needs (phones refuse large heaps).',
  'checks.engine.advice.defold.2':
    'Size: Release bundle, texture compression for the web profile, and Live Update or excluded collections for content the first screen does not need.',
  'checks.engine.advice.playcanvas.1':
    'Export: Download › Build (not the development build), with Concatenate Scripts and texture compression (Basis) on.',
  'checks.engine.advice.playcanvas.2':
    'Size: load levels and big assets on demand with asset tags rather than all at the start.',
  'checks.engine.advice.cocos.1':
    'Export: Web Mobile (or Web Desktop) build in release mode, with MD5 Cache on and Main Bundle compression "Merge Depend"; upload the build folder as it is.',
  'checks.engine.advice.cocos.2':
    'Size: put scenes and assets not needed at start into bundles loaded later; compress textures (ETC2/ASTC with PNG fallback).',
  'checks.engine.advice.gdevelop.1':
    'Export: the HTML5 (local folder) export; upload the exported folder as it is.',
  'checks.engine.advice.gdevelop.2':
    'Size: keep images at the size they are shown and use compressed sounds; resources of later scenes can be loaded when those scenes start (Resources loading: "background").',
  'checks.engine.advice.rpgmaker.1':
    'Export: Deployment › Web browsers/Android/iOS, with "Exclude unused files" on; upload the deployed folder as it is.',
  'checks.engine.advice.rpgmaker.2':
    'Size: large audio (BGM) dominates the download: keep it in Ogg and M4A at a modest bit rate.',
  'checks.engine.advice.pico8.1':
    'Export: `export game.html` (or `.js`) from PICO-8; upload game.html as index.html with its game.js beside it.',
  'checks.engine.advice.tic80.1':
    'Export: `export html` from TIC-80 (a zip with index.html, tic80.js, tic80.wasm and the cart); upload it as it is.',
  'checks.engine.advice.emscripten.1':
    'Compression: build with -O2 or -Os and ship .wasm, .data and .js precompressed as name.br (brotli -q 11) when the loader asks for those names: PlayFree serves a stored .br or .gz with its Content-Encoding and the original type, application/wasm for .wasm.',
  'checks.engine.advice.emscripten.2':
    'Memory: a small -sINITIAL_MEMORY with -sALLOW_MEMORY_GROWTH=1: phones refuse large allocations.',
  'checks.engine.advice.emscripten.3':
    'Threads: a -pthread build needs SharedArrayBuffer, so cross-origin isolation (COOP and COEP): PlayFree serves it so when it is recognised as threaded (its .worker.js) or marked as needing threads. Build without -pthread if the game can do without.',
  'checks.engine.advice.phaser.1':
    'Size: phaser.min.js alone is over 1 MB; a custom build with only the modules the game uses, or a bundler with tree shaking, makes it much smaller.',
  'checks.engine.advice.phaser.2':
    'Load assets in the scene’s preload with a loading bar, pack images into texture atlases and compress audio (Ogg or M4A).',
  'checks.engine.advice.three.1':
    'Size: bundle only the three.js modules the game imports, load models as compressed glTF (Draco or Meshopt) and textures as KTX2.',
  'checks.engine.advice.pixi.1':
    'Size: bundle only the PixiJS packages the game uses, and pack sprites into texture atlases.',
  'checks.engine.advice.babylon.1':
    'Size: import the @babylonjs/core modules the game uses rather than the whole babylon.js, and load compressed glTF and KTX2 textures.',
  'checks.engine.advice.melonjs.1':
    'Size: use melonJS’s minified build, pack sprites into texture atlases and compress audio (Ogg and M4A).',
} as const;
