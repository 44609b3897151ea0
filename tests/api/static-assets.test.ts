/**
 * The built web app is served pre-compressed: the build writes .br and .gz beside each text
 * asset (vite.config.ts) and the server sends the one the browser accepts, with Vary, and hashed
 * assets with immutable caching. A small stand-in build is written for the test.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

const dist = mkdtempSync(join(tmpdir(), 'playfree-dist-'));
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function writeWithCompressedCopies(path: string, body: string): void {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeWithCompressedCopies(join(dist, 'index.html'), html);
  writeWithCompressedCopies(join(dist, 'assets', 'app-3f9a2c.js'), script);
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

describe(`pre-compressed static assets (${engineName})`, () => {
  it('sends brotli, then gzip, then the plain file, by Accept-Encoding, with Vary', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a2c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a2c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a2c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year (immutable) and revalidates the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a2c.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/games/star-blaster', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-encoding']).toBe('br');
    // HEAD answers as GET does, without the body (a link checker's first question).
    const head = await t.app.inject({ method: 'HEAD', url: '/fr/games/star-blaster' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('sends a built script only the headers a script needs; a page keeps the document ones', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a2c.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'x-xss-protection', 'content-security-policy']) expect(asset.headers[name], name).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/games/star-blaster' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
});
