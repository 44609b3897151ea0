import { describe, expect, it } from 'vitest';
import { frameSources, MAX_LISTED_FRAME_ORIGINS } from './frame-origins';

const GAMES = 'http://localhost:3001';
const origins = (count: number) => Array.from({ length: count }, (_, index) => `https://game-${index}.example`);

describe('frameSources', () => {
  it('lists the games origin, every host under it (uploaded games, previews) and each game origin once, sorted', () => {
    expect(frameSources(GAMES, ['https://b.example', 'https://a.example', 'https://b.example', GAMES])).toEqual([
      'http://*.localhost:3001',
      GAMES,
      'https://a.example',
      'https://b.example',
    ]);
    expect(frameSources('https://games.example.org', [])).toEqual(['https://*.games.example.org', 'https://games.example.org']);
  });

  it('lists up to the cap, then allows any HTTPS origin instead of a header browsers would refuse', () => {
    expect(frameSources(GAMES, origins(MAX_LISTED_FRAME_ORIGINS))).toHaveLength(MAX_LISTED_FRAME_ORIGINS + 2);
    expect(frameSources(GAMES, origins(MAX_LISTED_FRAME_ORIGINS + 1))).toEqual(['http://*.localhost:3001', GAMES, 'https:']);
  });
});
