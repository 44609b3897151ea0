/**
 * Builds that need SharedArrayBuffer (issue #47): Godot 4's threaded export, Emscripten's and
 * Unity's `-pthread` builds. Such a build's host is served cross-origin isolated and its game page
 * isolates its frame (server/http/game-headers.ts, server/web/isolated-pages.ts). The developer
 * says so (setBuildThreads), or the upload's scan finds a threaded export (threadsEvidenceOf).
 *
 * The scan is conservative: it names a build threaded only on what threaded exports alone contain
 * (Emscripten's pthread runtime beside SharedArrayBuffer, a shared WebAssembly memory big enough
 * for a program, Godot's threads switch), never on a loader's feature probe, so a single-threaded
 * export is never isolated for nothing (issue #56).
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BuildThreadsSource } from '../../../shared/schemas/builds';
import { queryOf } from '../../db/kysely';

/** Scripts and pages are scanned (pre-compressed ones decoded), each up to this many bytes. */
const MAX_SCANNED_BYTES = 64 * 1024 * 1024;
const SCANNED = /\.(js|mjs|html?)(\.(br|gz))?$/i;

/** What a threaded export's script or page contains, each with the words the evidence gives. */
const MARKERS: readonly { name: string; test: (text: string) => boolean }[] = [
  {
    name: "Emscripten's pthread runtime (PThread with SharedArrayBuffer)",
    test: (text) => text.includes('SharedArrayBuffer') && (text.includes('ENVIRONMENT_IS_PTHREAD') || /\bPThread\s*[.=]/.test(text)),
  },
  {
    name: 'a shared WebAssembly memory',
    test: (text) => text.includes('SharedArrayBuffer') && sharedMemories(text).some((memory) => !isFeatureProbe(memory)),
  },
  {
    name: "Godot's threads switch",
    test: (text) => /GODOT_THREADS_ENABLED\s*=\s*(?:true|!0)\b|getMissingFeatures\(\s*\{\s*["']?threads["']?\s*:\s*(?:true|!0)\b/.test(text),
  },
];

/** The `{…}` of each `new WebAssembly.Memory({…})` asking for shared memory. */
function sharedMemories(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/new\s+WebAssembly\.Memory\s*\(\s*(\{[^{}]*\})/g)) {
    if (/["']?shared["']?\s*:\s*(?:true|!0)\b/.test(match[1]!)) found.push(match[1]!);
  }
  return found;
}

/**
 * A feature test, not a program's memory: one page (64 KiB) given as a number. Loaders that run
 * single-threaded probe so for wasm threads (Unity 2020's `hasWasmThreads`: `{ initial: 1,
 * maximum: 1, shared: true }` beside SharedArrayBuffer); a threaded program's memory holds its
 * stack and heap, many pages, usually computed (`INITIAL_MEMORY / 65536`).
 */
function isFeatureProbe(memory: string): boolean {
  const initial = /["']?initial["']?\s*:\s*(\d+)\s*[,}]/.exec(memory)?.[1];
  return initial !== undefined && Number(initial) <= 1;
}

/** The marker a script's or page's text holds, or null. */
export function threadsMarkerOf(text: string): string | null {
  return MARKERS.find((marker) => marker.test(text))?.name ?? null;
}

/** A file's text, decoded from its .br/.gz; null past MAX_SCANNED_BYTES or when it does not decode. */
async function textOf(path: string, name: string): Promise<string | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MAX_SCANNED_BYTES) return done(new Error('too large to scan'));
      chunks.push(chunk);
      done();
    },
  });
  const decoder = /\.br$/i.test(name) ? createBrotliDecompress() : /\.gz$/i.test(name) ? createGunzip() : null;
  try {
    await (decoder ? pipeline(createReadStream(path), decoder, sink) : pipeline(createReadStream(path), sink));
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * Whether an upload's files are a threaded export: the first file holding a marker, and which, or
 * null. `files`: each file's path in the build and where its bytes are on disk.
 */
export async function threadsEvidenceOf(files: readonly { path: string; tempPath: string }[]): Promise<{ file: string; marker: string } | null> {
  for (const file of files) {
    if (!SCANNED.test(file.path)) continue;
    const text = await textOf(file.tempPath, file.path);
    const marker = text === null ? null : threadsMarkerOf(text);
    if (marker) return { file: file.path, marker };
  }
  return null;
}

/** Records why a build needs threads (null: it does not). */
export async function setBuildThreads(em: EntityManager, buildId: number, threads: BuildThreadsSource | null): Promise<void> {
  await queryOf(em).updateTable('game_builds').set({ threads } as never).where('id', '=', buildId).execute();
}
