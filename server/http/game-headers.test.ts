import { describe, expect, it } from 'vitest';
import { servedFormOf } from '../domains/builds/file-forms';
import { everyAnswerHeaders, gameHeadersOf } from './game-headers';

const cacheOf = (path: string, preview = false) => gameHeadersOf({ preview, threads: false, file: { path } })['cache-control'];

describe("the games origin's header table", () => {
  it('types a pre-compressed file by the name inside, with its stored encoding', () => {
    expect(servedFormOf('Build/game.wasm.br')).toEqual({ type: 'application/wasm', storedEncoding: 'br' });
    expect(servedFormOf('Build/game.framework.js.gz')).toEqual({ type: 'text/javascript', storedEncoding: 'gzip' });
    expect(servedFormOf('Build/game.data.br')).toEqual({ type: 'application/octet-stream', storedEncoding: 'br' });
    expect(servedFormOf('index.pck.GZ')).toEqual({ type: 'application/octet-stream', storedEncoding: 'gzip' });
    // Not an encoding: a game's own archive, Unity's decompression-fallback files, a plain file.
    expect(servedFormOf('levels.tar.gz')).toEqual({ type: 'application/gzip', storedEncoding: null });
    expect(servedFormOf('Build/game.unityweb').storedEncoding).toBeNull();
    expect(servedFormOf('game.wasm')).toEqual({ type: 'application/wasm', storedEncoding: null });
  });

  it('caches by name: hashed files for a year (not HTML), others revalidated, previews never', () => {
    expect(cacheOf('game-3f9a1c2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('Build/game-3f9a1c2b.wasm.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('index-3f9a1c2b.html')).toBe('no-cache');
    expect(cacheOf('Build/game.wasm.br')).toBe('no-cache');
    expect(cacheOf('game-3f9a1c2b.js', true)).toBe('private, no-store');
  });

  it('isolates only a build that needs threads, and leaves the origin-wide rows to every answer', () => {
    expect(gameHeadersOf({ threads: true })).toEqual({ 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
    expect(gameHeadersOf({ threads: false })).toEqual({});
    expect(gameHeadersOf({ threads: false, file: { path: 'Build/game.wasm.br' } })).toMatchObject({ 'content-type': 'application/wasm', 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(everyAnswerHeaders('default-src x')).toEqual({
      'content-security-policy': 'default-src x',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'cross-origin',
    });
  });
});
