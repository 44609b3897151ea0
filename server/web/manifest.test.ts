import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locales';
import { webManifest } from '../../src/pwa/manifest';
import { localizedManifest } from './manifest';

describe('the app manifest in each language', () => {
  it('is, in English, the build’s own manifest: the catalog’s English texts are src/pwa/manifest.ts’s', () => {
    expect(localizedManifest('en')).toEqual(webManifest);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('names, describes and starts the app in %s, its shortcuts to that language’s pages', (locale) => {
    const manifest = localizedManifest(locale);
    const prefix = manifest.start_url!.replace(/\/$/, '');
    expect(manifest).toMatchObject({ id: '/', lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr', scope: '/' });
    expect(prefix).toMatch(/^\/[a-z-]+$/);
    expect(manifest.name).not.toBe(webManifest.name);
    expect(manifest.description).not.toBe(webManifest.description);
    expect(manifest.screenshots!.map((shot) => shot.label)).not.toContain(webManifest.screenshots![0]!.label);
    for (const [index, shortcut] of manifest.shortcuts!.entries()) {
      const english = webManifest.shortcuts![index]!;
      expect(shortcut.url).toBe(`${prefix}${english.url}`);
      expect(shortcut.name).not.toBe(english.name);
      expect(shortcut.description).not.toBe(english.description);
      expect(shortcut.icons).toEqual(english.icons);
    }
  });
});
