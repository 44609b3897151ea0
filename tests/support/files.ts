/** The files of a folder tree, for the fixtures' loaders (engine builds, real builds, npm packages). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, as paths joined to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}
