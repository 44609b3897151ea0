import { describe, expect, it } from 'vitest';
import { secureUrlSchema } from './schemas';
import { isSecureGameUrl } from './urls';
import { foldForSearch, formatPlays, slugify } from './text';

describe('the game-frame URL rule', () => {
  it.each([
    ['https://games.example.com/x/', true],
    ['http://localhost:3001/x/', true],
    ['http://127.0.0.1:8080/', true],
    ['http://[::1]:8080/', true],
    ['http://games.example.com/', false],
    ['javascript:alert(1)', false],
    ['ftp://example.com/', false],
    ['not a url', false],
  ])('%s → %s', (url, secure) => {
    expect(isSecureGameUrl(url)).toBe(secure);
    expect(secureUrlSchema.safeParse(url).success).toBe(secure);
  });
});

describe('text helpers', () => {
  it('folds case and accents for search', () => {
    expect(foldForSearch('Café RÉSUMÉ')).toBe('cafe resume');
  });
  it('makes slugs', () => {
    expect(slugify('Space Rocks! 2')).toBe('space-rocks-2');
    expect(slugify('¡¡!!')).toBe('game');
  });
  it('formats play counts as the spec says', () => {
    expect(formatPlays(0)).toBe('New');
    expect(formatPlays(999)).toBe('999');
    expect(formatPlays(1000)).toBe('1000');
    expect(formatPlays(1234)).toBe('1.2k');
  });
});
