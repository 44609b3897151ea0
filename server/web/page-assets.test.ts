import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageAssets } from './page-assets';

/** A built app in miniature: an entry with its styles, a page chunk with its own and a shared one's. */
function fakeDist(sheets: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'playfree-page-assets-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  for (const [file, css] of Object.entries(sheets)) writeFileSync(join(dist, 'assets', file), css);
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_Button.js'], css: ['assets/index-1.css'] },
    '_Button.js': { file: 'assets/Button-1.js', css: ['assets/Button-1.css'] },
    '_Card.js': { file: 'assets/Card-1.js', imports: ['_Button.js'], css: ['assets/Card-1.css'] },
    'src/pages/Home.page.tsx': { file: 'assets/Home-1.js', imports: ['_Card.js', '_Button.js'], css: ['assets/Home-1.css'] },
    'src/components/Deferred/LoadedNotifications.tsx': { file: 'assets/Toasts-1.js', imports: ['_Button.js'], css: ['assets/Toasts-1.css'] },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const templateHead =
  '<head><title>PlayFree</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/Button-1.css"><link rel="stylesheet" crossorigin href="/assets/index-1.css">';

describe('page assets', () => {
  const dist = fakeDist({ 'index-1.css': '.app{}', 'Button-1.css': '.button{}', 'Card-1.css': '.card{}', 'Home-1.css': '.home{}', 'Toasts-1.css': '.toast{}' });
  const assets = loadPageAssets(dist);

  it("writes the template's stylesheets into the head in their order, each beside a disabled link to its file", () => {
    expect(assets.inlineTemplateStyles(templateHead)).toBe(
      '<head><title>PlayFree</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<style>.button{}</style><link rel="stylesheet" crossorigin href="/assets/Button-1.css" disabled>' +
        '<style>.app{}</style><link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>',
    );
  });

  it("adds the page's styles, a chunk's imports' first (not the template's again), then those of the toasts loaded when idle, and preloads the page's chunk alone, once the page has painted", () => {
    expect(assets.forPages(['src/pages/Home.page.tsx'])).toBe(
      '<style>.card{}</style><link rel="stylesheet" crossorigin href="/assets/Card-1.css" disabled>' +
        '<style>.home{}</style><link rel="stylesheet" crossorigin href="/assets/Home-1.css" disabled>' +
        '<style>.toast{}</style><link rel="stylesheet" crossorigin href="/assets/Toasts-1.css" disabled>' +
        '<template data-load-after-paint><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Home-1.js"></template>',
    );
  });

  it('keeps a sheet that would end the <style> element early as a plain link', () => {
    const tricky = loadPageAssets(fakeDist({ 'index-1.css': '.a::after{content:"</style>"}', 'Button-1.css': '', 'Card-1.css': '', 'Home-1.css': '', 'Toasts-1.css': '' }));
    expect(tricky.inlineTemplateStyles('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    );
  });

  it('leaves a build without a manifest as it is', () => {
    const bare = loadPageAssets(mkdtempSync(join(tmpdir(), 'playfree-no-manifest-')));
    expect(bare.inlineTemplateStyles(templateHead)).toBe(templateHead);
    expect(bare.forPages(['src/pages/Home.page.tsx'])).toBe('');
  });
});
