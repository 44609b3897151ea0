import { keepOn } from './shared-json';

/**
 * Every answer the catalog cache (cache.ts) hands out, shared by all anonymous callers until it is
 * refreshed, holds the time it stops being fresh, on itself (keepOn): the REST adapter serialises
 * and compresses such an object once. Not a WeakMap: thousands of answers a second, each an ephemeron entry that
 * V8's young-generation collections treat as alive, moved each answer (and the 16 KB of JSON kept
 * with it, json-answer.ts) into the old space, some 45 MB a second under a search mix.
 */
const FRESH_UNTIL = Symbol('freshUntil');

export function isSharedAnswer(value: unknown): value is object {
  return freshUntilOf(value) !== undefined;
}

/** Registers `value` (built from shared answers, e.g. a /trpc batch) as shared until `freshUntil`. */
export function shareAnswer<T extends object>(value: T, freshUntil: number): T {
  keepOn(value, FRESH_UNTIL, freshUntil);
  return value;
}

/** When a shared answer stops being fresh; undefined for an answer built for one caller. */
export function freshUntilOf(value: unknown): number | undefined {
  return typeof value === 'object' && value !== null ? (value as { [FRESH_UNTIL]?: number })[FRESH_UNTIL] : undefined;
}
