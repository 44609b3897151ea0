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
  const body = Buffer.from(JSON.stringify({ games: Array.from({ length: 50 }, (_, id) => ({ id, title: `Game ${id}` })) }));
  it('round-trips brotli and gzip, and makes the body smaller', () => {
    const br = compress(body, 'br');
    const gzip = compress(body, 'gzip');
    expect(brotliDecompressSync(br)).toEqual(body);
    expect(gunzipSync(gzip)).toEqual(body);
    expect(br.length).toBeLessThan(body.length / 3);
    expect(gzip.length).toBeLessThan(body.length / 3);
  });
});
