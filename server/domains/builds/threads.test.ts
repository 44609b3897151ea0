import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadsEvidenceOf, threadsMarkerOf } from './threads';

// What Debian's emcc 3.1.6 writes for `-pthread` (minified as it ships), and what it writes without.
const EMSCRIPTEN_PTHREAD =
  'var ENVIRONMENT_IS_PTHREAD=Module["ENVIRONMENT_IS_PTHREAD"]||false;if(typeof SharedArrayBuffer!=="undefined"){}' +
  'var PThread={unusedWorkers:[],runningWorkers:[],init:function(){}};wasmMemory=new WebAssembly.Memory({"initial":256,"maximum":256,"shared":true});';
const EMSCRIPTEN_SINGLE = 'var wasmMemory;var buffer,HEAP8,HEAPU8;function updateGlobalBufferAndView(buf){buffer=buf}Module["asm"]=instance.exports;';
// Godot 4.3's shell with threads on, and its export without them.
const GODOT_THREADS = 'const GODOT_THREADS_ENABLED = true;\nconst missing = Engine.getMissingFeatures({ threads: GODOT_THREADS_ENABLED });';
const GODOT_SINGLE = 'const GODOT_THREADS_ENABLED = false;\nconst missing = Engine.getMissingFeatures({ threads: GODOT_THREADS_ENABLED });';

describe('threaded exports', () => {
  it('are recognised by what only threaded exports contain', () => {
    expect(threadsMarkerOf(EMSCRIPTEN_PTHREAD)).toMatch(/pthread/i);
    expect(threadsMarkerOf('var m=new WebAssembly.Memory({initial:16,maximum:16,shared:!0});if(!(m.buffer instanceof SharedArrayBuffer))throw 1;')).toMatch(/shared WebAssembly memory/);
    expect(threadsMarkerOf(GODOT_THREADS)).toMatch(/Godot/);
    expect(threadsMarkerOf('engine.getMissingFeatures({ threads: true })'.replace('engine', 'Engine'))).toMatch(/Godot/);
  });

  it('are not claimed on a loader’s probe for wasm threads: Unity 2020’s single-threaded loader (issue #56)', () => {
    // Unity 2020.3's Build/*.loader.js (its SystemInfo), as shipped minified and as written.
    const minified =
      'hasThreads:"undefined"!=typeof SharedArrayBuffer,hasWasmThreads:function(){if("object"!=typeof WebAssembly)return!1;' +
      'if("undefined"==typeof SharedArrayBuffer)return!1;var e=new WebAssembly.Memory({initial:1,maximum:1,shared:!0}),t=e.buffer instanceof SharedArrayBuffer;return delete e,t}()';
    const written =
      "hasThreads: typeof SharedArrayBuffer !== 'undefined', hasWasmThreads: (function(){ if (typeof SharedArrayBuffer === 'undefined') return false;\n" +
      '  var wasmMemory = new WebAssembly.Memory({"initial": 1, "maximum": 1, "shared": true});\n  return wasmMemory.buffer instanceof SharedArrayBuffer; })()';
    expect(threadsMarkerOf(minified)).toBeNull();
    expect(threadsMarkerOf(written)).toBeNull();
    // The same loader beside a threaded framework is still found by the framework's memory.
    expect(threadsMarkerOf(`${minified};wasmMemory=new WebAssembly.Memory({initial:INITIAL_MEMORY/65536,maximum:2147483648/65536,shared:true})`)).toMatch(/shared WebAssembly memory/);
  });

  it('are not claimed on a mere mention: single-threaded Emscripten and Godot, Phaser, a feature test', async () => {
    expect(threadsMarkerOf(EMSCRIPTEN_SINGLE)).toBeNull();
    expect(threadsMarkerOf(GODOT_SINGLE)).toBeNull();
    expect(threadsMarkerOf('if (typeof SharedArrayBuffer === "function") console.log("threads could run here");')).toBeNull();
    expect(threadsMarkerOf('const options = { shared: true }; new WebAssembly.Memory({ initial: 1 });')).toBeNull();
    const phaser = await readFile(fileURLToPath(new URL('../../../node_modules/phaser/dist/phaser.min.js', import.meta.url)), 'latin1');
    expect(threadsMarkerOf(phaser)).toBeNull();
  });

  describe('in an upload’s files', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'playfree-threads-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    async function filesOf(files: Record<string, Buffer | string>) {
      return Promise.all(
        Object.entries(files).map(async ([path, content], index) => {
          const tempPath = join(dir, `f${index}-${Math.random().toString(36).slice(2)}`);
          await writeFile(tempPath, content);
          return { path, tempPath };
        }),
      );
    }

    it('finds the marker in a script, a page, or a pre-compressed script, and names the file', async () => {
      expect(await threadsEvidenceOf(await filesOf({ 'index.html': '<canvas></canvas>', 'index.js': EMSCRIPTEN_PTHREAD }))).toEqual({ file: 'index.js', marker: expect.stringMatching(/pthread/i) });
      expect(await threadsEvidenceOf(await filesOf({ 'index.html': `<script>${GODOT_THREADS}</script>` }))).toEqual({ file: 'index.html', marker: expect.stringMatching(/Godot/) });
      expect((await threadsEvidenceOf(await filesOf({ 'Build/game.framework.js.br': brotliCompressSync(EMSCRIPTEN_PTHREAD) })))?.file).toBe('Build/game.framework.js.br');
      expect((await threadsEvidenceOf(await filesOf({ 'Build/game.framework.js.gz': gzipSync(EMSCRIPTEN_PTHREAD) })))?.file).toBe('Build/game.framework.js.gz');
    });

    it('reads no other file, and finds nothing in a single-threaded build', async () => {
      expect(await threadsEvidenceOf(await filesOf({ 'index.html': '<canvas></canvas>', 'index.js': EMSCRIPTEN_SINGLE, 'notes.txt': EMSCRIPTEN_PTHREAD, 'game.data': EMSCRIPTEN_PTHREAD }))).toBeNull();
      // A file that does not decode is passed over, not an error.
      expect(await threadsEvidenceOf(await filesOf({ 'game.js.br': 'not brotli at all' }))).toBeNull();
    });
  });
});
