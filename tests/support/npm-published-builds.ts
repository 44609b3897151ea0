/**
 * Corpus builds too large for the repository (a Godot 4 export's 38 MB wasm; the corpus folder
 * stays under 40 MB): their authors published them on npm, so they are fetched with `npm pack`
 * from the registry `npm ci` uses, checked against the integrity the registry recorded, and kept
 * unpacked in node_modules/.cache/ (a fresh `npm ci` clears it; one fetch per clone after that).
 *
 * Not a devDependency: installing the package runs its postinstall script, which copies its export
 * into the project's public/ folder, where the web app's build would ship it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { filesUnder } from './files';

export interface NpmSource {
  package: string;
  version: string;
  /** The registry's `dist.integrity` of the tarball: a fetched tarball that differs is refused. */
  integrity: string;
  /** The package's folder holding the export; its files are the build's, under their paths there. */
  folder: string;
  /** Files of the package, outside `folder`, kept at the build's root (its licence). */
  alsoFiles: string[];
  /** Files of `folder` the build leaves out (the manifest says why). */
  leftOut: string[];
}

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/playfree-real-builds', import.meta.url));

/** The files of a tar archive (npm's tarballs: ustar, regular files and folders only). */
function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1);
    if (type === '0' || type === '') files.set(name, archive.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Fetches and unpacks the package into the cache, once; concurrent test processes each write their own copy and the first rename wins. */
function fetchPackage(source: NpmSource, target: string): void {
  mkdirSync(CACHE_DIR, { recursive: true });
  const work = mkdtempSync(join(CACHE_DIR, '.fetching-'));
  try {
    execFileSync('npm', ['pack', `${source.package}@${source.version}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
    const tarball = readFileSync(join(work, readdirSync(work).find((file) => file.endsWith('.tgz'))!));
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    if (integrity !== source.integrity) throw new Error(`${source.package}@${source.version}: the fetched tarball's integrity is ${integrity}, not the recorded ${source.integrity}`);
    const unpacked = join(work, 'package');
    for (const [path, bytes] of untar(gunzipSync(tarball))) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), bytes);
    }
    try {
      renameSync(unpacked, target);
    } catch (error) {
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The build's files from its npm package, by path, as published (fetched on first use). */
export function npmBuildFiles(source: NpmSource): Record<string, Buffer> {
  const unpacked = join(CACHE_DIR, `${source.package}-${source.version}`);
  if (!existsSync(unpacked)) fetchPackage(source, unpacked);
  const folder = join(unpacked, source.folder);
  const files: Record<string, Buffer> = {};
  for (const file of filesUnder(folder)) {
    const path = relative(folder, file).split('\\').join('/');
    if (!source.leftOut.includes(path)) files[path] = readFileSync(file);
  }
  for (const path of source.alsoFiles) files[path] = readFileSync(join(unpacked, path));
  return files;
}
