/**
 * The styles and scripts of a server-rendered page, from the build's manifest
 * (dist/.vite/manifest.json).
 *
 * Styles are written into the page: the app's own and those of the page's code-split chunks, in
 * the order the links would have had. A phone on a slow network would otherwise wait for a dozen
 * small stylesheets, a few connections at a time, before the first paint. Beside each one stands
 * a disabled link to its file: never fetched, but Vite's loader, which adds a chunk's stylesheet
 * when no link to it is in the page, sees it there and does not add it again later (a second copy
 * at the end of the head would change the cascade).
 *
 * The styles of the toasts' code, which every page fetches once idle (DeferredNotifications), are
 * written in too: added by the loader later, a sheet makes the browser restyle the whole page, a
 * long task on a phone for a few KB of CSS.
 *
 * The page's own chunk is a module preload, so it loads alongside the app's, once the page has
 * painted (vite.config.ts says why). Not the chunks that one imports: on a phone's few
 * connections, dozens of small preloads would queue ahead of it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadedAfterPaint } from '../../src/after-paint';
import { catalogFile } from '../../src/pwa/precache';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type PageAssets = {
  /** The template's head with its stylesheet links replaced by the styles themselves. */
  inlineTemplateStyles(head: string): string;
  /** The styles and module preload of the pages rendered (their source files), for the head. */
  forPages(pages: string[]): string;
  /** The address of a language's catalog chunk (`/assets/es-….js`): the service worker keeps the reader's (src/pwa/register.ts). */
  catalogUrl(locale: string): string | undefined;
};

/** Code every page loads once idle, whose styles the page carries from the start. */
const LOADED_WHEN_IDLE = ['src/components/Deferred/LoadedNotifications.tsx'];

const TEMPLATE_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

export function loadPageAssets(distDir: string): PageAssets {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const styles = new Map<string, string>();
  /** A built stylesheet (`assets/x.css`) as the page carries it. */
  const style = (file: string): string => {
    let html = styles.get(file);
    if (html === undefined) {
      const css = readFileSync(join(distDir, file), 'utf8');
      const link = `<link rel="stylesheet" crossorigin href="/${file}"`;
      // A sheet that could end the <style> element early stays a link.
      html = /<\/style/i.test(css) ? `${link}>` : `<style>${css}</style>${link} disabled>`;
      styles.set(file, html);
    }
    return html;
  };
  if (!existsSync(manifestFile)) return { inlineTemplateStyles: (head) => head, forPages: () => '', catalogUrl: () => undefined };

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // What index.html already loads: the entry chunk, its static imports and their styles.
  const inTemplate = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(manifest, key, inTemplate);
  }
  const idleChunks = new Set<string>();
  for (const name of LOADED_WHEN_IDLE) collect(manifest, name, idleChunks);
  const idleSheets = [...idleChunks].filter((name) => !inTemplate.has(name)).flatMap((name) => manifest[name]!.css ?? []);
  const assetsByPages = new Map<string, string>();
  return {
    inlineTemplateStyles: (head) => head.replace(TEMPLATE_STYLESHEET, (_link, file: string) => style(file)),
    catalogUrl(locale) {
      const file = catalogFile(manifest, locale);
      return file && `/${file}`;
    },
    forPages(pages) {
      const key = pages.join(',');
      let assets = assetsByPages.get(key);
      if (assets === undefined) {
        const chunks = new Set<string>();
        for (const page of pages) collect(manifest, page, chunks);
        const sheets = new Set<string>();
        const scripts: string[] = [];
        for (const name of chunks) {
          if (inTemplate.has(name)) continue;
          const chunk = manifest[name]!;
          if (pages.includes(name)) scripts.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${chunk.file}">`);
          for (const css of chunk.css ?? []) sheets.add(css);
        }
        for (const css of idleSheets) sheets.add(css);
        // Loaded with the app's own scripts, once the page has painted.
        assets = [...[...sheets].map(style), loadedAfterPaint(scripts.join(''))].join('');
        assetsByPages.set(key, assets);
      }
      return assets;
    },
  };
}

/** `key` and every chunk it imports statically, each after its imports (the order Vite loads their styles in). */
function collect(manifest: Manifest, key: string, into: Set<string>, visiting = new Set<string>()): void {
  if (into.has(key) || visiting.has(key) || !manifest[key]) return;
  visiting.add(key);
  for (const imported of manifest[key].imports ?? []) collect(manifest, imported, into, visiting);
  into.add(key);
}
