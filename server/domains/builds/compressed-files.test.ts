/**
 * How a build's own .br/.gz files go (issue #56): the upload's scan of its loader, what its checks
 * are told to try, the preview hosts that serve it either way, and which failures count as a
 * decoding error worth running it the other way.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHostOf, localPreviewUrlOf, previewOriginOf } from '../../../shared/urls';
import { failedToDecode } from './checks';
import type { BrowserOutcome } from './checks/verdicts';
import { compressedFilesFoundOf, compressedFilesTrialOf, hasPreCompressedFiles, inflaterOf } from './compressed-files';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'playfree-compressed-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function upload(files: Record<string, string>): Promise<{ path: string; tempPath: string }[]> {
  return Promise.all(
    Object.entries(files).map(async ([path, text], index) => {
      const tempPath = join(dir, `${Date.now()}-${index}`);
      await writeFile(tempPath, text);
      return { path, tempPath };
    }),
  );
}

describe('the upload scan', () => {
  it('names the inflaters loaders use, and not what only looks like one', () => {
    // Godot 3's loader with pako, as authors patch it for static hosts.
    expect(inflaterOf('fetch(url).then((r) => r.arrayBuffer()).then((b) => pako.inflate(new Uint8Array(b)))')).toBe('pako');
    expect(inflaterOf('const out = fflate.gunzipSync(new Uint8Array(buf));')).toBe('fflate');
    expect(inflaterOf("response.body.pipeThrough(new DecompressionStream('gzip'))")).toBe('DecompressionStream');
    expect(inflaterOf('var config = { dataUrl: "Build/x.data.unityweb", decompressionFallback: true };')).toBe("Unity's decompression fallback");
    expect(inflaterOf('var gunzip = new Zlib.Gunzip(bytes);')).toBe("zlib.js's Gunzip");
    // Unity's loader without the fallback only names the header it needs.
    expect(inflaterOf('"Unable to parse " + url + "! ... Content-Encoding: br"; decompressionFallback: false')).toBeNull();
    expect(inflaterOf('if (typeof DecompressionStream === "undefined") {}')).toBeNull();
  });

  it('says AS_IS for a build whose loader inflates, WITH_ENCODING for one that does not, nothing without such files', async () => {
    expect(hasPreCompressedFiles(['index.html', 'levels.tar.gz', 'Build/x.unityweb'])).toBe(false);
    expect(hasPreCompressedFiles(['index.html', 'index.wasm.gz'])).toBe(true);
    const godot3 = await upload({ 'index.html': '<script src="pako_inflate.min.js"></script><script src="index.js"></script>', 'index.js': 'pako.inflate(data)', 'index.pck.gz': 'x' });
    expect(await compressedFilesFoundOf(godot3)).toEqual({ found: 'AS_IS', inflater: 'pako' });
    const unity = await upload({ 'index.html': '<script src="Build/x.loader.js"></script>', 'Build/x.loader.js': 'createUnityInstance', 'Build/x.wasm.br': 'x' });
    expect(await compressedFilesFoundOf(unity)).toEqual({ found: 'WITH_ENCODING', inflater: null });
    expect(await compressedFilesFoundOf(await upload({ 'index.html': 'pako.inflate(x)', 'levels.tar.gz': 'x' }))).toBeNull();
  });
});

describe("the checks' two ways", () => {
  const urlOf = (way: 'WITH_ENCODING' | 'AS_IS') => localPreviewUrlOf(3901, 'ab12', way);

  it('try the other way only for a build left to AUTO that has such files', () => {
    expect(compressedFilesTrialOf({ compressed_files: 'AUTO', compressed_files_found: 'WITH_ENCODING' }, urlOf)).toEqual({
      served: 'WITH_ENCODING',
      otherWayUrl: 'http://build--ab12--as-is.localhost:3901/',
    });
    expect(compressedFilesTrialOf({ compressed_files: 'AUTO', compressed_files_found: 'AS_IS' }, urlOf)?.otherWayUrl).toBe('http://build--ab12--with-encoding.localhost:3901/');
    expect(compressedFilesTrialOf({ compressed_files: 'AS_IS', compressed_files_found: 'WITH_ENCODING' }, urlOf)).toBeNull();
    expect(compressedFilesTrialOf({ compressed_files: 'AUTO', compressed_files_found: null }, urlOf)).toBeNull();
  });

  it('are preview hosts of their own, and nothing else is', () => {
    const games = 'https://games.example.org';
    expect(previewOriginOf(games, 'ab12', 'AS_IS')).toBe('https://build--ab12--as-is.games.example.org');
    expect(gameHostOf('build--ab12--as-is.games.example.org', games)).toEqual({ kind: 'preview', token: 'ab12', compressedFiles: 'AS_IS' });
    expect(gameHostOf('build--ab12--with-encoding.localhost:3901', games, 3901)).toEqual({ kind: 'preview', token: 'ab12', compressedFiles: 'WITH_ENCODING' });
    expect(gameHostOf('build--ab12.games.example.org', games)).toEqual({ kind: 'preview', token: 'ab12' });
    for (const host of ['build--ab12--raw.games.example.org', 'build--ab12--as-is--as-is.games.example.org', 'build----as-is.games.example.org']) {
      expect(gameHostOf(host, games), host).toBeNull();
    }
  });

  it('run it the other way after a decoding error only', () => {
    const ran = (problem: string, errors: string[] = []): BrowserOutcome => ({
      kind: 'ran',
      firstLoad: { start: { started: false, problem }, requested: [], external: { count: 0, listed: [] }, errors: { count: errors.length, listed: errors }, page: null, isolated: null, globals: {} },
      offline: { started: false, problem },
    });
    expect(failedToDecode(ran('an uncaught error before anything was drawn', ['Error: incorrect header check (index.js:12)']))).toBe(true);
    expect(failedToDecode(ran('Unable to parse Build/game.framework.js.br! The web server must send it with "Content-Encoding: br"'))).toBe(true);
    expect(failedToDecode(ran('CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found 1f 8b 08 00'))).toBe(true);
    expect(failedToDecode(ran('nothing was drawn on the canvas #canvas within 20 s', ['TypeError: x is undefined']))).toBe(false);
    expect(failedToDecode({ kind: 'timed-out', timeoutSeconds: 60 })).toBe(false);
  });
});
