/**
 * The parts of a game that many games hold alike (its categories, its tags, its controls, its
 * content facts, its studio), as one object for each distinct value. The games kept in memory
 * for searches (tens of thousands) otherwise held a copy each, some twenty small objects a game
 * that every full garbage collection had to walk: its pauses grew with them. The objects are never
 * changed once shared (a game that changes is read again), so sharing them changes nothing shown.
 */

/** Distinct parts kept; past it the table starts again (what games already share stays shared). */
const MAX_PARTS = 20_000;
const parts = new Map<string, unknown>();

export function sharedPart<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const key = JSON.stringify(value);
  const kept = parts.get(key);
  if (kept !== undefined) return kept as T;
  if (parts.size >= MAX_PARTS) parts.clear();
  parts.set(key, value);
  return value;
}
