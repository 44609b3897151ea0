/**
 * The engine fixtures (tests/fixtures/engine-builds/, made by scripts/engine-fixtures/build.sh):
 * real Emscripten output and Unity-, Godot- and Phaser-shaped exports that must start, and broken
 * builds that must not. The build checks' tests and the e2e specs upload the same files.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipOf } from './zips';
import { filesUnder } from './files';

export const ENGINE_BUILDS_DIR = fileURLToPath(new URL('../fixtures/engine-builds', import.meta.url));
/** Phaser 3 (a dev dependency), added to the Phaser fixture when it is read rather than committed (1.2 MB). */
const PHASER = fileURLToPath(new URL('../../node_modules/phaser/dist/phaser.min.js', import.meta.url));

/** Builds that start: each draws a frame. The -threads ones (and Godot's) need cross-origin isolation. */
export const WORKING_ENGINE_BUILDS = ['emscripten', 'emscripten-threads', 'unity-br', 'unity-gz', 'godot-threads', 'phaser'] as const;
/** Builds that never start: a Unity build without its wasm, a script that throws at once, a canvas left blank. */
export const BROKEN_ENGINE_BUILDS = ['unity-missing-wasm', 'broken-throws', 'broken-blank'] as const;
export type EngineBuild = (typeof WORKING_ENGINE_BUILDS)[number] | (typeof BROKEN_ENGINE_BUILDS)[number];

/** Builds that need SharedArrayBuffer. */
export const THREADED_ENGINE_BUILDS: readonly EngineBuild[] = ['emscripten-threads', 'godot-threads'];

/** A fixture's files by path. */
export function engineBuildFiles(name: EngineBuild): Record<string, Buffer> {
  const folder = name === 'unity-missing-wasm' ? 'unity-br' : name;
  const base = join(ENGINE_BUILDS_DIR, folder);
  const files: Record<string, Buffer> = {};
  for (const file of filesUnder(base)) files[relative(base, file).split('\\').join('/')] = readFileSync(file);
  if (name === 'unity-missing-wasm') delete files['Build/Fixture.wasm.br'];
  if (name === 'phaser') files['phaser.min.js'] = readFileSync(PHASER);
  return files;
}

/** A fixture as the zip a developer uploads, with `extra` files (a thumbnail). */
export function engineBuildZip(name: EngineBuild, extra: Record<string, Buffer> = {}): Promise<Buffer> {
  return zipOf({ ...engineBuildFiles(name), ...extra });
}
