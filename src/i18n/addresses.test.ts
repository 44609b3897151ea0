import { describe, expect, it } from 'vitest';
import { alternatesOf, basenameOf, localizedPath, splitLocalePath } from './addresses';
import { LOCALES } from './locales';

describe('addresses per language', () => {
  it('reads the language from the prefix, English without one', () => {
    expect(splitLocalePath('/es/games/tower')).toEqual({ locale: 'es', path: '/games/tower', prefixed: true });
    expect(splitLocalePath('/ar')).toEqual({ locale: 'ar', path: '/', prefixed: true });
    expect(splitLocalePath('/hi/')).toEqual({ locale: 'hi', path: '/', prefixed: true });
    expect(splitLocalePath('/games/tower')).toEqual({ locale: 'en', path: '/games/tower', prefixed: false });
    // Not a prefix: a page whose name starts like one, an unknown language, English's own code.
    expect(splitLocalePath('/esports').prefixed).toBe(false);
    expect(splitLocalePath('/xx/games/tower')).toEqual({ locale: 'en', path: '/xx/games/tower', prefixed: false });
    expect(splitLocalePath('/en/games/tower').prefixed).toBe(false);
  });

  it('writes every language’s address of a page, the query kept', () => {
    expect(localizedPath('en', '/games/tower')).toBe('/games/tower');
    expect(localizedPath('es', '/')).toBe('/es/');
    expect(localizedPath('es', '/categories?category=racing')).toBe('/es/categories?category=racing');
    expect(localizedPath('ar', '/?q=x')).toBe('/ar/?q=x');
    expect(basenameOf('en')).toBeUndefined();
    expect(basenameOf('hi')).toBe('/hi');
    for (const locale of LOCALES) expect(splitLocalePath(localizedPath(locale, '/kids/play/tower'))).toMatchObject({ locale, path: '/kids/play/tower' });
  });

  it('lists one alternate per language and x-default on the English address', () => {
    const alternates = alternatesOf('/games/tower');
    expect(alternates).toHaveLength(LOCALES.length + 1);
    expect(alternates.at(-1)).toEqual({ hreflang: 'x-default', path: '/games/tower' });
    expect(alternates.find((alternate) => alternate.hreflang === 'es')?.path).toBe('/es/games/tower');
  });
});
