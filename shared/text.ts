/** Lower-cases and strips accents, so "Café" matches "cafe" (search is case- and accent-insensitive). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** "Space Rocks! 2" → "space-rocks-2". */
export function slugify(text: string): string {
  return (
    foldForSearch(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'game'
  );
}

/** Plays over 1000 as a one-decimal k value (spec section 9); "New" for none. */
export function formatPlays(plays: number): string {
  if (plays <= 0) return 'New';
  if (plays > 1000) return `${(plays / 1000).toFixed(1)}k`;
  return String(plays);
}
