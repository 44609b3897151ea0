/**
 * The forms a build's file is kept and served in: the type and stored encoding its name says, and
 * whether it is worth keeping compressed. The upload (storage/compression.ts), the developer's
 * setting (compressed-files.ts) and the games origin (server/http/build-file-answers.ts) read the
 * same rules.
 */
import mime from 'mime';
import type { CompressedFilesServing } from '../../../shared/schemas/builds';

export type ContentEncoding = 'br' | 'gzip';

/** Below this size compression saves less than it costs the client to undo. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Pre-compressed files as engines ship them (Unity's `Build/game.wasm.br`, `.data.gz`,
 * `.framework.js.br`; Godot's and Emscripten's when compressed by hand): for these inner types the
 * stored `.br`/`.gz` is the encoding of the file without it. Any other `.gz` (a game's own
 * `levels.tar.gz` it unpacks itself) stays the file it is.
 */
const STORED_ENCODINGS: Record<string, ContentEncoding> = { br: 'br', gz: 'gzip' };
const PRE_COMPRESSED_INNER = /\.(wasm|js|mjs|data|json|pck|mem|symbols|html|css|txt|svg|xml|bin)$/i;

/**
 * How a build's file is served: its type, and the encoding its bytes are stored in, sent with them.
 * `compressedFiles` AS_IS (the build's loader inflates its own `.br`/`.gz`, as GitHub Pages
 * serves them): no encoding, the type of the whole name.
 */
export function servedFormOf(path: string, compressedFiles: CompressedFilesServing = 'WITH_ENCODING'): { type: string; storedEncoding: ContentEncoding | null } {
  const suffix = /\.(br|gz)$/i.exec(path);
  const inner = suffix ? path.slice(0, -suffix[0].length) : null;
  if (suffix && inner && PRE_COMPRESSED_INNER.test(inner) && compressedFiles === 'WITH_ENCODING') {
    // `.data` has no registered type: raw bytes, as Unity's and Emscripten's loaders read it.
    return { type: mime.getType(inner) ?? 'application/octet-stream', storedEncoding: STORED_ENCODINGS[suffix[1]!.toLowerCase()]! };
  }
  // Unity's `.unityweb` (compressed with decompression fallback): the loader undoes it, so no header.
  return { type: mime.getType(path) ?? 'application/octet-stream', storedEncoding: null };
}

/** Bodies worth compressing: text formats and WebAssembly (images, audio and video already are). */
export function compressible(type: string): boolean {
  return /^text\/|javascript|json|xml|svg|wasm/.test(type);
}

/** Bytes whose value as a file name "*.data" or "*.pck" says nothing of: engines' data packs, often half empty. */
const DATA_PACK = /\.(data|pck|mem|symbols|bin)$/i;

/**
 * Whether a build's file is compressed when stored (storage/compression.ts): a type that gains
 * (or an engine's data pack), not stored compressed already, and larger than a packet's worth.
 */
export function worthCompressing(path: string, size: number): boolean {
  if (size < MIN_COMPRESSED_BYTES || /\.(br|gz|unityweb)$/i.test(path)) return false;
  return compressible(servedFormOf(path).type) || DATA_PACK.test(path);
}
