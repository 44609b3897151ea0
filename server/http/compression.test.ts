import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP;q=0.8, BR;q=0.1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'gzip'],
    ['deflate', undefined],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  const text = JSON.stringify({ games: Array.from({ length: 50 }, (_, id) => ({ id, title: `Game ${id} ✓ Día` })) });
  const body = Buffer.from(text);
  it('round-trips brotli and gzip, and makes the body smaller', () => {
    const br = compress(text, 'br');
    const gzip = compress(text, 'gzip');
    expect(brotliDecompressSync(br)).toEqual(body);
    expect(gunzipSync(gzip)).toEqual(body);
    expect(br.length).toBeLessThan(body.length / 3);
    expect(gzip.length).toBeLessThan(body.length / 3);
  });

  it('compresses texts of any size one after another, each whole (the bytes are written into one reused buffer)', () => {
    const large = 'é'.repeat(100_000);
    const small = '{"a":1}'.repeat(300);
    expect(gunzipSync(compress(large, 'gzip')).toString()).toBe(large);
    expect(gunzipSync(compress(small, 'gzip')).toString()).toBe(small);
    expect(brotliDecompressSync(compress(large, 'br')).toString()).toBe(large);
  });
});
