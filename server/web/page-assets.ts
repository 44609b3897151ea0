/**
 * The styles and scripts of a server-rendered page's code-split chunks, from the build's manifest
 * (dist/.vite/manifest.json), linked in the head: its styles, so the page paints styled (no shift
 * when its chunk's CSS would otherwise arrive with its JavaScript), and its own chunk as a module
 * preload, so it loads alongside the app's. Not the chunks that one imports: on a phone's few
 * connections, dozens of small preloads would queue ahead of the styles the first paint waits for.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type PageAssets = (pages: string[]) => string;

export function loadPageAssets(distDir: string): PageAssets {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // What index.html already loads: the entry chunk, its static imports and their styles.
  const inTemplate = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(manifest, key, inTemplate);
  }
  const linksByPages = new Map<string, string>();
  return (pages) => {
    const key = pages.join(',');
    let links = linksByPages.get(key);
    if (links === undefined) {
      const chunks = new Set<string>();
      for (const page of pages) collect(manifest, page, chunks);
      const styles: string[] = [];
      const scripts: string[] = [];
      for (const name of chunks) {
        if (inTemplate.has(name)) continue;
        const chunk = manifest[name]!;
        if (pages.includes(name)) scripts.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${chunk.file}">`);
        for (const css of chunk.css ?? []) styles.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
      }
      links = [...new Set(styles), ...scripts].join('');
      linksByPages.set(key, links);
    }
    return links;
  };
}

/** `key` and every chunk it imports statically. */
function collect(manifest: Manifest, key: string, into: Set<string>): void {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) collect(manifest, imported, into);
}
