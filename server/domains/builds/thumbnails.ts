/**
 * A hosted game's thumbnail can be a file of its build (issue #24: a developer with only a zip
 * needs no image hosted elsewhere). The games origin serves the live build's one at
 * `<games origin>/thumbs/{slug}`, on its main host: a page of game cards then opens one
 * connection for all their thumbnails, not one per game host.
 */

/** The names looked for at a build's root, in this order. */
export const THUMBNAIL_NAMES = ['thumb.webp', 'thumb.png', 'thumb.jpg', 'thumb.jpeg', 'thumbnail.webp', 'thumbnail.png', 'thumbnail.jpg', 'thumbnail.jpeg'] as const;

export function thumbnailUrlOf(gamesPublicUrl: string, slug: string): string {
  return `${gamesPublicUrl}/thumbs/${slug}`;
}

/** The path of the build's thumbnail among its files, or null when it has none. */
export function thumbnailPathOf(paths: Iterable<string>): string | null {
  const lower = new Map<string, string>();
  for (const path of paths) lower.set(path.toLowerCase(), path);
  for (const name of THUMBNAIL_NAMES) {
    const path = lower.get(name);
    if (path) return path;
  }
  return null;
}
