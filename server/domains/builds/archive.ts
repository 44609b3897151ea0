/**
 * Reads an uploaded game build, a zip, into validated and hashed files on disk (issue #24). Every
 * rule is checked on the zip's central directory before a byte is extracted; sizes and checksums
 * are checked again while streaming, since a zip's headers can lie. Each file is written under a
 * number in the work folder, never under its own path, so a hostile name cannot touch the
 * filesystem.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { fromFdPromise, type Entry, type ZipFile } from 'yauzl';
import { Validation } from '../errors';
import { text, type Text } from '../../i18n/translate';

/** Limits of one build; exported so the UI, docs and tests quote the same numbers. */
export const BUILD_LIMITS = {
  maxFiles: 1500, // CrazyGames' limit
  maxTotalBytes: 250 * 1024 * 1024, // uncompressed, all files
  maxFileBytes: 100 * 1024 * 1024, // uncompressed, one file
  maxZipBytes: 300 * 1024 * 1024, // the upload itself
  maxCompressionRatio: 200, // per entry (uncompressed / compressed), zip-bomb guard; only applied to entries over 1 MB uncompressed
  maxPathLength: 255, // bytes of the path inside the build
} as const;

export type BuildFile = {
  /** Path inside the build: forward slashes, no leading slash, NFC-normalised. */
  path: string;
  size: number;
  /** sha256 of the bytes, lower-case hex. */
  hash: string;
  /** Where the bytes were written (inside workDir). */
  tempPath: string;
};

const MB = 1024 * 1024;
/** Smaller entries may compress as well as they like: a few hundred KB of zeros cannot hurt. */
const RATIO_CHECKED_ABOVE_BYTES = 1 * MB;
/**
 * Entries of any kind (folders and junk too) read from the central directory at most: the zip's own
 * size limit would still allow millions of tiny entries, each costing two reads.
 */
const MAX_ENTRIES = BUILD_LIMITS.maxFiles * 10;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const FLAG_ENCRYPTED = 1 << 0;
const FLAG_UTF8_NAME = 1 << 11;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;

/** Files that operating systems leave in folders; a build does not need them. */
const JUNK_NAMES = new Set(['.ds_store', 'thumbs.db']);

// ignoreBOM: a name's leading U+FEFF is kept, not silently dropped.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A file of the build as listed in the central directory, not yet extracted. */
type ListedFile = { path: string; name: string; entry: Entry };

/**
 * Reads the zip at `zipPath`, refuses it if any rule below is broken (throwing
 * `Validation` from server/domains/errors.ts with field 'build' and a message naming the file),
 * and otherwise writes every file into `workDir` (which the caller creates and removes), hashing each as it is written.
 * Returns the files sorted by path.
 */
export async function extractBuild(zipPath: string, workDir: string): Promise<BuildFile[]> {
  // The descriptor is ours, not yauzl's (autoClose off): it is closed here whatever happened,
  // once every read stream is finished or destroyed.
  const handle = await open(zipPath, 'r');
  try {
    const { size } = await handle.stat();
    if (size > BUILD_LIMITS.maxZipBytes) {
      refuse(text('builds.zipTooLarge', { size: formatBytes(size), max: formatBytes(BUILD_LIMITS.maxZipBytes) }));
    }
    const zip = await openZip(handle.fd);
    const files = placeAtRoot(await listFiles(zip));
    await mkdir(join(workDir, 'files'), { recursive: true });
    const extracted: BuildFile[] = [];
    for (const [index, file] of files.entries()) {
      extracted.push(await extractFile(zip, file, join(workDir, 'files', String(index))));
    }
    return extracted;
  } finally {
    await handle.close();
  }
}

const DAMAGED_ZIP = text('builds.zipDamaged');

