/** Reading loosely typed feed values: distributors write numbers as text, lists as comma-separated text, ids as numbers. */

export function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function integer(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(number) && number > 0 && number < 100_000 ? Math.round(number) : null;
}

export function flag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 'yes') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'no') return false;
  return null;
}

/** A width-over-height ratio from a number (1.78) or text ("1.78", "16:9", "16/9"); null when it is not a sensible one. */
export function ratio(value: unknown): number | null {
  const parts = typeof value === 'string' ? value.split(/[:/x]/).map((part) => Number.parseFloat(part)) : [typeof value === 'number' ? value : Number.NaN];
  const found = parts.length === 2 ? parts[0]! / parts[1]! : parts.length === 1 ? parts[0]! : Number.NaN;
  return Number.isFinite(found) && found >= 0.2 && found <= 5 ? found : null;
}

/** "landscape" or "portrait" in any case ("horizontal" and "vertical" too); null for anything else ("both", "any"). */
export function orientation(value: unknown): 'landscape' | 'portrait' | null {
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (word === 'landscape' || word === 'horizontal') return 'landscape';
  if (word === 'portrait' || word === 'vertical') return 'portrait';
  return null;
}

/** A list from an array of names (or of `{ name }` objects) or comma-separated text. */
export function list(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map((entry) => (entry && typeof entry === 'object' ? (entry as { name?: unknown }).name : entry)) : typeof value === 'string' ? value.split(',') : [];
  return parts.map(text).filter((part): part is string => part !== null);
}

/** The first image address of a list (GameDistribution's Asset) or the value itself. */
export function firstText(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = text(entry);
      if (found) return found;
    }
    return null;
  }
  return text(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a.b.c` of a value, or undefined. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}
