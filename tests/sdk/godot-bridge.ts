/**
 * Godot 4's JavaScriptBridge as a web export runs it (platform/web/js/libs/
 * library_godot_javascript_singleton.js), over a game page (tests/sdk/game-page.ts), so a test can
 * make the calls a GDScript makes and see what JavaScript receives:
 * - get_interface(name) wraps `window[name]`, or is null when it is undefined;
 * - a method call is `object[method](...args)` with each argument converted from Godot: null, a
 *   bool, a number, a String, or a JavaScriptObject's own value; anything else (a Dictionary, an
 *   Array) arrives as undefined; a throw is logged and answers null;
 * - values coming back are null, a bool, a number, a String, or a JavaScriptObject (objects and
 *   functions alike);
 * - create_callback(callable) is a JavaScript function that calls `callable` with one argument, a
 *   JavaScriptObject over the array of the arguments it was given, and does nothing once Godot no
 *   longer references it (release()).
 */
import { runInContext } from 'node:vm';
import type { GamePage } from './game-page';

export type GodotValue = null | boolean | number | string | JavaScriptObject | { godotDictionary: Record<string, unknown> };

export class JavaScriptObject {
  #released = false;
  constructor(readonly value: object) {}

  /** `object.property` or `object[index]` in GDScript. */
  get(key: string | number): GodotValue {
    return toGodot((this.value as Record<string | number, unknown>)[key]);
  }

  /** `object.property = value` in GDScript. */
  set(key: string | number, value: GodotValue): void {
    (this.value as Record<string | number, unknown>)[key] = toJavaScript(value);
  }

  /** `object.method(args)` in GDScript. */
  call(method: string, ...args: GodotValue[]): GodotValue {
    const target = this.value as Record<string, (...values: unknown[]) => unknown>;
    try {
      return toGodot(target[method]!(...args.map(toJavaScript)));
    } catch (error) {
      errors.push(`Error calling method ${method}: ${String(error)}`);
      return null;
    }
  }

  /** Godot dropped its last reference: a callback stops answering. */
  release(): void {
    this.#released = true;
  }

  get released(): boolean {
    return this.#released;
  }
}

/** What the bridge logged (a method call that threw). */
export const errors: string[] = [];

function toGodot(value: unknown): GodotValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  return new JavaScriptObject(value as object);
}

function toJavaScript(value: GodotValue): unknown {
  if (value instanceof JavaScriptObject) return value.value;
  if (value === null || typeof value !== 'object') return value;
  return undefined; // a Dictionary or an Array does not cross
}

export type JavaScriptBridge = {
  get_interface(name: string): JavaScriptObject | null;
  create_callback(callable: (args: JavaScriptObject) => void): JavaScriptObject;
  /** `new window[name](...args)`; null when there is no such constructor. */
  create_object(name: string, ...args: GodotValue[]): JavaScriptObject | null;
};

export function javaScriptBridge(page: GamePage): JavaScriptBridge {
  return {
    get_interface(name) {
      const value = runInContext(`window[${JSON.stringify(name)}]`, page.window) as unknown;
      return value === undefined ? null : (toGodot(value) as JavaScriptObject);
    },
    create_callback(callable) {
      const handle = new JavaScriptObject(function (...args: unknown[]) {
        if (handle.released) return undefined;
        callable(new JavaScriptObject(args));
        return null;
      });
      return handle;
    },
    create_object(name, ...args) {
      const constructor = runInContext(`window[${JSON.stringify(name)}]`, page.window) as (new (...values: unknown[]) => object) | undefined;
      return constructor === undefined ? null : new JavaScriptObject(new constructor(...args.map(toJavaScript)));
    },
  };
}