async function openZip(fd: number): Promise<ZipFile> {
  try {
    return await fromFdPromise(fd, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
  } catch (error) {
    // yauzl finds no end-of-central-directory record: this is no zip at all, rather than a damaged one.
    if (error instanceof Error && error.message.startsWith('End of central directory record signature not found')) {
      refuse(text('builds.notZip'), error);
    }
    refuse(DAMAGED_ZIP, error);
  }
}

/** The files of the central directory, every rule that needs no file data checked. */
async function listFiles(zip: ZipFile): Promise<ListedFile[]> {
  if (zip.entryCount > MAX_ENTRIES) {
    refuse(text('builds.tooManyEntries', { entries: zip.entryCount, max: BUILD_LIMITS.maxFiles }));
  }
  const files: ListedFile[] = [];
  const pathsByFoldedPath = new Map<string, string>();
  let totalBytes = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = nameOf(entry);
      const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const isDirectory = name.endsWith('/') || type === S_IFDIR;
      const path = checkedPath(name, isDirectory);
      if (type === S_IFLNK) refuse(text('builds.symlink', { name: quote(name) }));
      // Zips made on Windows carry no unix mode (0): their entries are files or folders.
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) refuse(text('builds.notRegular', { name: quote(name) }));
      if (isDirectory || isJunk(path)) continue;

      if (entry.generalPurposeBitFlag & FLAG_ENCRYPTED) refuse(text('builds.encrypted', { name: quote(name) }));
      if (entry.compressionMethod !== METHOD_STORED && entry.compressionMethod !== METHOD_DEFLATED) {
        refuse(text('builds.unknownCompression', { name: quote(name), method: entry.compressionMethod }));
      }
      if (entry.uncompressedSize > BUILD_LIMITS.maxFileBytes) {
        refuse(text('builds.fileTooLarge', { name: quote(name), size: formatBytes(entry.uncompressedSize), max: formatBytes(BUILD_LIMITS.maxFileBytes) }));
      }
      if (entry.uncompressedSize > RATIO_CHECKED_ABOVE_BYTES && entry.uncompressedSize > entry.compressedSize * BUILD_LIMITS.maxCompressionRatio) {
        refuse(
          text('builds.zipBomb', {
            name: quote(name),
            packed: formatBytes(entry.compressedSize),
            size: formatBytes(entry.uncompressedSize),
            ratio: BUILD_LIMITS.maxCompressionRatio,
          }),
        );
      }
      if (files.length === BUILD_LIMITS.maxFiles) refuse(text('builds.tooManyFiles', { max: BUILD_LIMITS.maxFiles }));
      totalBytes += entry.uncompressedSize;
      if (totalBytes > BUILD_LIMITS.maxTotalBytes) {
        refuse(text('builds.tooLargeUnzipped', { max: formatBytes(BUILD_LIMITS.maxTotalBytes), name: quote(name) }));
      }
      // Served from Linux, "Logo.png" and "logo.png" are two files; on macOS or Windows where the game
      // was made, one: the game would load whichever the developer did not mean.
      const foldedPath = path.toUpperCase().toLowerCase().normalize('NFC');
      const clash = pathsByFoldedPath.get(foldedPath);
      if (clash !== undefined) {
        refuse(text('builds.nameClash', { first: quote(clash), second: quote(name) }));
      }
      pathsByFoldedPath.set(foldedPath, name);
      files.push({ path, name, entry });
    }
  } catch (error) {
    if (error instanceof Validation) throw error;
    refuse(DAMAGED_ZIP, error);
  }
  return files;
}

/** The entry's name, if it is UTF-8 as it says or plain ASCII; any other encoding is a guess. */
function nameOf(entry: Entry): string {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & FLAG_UTF8_NAME || raw.every((byte) => byte < 0x80)) {
    try {
      return utf8.decode(raw);
    } catch {
      // refused below
    }
  }
  refuse(text('builds.nameNotUtf8', { name: quote(lossyUtf8.decode(raw)) }));
}

/** The entry's path inside the build (NFC, without a folder's trailing slash), if it stays inside it. */
function checkedPath(name: string, isDirectory: boolean): string {
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name)) refuse(text('builds.absolutePath', { name: quote(name) }));
  if (name.includes('\\')) refuse(text('builds.backslash', { name: quote(name) }));
  if (/\p{Cc}/u.test(name)) refuse(text('builds.controlCharacter', { name: quote(name) }));
  const path = (isDirectory && name.endsWith('/') ? name.slice(0, -1) : name).normalize('NFC');
  const segments = path.split('/');
  if (segments.includes('..')) refuse(text('builds.outside', { name: quote(name) }));
  if (segments.some((segment) => segment === '' || segment === '.')) refuse(text('builds.emptyFolder', { name: quote(name) }));
  return path;
}

