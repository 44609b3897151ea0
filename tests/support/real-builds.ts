/**
 * The corpus of real published web builds (tests/fixtures/real-builds/, issue #56): their files as
 * published, and what each is expected to do (its manifest.json). The checks' tests and the e2e
 * spec upload the same files.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { npmBuildFiles, type NpmSource } from './npm-published-builds';
import { zipOf } from './zips';
import { filesUnder } from './files';

export const REAL_BUILDS_DIR = fileURLToPath(new URL('../fixtures/real-builds', import.meta.url));

export interface RealBuild {
  name: string;
  /** What this build is in the corpus for, in one line. */
  purpose: string;
  /** The start of what the Engine check names (null: no engine, plain HTML and JavaScript). */
  engine: string | null;
  /** What the Engine check names once the page ran, when the engine then says more than its files (the version it prints). */
  engineOnceRun?: string;
  /** The engine is bundled into the game's own script: its file names do not name it, the globals its page defines do. */
  engineFromGlobals?: boolean;
  /** How a player sees it play: its canvas draws, or its page shows the game in HTML/SVG. */
  plays: 'canvas' | 'dom';
  source: { repository: string; branch: string | null; commit: string | null; path: string };
  licence: string;
  changes: string;
  /** Published on npm, too large for the repository: its files come from the package, the folder adds what `changes` says. */
  npm?: NpmSource;
}

export const REAL_BUILDS: readonly RealBuild[] = (
  JSON.parse(readFileSync(join(REAL_BUILDS_DIR, 'manifest.json'), 'utf8')) as { builds: RealBuild[] }
).builds;

/**
 * A published file kept gzip-compressed in the repository (`dmloader.js.published.gz`): a long
 * script of someone else's, whose bytes must stay as published, so it is neither split nor left as
 * a source file of over 400 lines. Read back, it is the published file, under its own name.
 */
const PACKED = '.published.gz';

const filesByBuild = new Map<string, Record<string, Buffer>>();

/** A corpus build's files by path, as published (read once per process). */
export function realBuildFiles(name: string): Record<string, Buffer> {
  const known = filesByBuild.get(name);
  if (known) return known;
  const base = join(REAL_BUILDS_DIR, name);
  const npm = REAL_BUILDS.find((build) => build.name === name)?.npm;
  const files: Record<string, Buffer> = npm ? npmBuildFiles(npm) : {};
  for (const file of filesUnder(base)) {
    const path = relative(base, file).split('\\').join('/');
    files[path.endsWith(PACKED) ? path.slice(0, -PACKED.length) : path] = path.endsWith(PACKED) ? gunzipSync(readFileSync(file)) : readFileSync(file);
  }
  filesByBuild.set(name, files);
  return files;
}

const unpacked = new Map<string, string>();

/** A folder holding a corpus build's files as published (written once per process), for what reads files from disk. */
export function realBuildFolder(name: string): string {
  let folder = unpacked.get(name);
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), `playfree-real-build-${name}-`));
    for (const [path, bytes] of Object.entries(realBuildFiles(name))) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), bytes);
    }
    unpacked.set(name, folder);
  }
  return folder;
}

/** A corpus build as the zip its developer would upload, with `extra` files (a thumbnail). */
export function realBuildZip(name: string, extra: Record<string, Buffer> = {}): Promise<Buffer> {
  return zipOf({ ...realBuildFiles(name), ...extra });
}
