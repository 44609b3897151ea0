/** The built-in games' medals: what games/catalog.json declares is exactly what each game's code unlocks. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../db/catalog';

const catalog = loadCatalog();

/** The ids a game's script passes to its medal() helper (which calls PlayFree.unlockMedal). */
function unlockedInCode(slug: string): string[] {
  const code = readFileSync(new URL(`../../../games/${slug}/game.js`, import.meta.url), 'utf8');
  return [...new Set([...code.matchAll(/\bmedal\('([a-z0-9-]+)'\)/g)].map((match) => match[1]!))].sort();
}

describe('built-in games’ medals', () => {
  const withMedals = catalog.filter((entry) => (entry.medals ?? []).length > 0);

  it('are declared by at least three games, none of them rated for small children', () => {
    expect(withMedals.length).toBeGreaterThanOrEqual(3);
    for (const entry of withMedals) expect(entry.ageRating, entry.slug).not.toBe('KIDS');
  });

  it.each(withMedals.map((entry) => [entry.slug, entry] as const))('%s unlocks exactly the medals it declares', (slug, entry) => {
    expect(unlockedInCode(slug)).toEqual(entry.medals!.map((medal) => medal.key).sort());
  });
});
