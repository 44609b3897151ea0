import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { cookieValue, negotiateLocale, preferredLanguages } from './negotiate';

describe('negotiateLocale', () => {
  it('takes the first language the portal speaks, by q-value', () => {
    expect(negotiateLocale({ acceptLanguage: 'es' })).toBe('es');
    expect(negotiateLocale({ acceptLanguage: 'en;q=0.5, ar;q=0.9' })).toBe('ar');
    expect(negotiateLocale({ acceptLanguage: 'hi;q=0.3, es;q=0.8, en;q=0.6' })).toBe('es');
    // Equal q-values keep the header's order (no q is q=1).
    expect(negotiateLocale({ acceptLanguage: 'hi, ar' })).toBe('hi');
    expect(negotiateLocale({ acceptLanguage: 'ar;q=1.0, hi' })).toBe('ar');
  });

  it('falls back from a region to its language', () => {
    expect(negotiateLocale({ acceptLanguage: 'es-MX,es;q=0.9' })).toBe('es');
    expect(negotiateLocale({ acceptLanguage: 'es-MX' })).toBe('es');
    expect(negotiateLocale({ acceptLanguage: 'ar-EG, en;q=0.8' })).toBe('ar');
    expect(negotiateLocale({ acceptLanguage: 'HI-IN' })).toBe('hi');
    expect(negotiateLocale({ acceptLanguage: 'zh-Hant-TW, es-419;q=0.5' })).toBe('es');
  });

  // Once Brazilian Portuguese has joined LOCALES.
  it.skipIf(!(LOCALES as readonly string[]).includes('pt-BR'))('knows a language spoken in one region (pt-BR) by its region or its language alone', () => {
    expect(negotiateLocale({ acceptLanguage: 'pt-BR' })).toBe('pt-BR');
    expect(negotiateLocale({ acceptLanguage: 'pt-br, en;q=0.5' })).toBe('pt-BR');
    expect(negotiateLocale({ acceptLanguage: 'pt-PT' })).toBe('pt-BR');
    expect(negotiateLocale({ cookie: 'pt-BR' })).toBe('pt-BR');
  });

  it('skips languages it does not speak, and gives English when none is left', () => {
    expect(negotiateLocale({ acceptLanguage: 'sv-SE, sv;q=0.9, ar;q=0.1' })).toBe('ar');
    expect(negotiateLocale({ acceptLanguage: 'sv-SE, fi;q=0.9' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: '*' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: '' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });

  it('never takes a language refused with q=0 or a malformed entry', () => {
    expect(negotiateLocale({ acceptLanguage: 'ar;q=0, es;q=0.2' })).toBe('es');
    expect(negotiateLocale({ acceptLanguage: 'ar;q=0.000' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: 'ar;q=2, hi;q=abc, es;level=1' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: 'a r, <script>, es' })).toBe('es');
  });

  it('lets the remembered choice (cookie) beat the header', () => {
    expect(negotiateLocale({ cookie: 'ar', acceptLanguage: 'es-MX, es;q=0.9' })).toBe('ar');
    expect(negotiateLocale({ cookie: 'en', acceptLanguage: 'hi' })).toBe('en');
    // A cookie naming no language of the portal is ignored.
    expect(negotiateLocale({ cookie: 'sv', acceptLanguage: 'hi' })).toBe('hi');
    expect(negotiateLocale({ cookie: 'AR', acceptLanguage: 'hi' })).toBe('hi');
  });
});

describe('preferredLanguages', () => {
  it('orders by q-value, then by position, lower-cased', () => {
    expect(preferredLanguages('en-US,en;q=0.9,es-MX;q=0.95,*;q=0.1')).toEqual(['en-us', 'es-mx', 'en', '*']);
  });

  it('reads no more than 32 entries of a long header', () => {
    const header = [...Array.from({ length: 40 }, () => 'sv'), 'ar'].join(',');
    expect(preferredLanguages(header)).toHaveLength(32);
    expect(negotiateLocale({ acceptLanguage: header })).toBe('en');
  });
});

describe('cookieValue', () => {
  it('finds the locale cookie among others', () => {
    expect(cookieValue('theme=dark; locale=ar; session=x')).toBe('ar');
    expect(cookieValue('mylocale=es; locale=hi')).toBe('hi');
    expect(cookieValue('theme=dark')).toBeNull();
  });
});
