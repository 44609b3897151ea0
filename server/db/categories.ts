/** The catalog's categories (issue #2), in the order the portal shows them. */
export const CATEGORY_SEED = [
  { slug: 'action', name: 'Action', icon: '💥' },
  { slug: 'racing', name: 'Racing', icon: '🏎️' },
  { slug: 'puzzle', name: 'Puzzle', icon: '🧩' },
  { slug: 'sports', name: 'Sports', icon: '⚽' },
  { slug: 'kids', name: 'Kids', icon: '🧸' },
  { slug: 'adventure', name: 'Adventure', icon: '🗺️' },
  { slug: 'strategy', name: 'Strategy', icon: '♟️' },
  { slug: 'arcade', name: 'Arcade', icon: '🕹️' },
  { slug: 'casual', name: 'Casual', icon: '🎲' },
] as const;
