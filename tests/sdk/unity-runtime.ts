/**
 * A .jslib plugin built and called the way a Unity WebGL build does it, without Unity:
 * - build time: emscripten evaluates the .jslib in its compiler (no window: `LibraryManager` and
 *   `mergeInto` only), then copies each function into the framework file *by its source text*,
 *   inside the framework's closure, where the runtime's helpers (UTF8ToString, stringToUTF8,
 *   lengthBytesUTF8, _malloc, _free, SendMessage) are in scope; anything else the .jslib declared
 *   is gone;
 * - run time: C# calls a `[DllImport("__Internal")]` function with numbers as they are and each
 *   string as a pointer to UTF-8 in the heap, freed once the call returns (a plugin must copy it
 *   at once); a returned string is a pointer the plugin _malloc'ed, which C# reads and frees;
 *   JavaScript calls back into C# with SendMessage(gameObject, method, string | number).
 */
import { createContext, runInContext } from 'node:vm';
import type { GamePage } from './game-page';

export type SentMessage = { gameObject: string; method: string; arg: string | number | undefined };

export type UnityGame = {
  /** Calls a plugin function as C# does: strings marshalled to UTF-8 pointers and freed after. */
  call(name: string, ...args: (string | number)[]): unknown;
  /** Calls a plugin function returning `string`: reads the returned char* and frees it. */
  callForString(name: string, ...args: (string | number)[]): string;
  /** Every SendMessage the plugin made, in order. */
  sent: SentMessage[];
};

/** Build time: the library the .jslib merges, evaluated as emscripten's compiler does. */
export function compileJslib(source: string, filename: string): Record<string, unknown> {
  const library: Record<string, unknown> = {};
  const compiler = createContext({
    LibraryManager: { library },
    mergeInto(target: Record<string, unknown>, entries: Record<string, unknown>) {
      for (const [name, value] of Object.entries(entries)) {
        if (name in target) throw new Error(`${filename}: ${name} is defined twice`);
        target[name] = value;
      }
    },
  });
  runInContext(source, compiler, { filename });
  return library;
}

/** The framework text emscripten writes for `library`: every function re-made from its source. */
function frameworkSource(library: Record<string, unknown>): string {
  const lines: string[] = [];
  const names: string[] = [];
  for (const [name, value] of Object.entries(library)) {
    if (name.endsWith('__deps') || name.endsWith('__sig') || name.endsWith('__proxy')) continue;
    if (name.startsWith('$')) throw new Error(`${name}: helpers are not used by this plugin`);
    if (typeof value !== 'function') throw new Error(`${name}: a library entry must be a function`);
    // emscripten 2/3 (Unity 2021-6000) emits `function _Name(…) {…}` from the function's source text.
    lines.push(`var _${name} = ${value.toString()};`);
    names.push(name);
  }
  return `(function (Module) {
  var UTF8ToString = Module.UTF8ToString, stringToUTF8 = Module.stringToUTF8, lengthBytesUTF8 = Module.lengthBytesUTF8;
  var _malloc = Module._malloc, _free = Module._free, SendMessage = Module.SendMessage;
  ${lines.join('\n  ')}
  return { ${names.map((name) => `${JSON.stringify(name)}: _${name}`).join(', ')} };
})`;
}

/** Links the .jslib into `page` the way Unity's framework does, with a small heap of its own. */
export function loadUnityPlugin(page: GamePage, source: string, filename: string): UnityGame {
  const library = compileJslib(source, filename);
  const heap = new Uint8Array(256 * 1024);
  let top = 8; // 0 is NULL
  const allocated = new Map<number, number>();
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const sent: SentMessage[] = [];

  const malloc = (size: number) => {
    const pointer = top;
    top += Math.ceil(size / 8) * 8 + 8;
    if (top > heap.length) throw new Error('out of memory');
    allocated.set(pointer, size);
    return pointer;
  };
  const free = (pointer: number) => {
    const size = allocated.get(pointer);
    if (size === undefined) throw new Error(`free(${pointer}): not a block _malloc returned (a crash in a real build)`);
    allocated.delete(pointer);
    heap.fill(0xdd, pointer, pointer + size); // reused memory: a string read after the call is garbage
  };
  const UTF8ToString = (pointer: number) => {
    if (!pointer) return '';
    let end = pointer;
    while (heap[end] !== 0) end++;
    return decoder.decode(heap.subarray(pointer, end));
  };
  const lengthBytesUTF8 = (text: string) => encoder.encode(text).length;
  const stringToUTF8 = (text: string, pointer: number, maxBytes: number) => {
    const bytes = encoder.encode(text).subarray(0, maxBytes - 1);
    heap.set(bytes, pointer);
    heap[pointer + bytes.length] = 0;
    return bytes.length;
  };
  const SendMessage = (gameObject: unknown, method: unknown, arg?: unknown) => {
    if (typeof gameObject !== 'string' || typeof method !== 'string') throw new Error('SendMessage: the object and method are strings');
    if (arg !== undefined && typeof arg !== 'string' && typeof arg !== 'number') throw new Error(`SendMessage: ${method} was sent a ${typeof arg}; only a string or a number reaches C#`);
    sent.push({ gameObject, method, arg: arg as SentMessage['arg'] });
  };

  const link = page.run(frameworkSource(library), `${filename} (framework)`) as (module: object) => Record<string, (...args: number[]) => unknown>;
  const exports = link({ UTF8ToString, stringToUTF8, lengthBytesUTF8, _malloc: malloc, _free: free, SendMessage });

  const call = (name: string, ...args: (string | number)[]) => {
    const fn = exports[name];
    if (!fn) throw new Error(`EntryPointNotFoundException: ${name}`);
    const temporary: number[] = [];
    const marshalled = args.map((arg) => {
      if (typeof arg === 'number') return arg;
      const size = lengthBytesUTF8(arg) + 1;
      const pointer = malloc(size);
      stringToUTF8(arg, pointer, size);
      temporary.push(pointer);
      return pointer;
    });
    try {
      return fn(...marshalled);
    } finally {
      temporary.forEach(free);
    }
  };
  return {
    call,
    callForString(name, ...args) {
      const pointer = call(name, ...args) as number;
      const text = UTF8ToString(pointer);
      free(pointer);
      return text;
    },
    sent,
  };
}
