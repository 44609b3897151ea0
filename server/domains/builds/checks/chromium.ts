/** Finding a Chromium to run the checks in: the configured one, else the usual places. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Looked for in this order after CHROMIUM_PATH: a path as it is, a bare name in each folder of PATH. */
export const CHROMIUM_CANDIDATES: readonly string[] = ['/usr/bin/chromium', 'chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The executable `name` in a folder of PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder && isExecutable(join(folder, name))) return join(folder, name);
  }
  return null;
}

/**
 * The Chromium executable to use, or null when there is none. A configured path that is not an
 * executable file is passed over for the candidates (tests give an empty list to find none).
 */
export function findChromium(configured?: string, candidates: readonly string[] = CHROMIUM_CANDIDATES): string | null {
  for (const candidate of configured ? [configured, ...candidates] : candidates) {
    const found = candidate.includes('/') ? (isExecutable(candidate) ? candidate : null) : findOnPath(candidate);
    if (found) return found;
  }
  return null;
}
