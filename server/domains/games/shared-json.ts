/**
 * The JSON of objects the catalog shares between answers (a cached game appears in many lists
 * and searches), written once per object. Such an object is never changed once shared: a game
 * that changes is a new object (games-by-id.ts), so its JSON is written afresh.
 *
 * The JSON is kept on the object itself, under a symbol and not enumerable: JSON.stringify and
 * object spread (a favourited copy of a game) leave it out. A WeakMap holding the JSON of the tens
 * of thousands of games kept for searches made every full garbage collection pause some 12 ms
 * longer (each entry is an ephemeron, processed in the pause).
 */
const JSON_OF = Symbol('json');

export function sharedJsonOf(value: object): string {
  const kept = (value as { [JSON_OF]?: string })[JSON_OF];
  if (kept !== undefined) return kept;
  const json = JSON.stringify(value);
  keepOn(value, JSON_OF, json);
  return json;
}

/**
 * Keeps what was worked out about a shared object on the object itself, under `key`, not
 * enumerable: JSON.stringify and object spread leave it out. A frozen object keeps nothing.
 */
export function keepOn(object: object, key: symbol, value: unknown): void {
  if (Object.isExtensible(object)) Object.defineProperty(object, key, { value, writable: true });
}
