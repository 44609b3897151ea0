/**
 * What a phone downloads on a first visit, read from a web build (issue 38): the JavaScript a page
 * needs before it is live, and what the service worker then precaches. Both `npm run lighthouse`
 * and `npm run bench` report them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial JavaScript of the home page, gzipped (the server sends brotli, smaller still). */
export const HOME_JS_GOAL_KB = 170;
/** The precache as sent (brotli where the build wrote a copy), every visitor's download once the page has loaded. */
export const PRECACHE_GOAL_KB = 400;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

/**
 * The JavaScript a page needs before it is live, gzipped at level 9: the app's entry and the page's
 * chunks (`src/pages/Home.page.tsx`) with everything they import statically, from the build's
 * manifest. Not what loads later (idle-time tooltips, dialogs when opened), which Lighthouse's "JS
 * transferred" also counts.
 */
export function initialJsKb(distDir: string, ...pageSources: string[]): number {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const source of pageSources) visit(source);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  return bytes / 1024;
}

/** The files the built service worker precaches and their size as the server sends them to a browser (its .br copy, else the file). */
export function precache(distDir: string): { files: number; kb: number } {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  let bytes = 0;
  for (const url of urls) {
    const brotli = join(distDir, `${url}.br`);
    bytes += statSync(existsSync(brotli) ? brotli : join(distDir, url)).size;
  }
  return { files: urls.length, kb: bytes / 1024 };
}
