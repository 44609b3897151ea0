/**
 * A build's own pre-compressed files (`index.wasm.br`, `index.pck.gz`, issue #56): sent with their
 * Content-Encoding, so the browser decodes them, or as the bytes they are, for a loader that
 * inflates them in the page (GitHub Pages and most static hosts send them so). The upload's scan
 * decides which from what the build's scripts do (compressedFilesFoundOf); its checks run it the
 * other way when the first fails with a decoding error and record which works; the developer can
 * set it (setBuildCompressedFiles). server/http/game-headers.ts sends what this decides.
 */
import { createReadStream } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompressedFilesServing, CompressedFilesSetting } from '../../../shared/schemas/builds';
import { queryOf } from '../../db/kysely';
import { servedFormOf } from './file-forms';

/** Loader scripts and pages are scanned up to this many bytes each (an engine's runtime is a few MB). */
const MAX_SCANNED_BYTES = 16 * 1024 * 1024;
const SCANNED = /\.(js|mjs|html?)$/i;

/** What a loader that inflates its files in the page calls: the libraries authors use, and the browser's own stream. */
const INFLATES_IN_PAGE: readonly { name: string; test: RegExp }[] = [
  { name: 'pako', test: /\bpako\s*\.\s*(?:inflate|ungzip|inflateRaw)\b|\bpako\b[^\n]{0,200}\bInflate\b/ },
  { name: 'fflate', test: /\bfflate\b[^\n]{0,200}\b(?:gunzip|decompress|inflate)|\b(?:gunzipSync|decompressSync)\s*\(/ },
  { name: 'DecompressionStream', test: /\bnew\s+DecompressionStream\s*\(/ },
  { name: "zlib.js's Gunzip", test: /\bZlib\s*\.\s*(?:Gunzip|Inflate)\b/ },
  { name: "Unity's decompression fallback", test: /\bdecompressionFallback\s*[:=]\s*(?:true|!0)\b/ },
];

/** Whether the build stores a file with its encoding in its name (`game.wasm.br`). */
export function hasPreCompressedFiles(paths: Iterable<string>): boolean {
  for (const path of paths) if (servedFormOf(path).storedEncoding !== null) return true;
  return false;
}

/** The inflating library a script's or page's text calls, or null. */
export function inflaterOf(text: string): string | null {
  return INFLATES_IN_PAGE.find((inflater) => inflater.test.test(text))?.name ?? null;
}

async function headOf(path: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { end: MAX_SCANNED_BYTES - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * How an upload's pre-compressed files should go, and why: AS_IS when one of its scripts or pages
 * inflates files itself, WITH_ENCODING otherwise; null when it has none. `files`: each file's path
 * in the build and where its bytes are on disk.
 */
export async function compressedFilesFoundOf(files: readonly { path: string; tempPath: string }[]): Promise<{ found: CompressedFilesServing; inflater: string | null } | null> {
  if (!hasPreCompressedFiles(files.map((file) => file.path))) return null;
  for (const file of files) {
    if (!SCANNED.test(file.path)) continue;
    const inflater = inflaterOf(await headOf(file.tempPath));
    if (inflater) return { found: 'AS_IS', inflater };
  }
  return { found: 'WITH_ENCODING', inflater: null };
}

/** Records what works for a build's compressed files (the upload's scan, or its checks). */
export async function setCompressedFilesFound(em: EntityManager, buildId: number, found: CompressedFilesServing): Promise<void> {
  await queryOf(em).updateTable('game_builds').set({ compressed_files_found: found } as never).where('id', '=', buildId).execute();
}

/** Records the developer's setting. */
export async function setBuildCompressedFiles(em: EntityManager, buildId: number, setting: CompressedFilesSetting): Promise<void> {
  await queryOf(em).updateTable('game_builds').set({ compressed_files: setting } as never).where('id', '=', buildId).execute();
}

/** What a build's checks are told of its compressed files: how they go now, and where the build is served the other way. */
export type CompressedFilesTrial = { served: CompressedFilesServing; otherWayUrl: string };

/** The other way of sending compressed files. */
export function otherWayOf(served: CompressedFilesServing): CompressedFilesServing {
  return served === 'AS_IS' ? 'WITH_ENCODING' : 'AS_IS';
}

/**
 * What a claimed build's checks try: for a build with pre-compressed files left to AUTO, its way
 * and the other; null otherwise (none, or the developer chose: the checks then run it that way only).
 */
export function compressedFilesTrialOf(
  build: { compressed_files: CompressedFilesSetting; compressed_files_found: CompressedFilesServing | null },
  previewUrlOf: (way: CompressedFilesServing) => string,
): CompressedFilesTrial | null {
  if (build.compressed_files !== 'AUTO' || build.compressed_files_found === null) return null;
  return { served: build.compressed_files_found, otherWayUrl: previewUrlOf(otherWayOf(build.compressed_files_found)) };
}
