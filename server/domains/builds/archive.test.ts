import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { Validation } from '../errors';
import { BUILD_LIMITS, extractBuild } from './archive';

const MB = 1024 * 1024;

let root: string;
let workDir: string;
let zipCount = 0;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'playfree-archive-'));
  workDir = join(root, 'work');
  mkdirSync(workDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A zip as a zip tool makes it (yazl), from path → content; a path ending in "/" is a folder. */
async function toolZip(files: Record<string, string | Buffer>): Promise<string> {
  const zip = new ZipFile();
  for (const [path, content] of Object.entries(files)) {
    if (path.endsWith('/')) zip.addEmptyDirectory(path);
    else zip.addBuffer(Buffer.from(content), path);
  }
  zip.end();
  const zipPath = join(root, `tool-${zipCount++}.zip`);
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return zipPath;
}

/** One entry of a zip written by hand: what yazl refuses to write (hostile names, symlinks, lying sizes). */
type HandEntry = {
  name: string | Buffer;
  data?: string | Buffer;
  deflate?: boolean;
  /** The compression method to declare, if not the one used. */
  method?: number;
  /** General-purpose flags; UTF-8 names (bit 11) unless said. */
  flags?: number;
  /** A unix mode, written into the external attributes as unix zip tools do. */
  mode?: number;
  /** Declared sizes, if not the true ones. */
  size?: number;
  compressedSize?: number;
};

/** Little-endian fields of 2 or 4 bytes. */
function fields(...values: [bytes: 2 | 4, value: number][]): Buffer {
  const buffer = Buffer.alloc(values.reduce((total, [bytes]) => total + bytes, 0));
  let at = 0;
  for (const [bytes, value] of values) at = bytes === 2 ? buffer.writeUInt16LE(value, at) : buffer.writeUInt32LE(value >>> 0, at);
  return buffer;
}

/** A zip of local headers with their data, the central directory and its end record. */
function handZip(entries: HandEntry[]): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name) : entry.name;
    const data = Buffer.from(entry.data ?? '');
    const body = entry.deflate ? deflateRawSync(data) : data;
    // Shared by both headers: flags, method, time, date (1980-01-01), CRC-32, sizes, name and extra lengths.
    const common: [2 | 4, number][] = [
      [2, entry.flags ?? 1 << 11], [2, entry.method ?? (entry.deflate ? 8 : 0)], [2, 0], [2, 0x21], [4, crc32(data)],
      [4, entry.compressedSize ?? body.length], [4, entry.size ?? data.length], [2, name.length], [2, 0],
    ];
    const local = Buffer.concat([fields([4, 0x04034b50], [2, 20], ...common), name, body]);
    const madeBy = entry.mode === undefined ? 20 : (3 << 8) | 20; // 3: unix
    centrals.push(fields([4, 0x02014b50], [2, madeBy], [2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, (entry.mode ?? 0) << 16], [4, offset]), name);
    locals.push(local);
    offset += local.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = fields([4, 0x06054b50], [2, 0], [2, 0], [2, entries.length], [2, entries.length], [4, centralDirectory.length], [4, offset], [2, 0]);
  const zipPath = join(root, `hand-${zipCount++}.zip`);
  writeFileSync(zipPath, Buffer.concat([...locals, centralDirectory, end]));
  return zipPath;
}

const index = { name: 'index.html', data: '<!doctype html>' };

