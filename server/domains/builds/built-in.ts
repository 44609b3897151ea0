/**
 * The portal's own games (games/<slug>/) as the build a developer would upload for each: the
 * game's folder at the root, with the kit its pages load (`../kit/…` resolves to `/kit/…` on the
 * game's own origin) and the SDK at the path its pages name (`../sdk/playfree-sdk.js`).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const gamesDir = fileURLToPath(new URL('../../../games', import.meta.url));

/** Every file of a folder, by path relative to `base`, in a stable order. */
function filesUnder(folder: string, base: string): { path: string; file: string }[] {
  return readdirSync(folder, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) return filesUnder(file, base);
      return entry.isFile() && !entry.name.startsWith('.') ? [{ path: relative(base, file).split('\\').join('/'), file }] : [];
    });
}

/** The files of built-in game `slug`'s build: its path inside the build, and the file on disk. */
export function builtInBuildFiles(slug: string): { path: string; file: string }[] {
  return [
    ...filesUnder(join(gamesDir, slug), join(gamesDir, slug)),
    ...filesUnder(join(gamesDir, 'kit'), gamesDir),
    { path: 'sdk/playfree-sdk.js', file: join(gamesDir, 'sdk', 'playfree-sdk.js') },
  ];
}