function isJunk(path: string): boolean {
  return path.startsWith('__MACOSX/') || JUNK_NAMES.has(path.slice(path.lastIndexOf('/') + 1).toLowerCase());
}

/**
 * The files with index.html at the build's root, sorted by path. A zip of the game's folder holds
 * every file in that one folder: the folder is dropped from their paths.
 */
function placeAtRoot(files: ListedFile[]): ListedFile[] {
  let placed = files;
  if (!files.some((file) => file.path === 'index.html')) {
    const top = files[0]?.path.split('/')[0];
    const inOneFolder = top !== undefined && files.every((file) => file.path.startsWith(`${top}/`));
    if (!inOneFolder || !files.some((file) => file.path === `${top}/index.html`)) {
      const nested = files.find((file) => file.path.endsWith('/index.html'));
      refuse(
        nested
          ? text('builds.indexNested', { name: quote(nested.name) })
          : text('builds.noIndex'),
      );
    }
    placed = files.map((file) => ({ ...file, path: file.path.slice(top.length + 1) }));
  }
  for (const file of placed) {
    // The portal serves its own files (the SDK, the offline worker) under /__playfree/ on every game's origin.
    if (file.path.toLowerCase().startsWith('__playfree/')) {
      refuse(text('builds.reservedFolder', { name: quote(file.name) }));
    }
    const bytes = Buffer.byteLength(file.path);
    if (bytes > BUILD_LIMITS.maxPathLength) {
      refuse(text('builds.pathTooLong', { name: quote(file.name), bytes, max: BUILD_LIMITS.maxPathLength }));
    }
  }
  return placed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Streams one file to `tempPath`, hashing it on the way. No file can outgrow the size its central
 * directory entry declared, which the limits were checked on: yauzl's validateEntrySizes stops an
 * inflating stream at the first byte past it (or one that ends short), and reads a stored file as
 * exactly that many bytes. The CRC-32 catches bytes damaged in the zip.
 */
async function extractFile(zip: ZipFile, file: ListedFile, tempPath: string): Promise<BuildFile> {
  const damaged = text('builds.fileDamaged', { name: quote(file.name) });
  let source: Readable;
  try {
    source = await zip.openReadStreamPromise(file.entry);
  } catch (error) {
    refuse(damaged, error);
  }
  let readError: unknown;
  source.on('error', (error) => {
    readError = error;
  });
  const sha256 = createHash('sha256');
  let crc = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sha256.update(chunk);
      crc = crc32(chunk, crc);
      size += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(crc === file.entry.crc32 ? null : refusal(damaged, new Error(`CRC-32 ${crc} where the zip says ${file.entry.crc32}`)));
    },
  });
  try {
    // 'wx': a file already there means a bug in numbering, never something to overwrite.
    await pipeline(source, measure, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    // A failure to write (a full disk) is the server's, not the zip's.
    if (readError !== undefined) refuse(damaged, readError);
    throw error;
  }
  return { path: file.path, size, hash: sha256.digest('hex'), tempPath };
}

/** The build's problem, said in the uploader's language (server/i18n/messages.ts `builds.*`). */
function refusal(problem: Text, cause?: unknown): Validation {
  const error = new Validation('build', problem);
  if (cause !== undefined) error.cause = cause;
  return error;
}

function refuse(problem: Text, cause?: unknown): never {
  throw refusal(problem, cause);
}

/** A name in quotes, its control characters escaped so that a message shows what is there. */
function quote(name: string): string {
  return `"${name.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

function formatBytes(bytes: number): string {
  // Rounded up, so that a size over a limit never reads as the limit itself.
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.ceil((bytes / MB) * 10) / 10} MB`;
}
