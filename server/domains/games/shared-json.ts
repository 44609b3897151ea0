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
  if (Object.isExtensible(value)) Object.defineProperty(value, JSON_OF, { value: json });
  return json;
}