/** The message of the Validation that refuses the zip. */
async function refusal(zipPath: string): Promise<string> {
  const refused = await extractBuild(zipPath, workDir).then(
    () => expect.unreachable('the zip was accepted'),
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(Validation);
  expect((refused as Validation).field).toBe('build');
  return (refused as Validation).message;
}

/** Every file under `dir`, relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
}

/** Whether this process holds a descriptor open on the file (Linux). */
function openOnZip(zipPath: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === zipPath;
    } catch {
      return false; // the descriptor readdir itself used, closed by now
    }
  });
}

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** `count` empty files in folder f. */
const emptyFiles = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f/${i}.js`, '']));
/** A file declared as big as the limit allows, its data a byte. */
const declaredAtSizeLimit = (name: string): HandEntry => ({ name, data: 'x', deflate: true, size: BUILD_LIMITS.maxFileBytes, compressedSize: MB });

describe('extractBuild', () => {
  it('writes every file of a good build, hashed, sized and sorted by path, under numbered names in workDir/files', async () => {
    const logo = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const files = {
      'index.html': '<!doctype html><script src="js/game.js"></script>',
      'js/game.js': 'console.log("game")',
      'assets/': '',
      'assets/img/logo.png': logo,
      'assets/sfx/empty.ogg': '',
      'cafe\u0301.txt': 'decomposed é in the name', // as macOS writes names
    };
    const build = await extractBuild(await toolZip(files), workDir);

    expect(build.map((file) => file.path)).toEqual(['assets/img/logo.png', 'assets/sfx/empty.ogg', 'café.txt', 'index.html', 'js/game.js']);
    expect(build[2]!.path).toBe('caf\u00e9.txt');
    const contentOf = (path: string) => Buffer.from(path === 'café.txt' ? files['cafe\u0301.txt'] : files[path as keyof typeof files]);
    for (const [i, file] of build.entries()) {
      expect(file.tempPath).toBe(join(workDir, 'files', String(i)));
      expect(readFileSync(file.tempPath)).toEqual(contentOf(file.path));
      expect(file.size).toBe(contentOf(file.path).length);
      expect(file.hash).toBe(sha256(contentOf(file.path)));
    }
  });

  it("drops the one top folder every file sits in when index.html is in it (a zip of the game's folder)", async () => {
    const build = await extractBuild(await toolZip({ 'my-game/index.html': 'hi', 'my-game/js/a.js': 'a', '__MACOSX/my-game/._index.html': 'x' }), workDir);
    expect(build.map((file) => file.path)).toEqual(['index.html', 'js/a.js']);
  });

  it("ignores macOS's and Windows' junk: neither extracted nor counted", async () => {
    const junk = { '__MACOSX/._index.html': 'x', '.DS_Store': 'x', 'img/.DS_Store': 'x', 'img/Thumbs.db': 'x' };
    const build = await extractBuild(await toolZip({ 'index.html': 'hi', 'img/a.png': 'a', ...junk }), workDir);
    expect(build.map((file) => file.path)).toEqual(['img/a.png', 'index.html']);
    expect(readdirSync(join(workDir, 'files'))).toHaveLength(2);
  });

  it('writes nothing outside workDir/files and leaves no descriptor of the zip open, accepted or refused', async () => {
    const good = await toolZip({ 'index.html': 'hi', 'a/b/c.js': 'c' });
    await extractBuild(good, workDir);
    expect(tree(root).filter((path) => !path.endsWith('.zip'))).toEqual(['work/files/0', 'work/files/1']);
    if (process.platform === 'linux') expect(openOnZip(good)).toBe(false);

    rmSync(workDir, { recursive: true });
    mkdirSync(workDir);
    const hostile = handZip([index, { name: '../evil.js', data: 'evil' }, { name: 'a/../../../evil.js', data: 'evil' }]);
    await refusal(hostile);
    expect(tree(root)).toEqual([basename(good), basename(hostile)].sort());
    if (process.platform === 'linux') expect(openOnZip(hostile)).toBe(false);
  });

  describe('refuses', () => {
    it('a file that is not a zip', async () => {
      const notZip = join(root, 'game.rar');
      writeFileSync(notZip, 'Rar!\u001a\u0007\u0000 not really');
      expect(await refusal(notZip)).toBe("build: the upload is not a zip file; upload the game's folder as a .zip");
    });

    it('a zip whose central directory is damaged', async () => {
      const zipPath = await toolZip({ 'index.html': 'hi' });
      const bytes = readFileSync(zipPath);
      const centralDirectoryAt = bytes.readUInt32LE(bytes.length - 22 + 16);
      bytes.writeUInt32LE(0xdeadbeef, centralDirectoryAt);
      writeFileSync(zipPath, bytes);
      expect(await refusal(zipPath)).toBe('build: the zip is damaged and cannot be read; zip the game again');
    });

    it("a file whose bytes no longer match the zip's checksum", async () => {
      const zipPath = handZip([index, { name: 'js/game.js', data: 'console.log(1)' }]);
      const bytes = readFileSync(zipPath);
      bytes[bytes.indexOf('console.log(1)')] = 'C'.charCodeAt(0);
      writeFileSync(zipPath, bytes);
      expect(await refusal(zipPath)).toBe(
        'build: "js/game.js" is damaged in the zip (its data does not match its declared size or checksum); zip the game again',
      );
    });

    it('a zip over the upload limit, before reading it', async () => {
      const zipPath = join(root, 'huge.zip');
      writeFileSync(zipPath, '');
      truncateSync(zipPath, BUILD_LIMITS.maxZipBytes + MB / 2); // sparse: no disk used
      expect(await refusal(zipPath)).toBe("build: the zip is 300.5 MB; a build's zip may be at most 300 MB");
    });

    it('a build without index.html at its root, naming one deeper down', async () => {
      expect(await refusal(await toolZip({ 'game.html': 'hi' }))).toBe(
        "build: there is no index.html at the top of the zip; a build's start page must be index.html, at the top of the zip or of its one folder",
      );
      expect(await refusal(await toolZip({ 'dist/web/index.html': 'hi', 'dist/web/a.js': 'a' }))).toBe(
        'build: there is no index.html at the top of the zip (only "dist/web/index.html"); zip the folder that holds the game\'s index.html',
      );
      // Two top folders: neither is dropped.
      expect(await refusal(await toolZip({ 'game/index.html': 'hi', 'other/a.js': 'a' }))).toBe(
        'build: there is no index.html at the top of the zip (only "game/index.html"); zip the folder that holds the game\'s index.html',
      );
    });

    it('a path with ".." in it', async () => {
      expect(await refusal(handZip([index, { name: '../evil.js', data: 'x' }]))).toBe(
        'build: "../evil.js" points outside the build; zip the game\'s folder itself',
      );
    });

    it.each(['/etc/evil.js', 'C:\\evil.js', 'c:evil.js', '\\\\server\\share\\evil.js'])('the absolute path %s', async (name) => {
      expect(await refusal(handZip([index, { name, data: 'x' }]))).toBe(
        `build: "${name}" is an absolute path; zip the game's folder itself, so that paths start inside it`,
      );
    });

    it('a backslash in a name', async () => {
      expect(await refusal(handZip([index, { name: 'img\\logo.png', data: 'x' }]))).toBe(
        'build: "img\\logo.png" has a backslash in its name; zip the game again with a tool that separates folders with "/"',
      );
    });

    it.each(['js//game.js', 'js/./game.js'])('an empty or "." folder in %s', async (name) => {
      expect(await refusal(handZip([index, { name, data: 'x' }]))).toBe(`build: "${name}" has an empty or "." folder in its path; zip the game again`);
    });

    it('a control character in a name, shown escaped', async () => {
      expect(await refusal(handZip([index, { name: 'js/game\u0007.js', data: 'x' }]))).toBe(
        'build: "js/game\\u0007.js" has a control character in its name; rename that file',
      );
    });

    it('a symbolic link', async () => {
      expect(await refusal(handZip([index, { name: 'lib', data: '/etc', mode: 0o120777 }]))).toBe(
        'build: "lib" is a symbolic link; put the file or folder it points to in the zip instead',
      );
    });

    it('an entry that is neither a file nor a folder', async () => {
      expect(await refusal(handZip([index, { name: 'pipe', mode: 0o010644 }]))).toBe('build: "pipe" is not a regular file or folder; leave it out of the zip');
    });

    it('a name that is not UTF-8, shown as best it decodes; accepting plain ASCII without the UTF-8 flag', async () => {
      const latin1Name = Buffer.from('café.js', 'latin1');
      const message = 'build: the name "caf\ufffd.js" is not valid UTF-8; rename that file with plain letters, or zip the game with a tool that stores names as UTF-8';
      expect(await refusal(handZip([index, { name: latin1Name, data: 'x', flags: 0 }]))).toBe(message);
      expect(await refusal(handZip([index, { name: latin1Name, data: 'x' }]))).toBe(message); // flagged UTF-8, yet not
      // Valid UTF-8 without the flag is a guess too: the same bytes are also a name in CP437.
      expect(await refusal(handZip([index, { name: 'café.js', data: 'x', flags: 0 }]))).toBe(
        'build: the name "café.js" is not valid UTF-8; rename that file with plain letters, or zip the game with a tool that stores names as UTF-8',
      );
      const build = await extractBuild(handZip([{ ...index, flags: 0 }, { name: 'js/plain.js', data: 'x', flags: 0 }]), workDir);
      expect(build.map((file) => file.path)).toEqual(['index.html', 'js/plain.js']);
    });

    it('two paths that differ only in letter case or Unicode form', async () => {
      expect(await refusal(await toolZip({ 'index.html': 'hi', 'img/Logo.png': 'a', 'img/logo.png': 'b' }))).toBe(
        'build: "img/Logo.png" and "img/logo.png" differ only in letter case or Unicode form; rename one of them, since a build is served from a case-sensitive server',
      );
      expect(await refusal(await toolZip({ 'index.html': 'hi', 'caf\u00e9.js': 'a', 'cafe\u0301.js': 'b' }))).toBe(
        'build: "caf\u00e9.js" and "cafe\u0301.js" differ only in letter case or Unicode form; rename one of them, since a build is served from a case-sensitive server',
      );
    });

    it('more files than the limit (junk and folders not counted)', async () => {
      const atLimit = { 'index.html': 'hi', ...emptyFiles(BUILD_LIMITS.maxFiles - 1), 'f/': '', '.DS_Store': 'x' };
      expect(await extractBuild(await toolZip(atLimit), workDir)).toHaveLength(BUILD_LIMITS.maxFiles);
      expect(await refusal(await toolZip({ 'index.html': 'hi', ...emptyFiles(BUILD_LIMITS.maxFiles) }))).toBe(
        'build: the zip has more than 1500 files; a build may have at most 1500',
      );
    });

    it('a zip of more entries than it is worth reading, folders included', async () => {
      const folders = Array.from({ length: BUILD_LIMITS.maxFiles * 10 + 1 }, (_, i) => ({ name: `${i}/` }));
      expect(await refusal(handZip([index, ...folders]))).toBe(
        'build: the zip holds 15002 entries (files and folders); a build may have at most 1500 files',
      );
    });

    it('a file over the size limit, from its declared size', async () => {
      const overLimit = { ...declaredAtSizeLimit('big.bin'), size: BUILD_LIMITS.maxFileBytes + 1 };
      expect(await refusal(handZip([index, overLimit]))).toBe('build: "big.bin" is 100.1 MB; a file in a build may be at most 100 MB');
    });

    it('files adding up to more than the limit, from their declared sizes', async () => {
      expect(await refusal(handZip([index, declaredAtSizeLimit('a.bin'), declaredAtSizeLimit('b.bin'), declaredAtSizeLimit('c.bin')]))).toBe(
        'build: the files add up to more than 250 MB (passed at "c.bin"); a build may be at most 250 MB unzipped',
      );
    });

    it('a zip bomb, at once, before writing anything', async () => {
      const zipPath = await toolZip({ 'index.html': 'hi', 'zeros.bin': Buffer.alloc(50 * MB) });
      const started = performance.now();
      expect(await refusal(zipPath)).toMatch(
        /^build: "zeros\.bin" unpacks from \d+ KB to 50 MB, more than 200 times its size in the zip, which a zip bomb would do; store that file uncompressed in the zip, or leave it out$/,
      );
      expect(performance.now() - started).toBeLessThan(1000);
      expect(tree(workDir)).toEqual([]);
    });

    it('a file whose real size is not the declared one, stopped while streaming', async () => {
      const lying = { name: 'a.bin', data: Buffer.alloc(50 * MB), deflate: true, size: 10 };
      expect(await refusal(handZip([index, lying]))).toBe(
        'build: "a.bin" is damaged in the zip (its data does not match its declared size or checksum); zip the game again',
      );
      for (const path of tree(workDir)) expect(statSync(join(workDir, path)).size).toBeLessThanOrEqual(10);
      expect(await refusal(handZip([index, { name: 'b.bin', data: 'short', deflate: true, size: 1000 }]))).toBe(
        'build: "b.bin" is damaged in the zip (its data does not match its declared size or checksum); zip the game again',
      );
    });

    it('an encrypted file', async () => {
      expect(await refusal(handZip([index, { name: 'secret.js', data: 'x', deflate: true, flags: (1 << 11) | 1 }]))).toBe(
        'build: "secret.js" is encrypted; zip the game again without a password',
      );
    });

    it('a compression method other than store and deflate', async () => {
      expect(await refusal(handZip([index, { name: 'a.js', data: 'x', method: 14 }]))).toBe(
        'build: "a.js" is compressed with a method this site cannot read (method 14); zip the game again with the standard Deflate compression',
      );
    });

    it('a file under __playfree/, which the portal keeps on every game origin, after the top folder is dropped and in any case', async () => {
      expect(await refusal(await toolZip({ 'index.html': 'hi', '__playfree/sdk.js': 'x' }))).toBe(
        'build: "__playfree/sdk.js" is in a folder named __playfree, which the portal keeps for its own files on every game\'s origin (the SDK is /__playfree/sdk.js); rename that folder',
      );
      expect(await refusal(await toolZip({ 'game/index.html': 'hi', 'game/__PlayFree/a/b.js': 'x' }))).toMatch(/^build: "game\/__PlayFree\/a\/b\.js" is in a folder named __playfree/);
      // A name that only starts alike is the game's own.
      const build = await extractBuild(await toolZip({ 'index.html': 'hi', '__playfree.js': 'x', 'x/__playfree/a.js': 'y' }), workDir);
      expect(build.map((file) => file.path)).toEqual(['__playfree.js', 'index.html', 'x/__playfree/a.js']);
    });

    it('a path longer than the limit, counted in bytes after the top folder is dropped', async () => {
      const atLimit = `${'é'.repeat(123)}/abcde.js`; // 246 + 9 bytes
      const build = await extractBuild(await toolZip({ 'game/index.html': 'hi', [`game/${atLimit}`]: 'x' }), workDir);
      expect(build.map((file) => file.path)).toContain(atLimit);
      expect(await refusal(await toolZip({ 'index.html': 'hi', [`${atLimit}x`]: 'x' }))).toBe(
        `build: "${atLimit}x" has a path of 256 bytes in the build; a path may be at most 255 bytes, so shorten its folder or file names`,
      );
    });
  });
});
