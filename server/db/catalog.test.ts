import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gamesDir } from '../games-origin';
import { CATEGORY_SEED } from './categories';
import { loadCatalog } from './catalog';

const catalog = loadCatalog();

describe('the built-in games catalog (games/catalog.json)', () => {
  it('is valid and lists at least three games, one of them multiplayer', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(3);
    expect(catalog.some((game) => game.multiplayer)).toBe(true);
    expect(new Set(catalog.map((game) => game.slug)).size).toBe(catalog.length);
  });

  it('uses only known categories', () => {
    const known = new Set<string>(CATEGORY_SEED.map((category) => category.slug));
    for (const game of catalog) for (const slug of game.categories) expect(known.has(slug), `${game.slug}: ${slug}`).toBe(true);
  });

  it('has a folder with index.html, a PNG thumbnail, its WebP copy and the SDK for every game', () => {
    for (const game of catalog) {
      const folder = join(gamesDir, game.slug);
      expect(existsSync(join(folder, 'index.html')), game.slug).toBe(true);
      const thumb = readFileSync(join(folder, 'thumb.png'));
      expect(thumb.subarray(1, 4).toString('latin1'), `${game.slug} thumb is a PNG`).toBe('PNG');
      // PNG header: width and height are big-endian at bytes 16 and 20.
      expect([thumb.readUInt32BE(16), thumb.readUInt32BE(20)], `${game.slug} thumb size`).toEqual([400, 300]);
      // The portal shows the WebP (made from the PNG by scripts/webp-thumbs.sh): RIFF....WEBP.
      const webp = readFileSync(join(folder, 'thumb.webp'));
      expect([webp.subarray(0, 4).toString('latin1'), webp.subarray(8, 12).toString('latin1')], `${game.slug} thumb.webp`).toEqual(['RIFF', 'WEBP']);
      const html = readFileSync(join(folder, 'index.html'), 'utf8');
      expect(html, `${game.slug} includes the SDK`).toContain('../sdk/playfree-sdk.js');
      expect(html, `${game.slug} has no inline script`).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    }
  });
});

const code = (slug: string) => readFileSync(join(gamesDir, slug, 'game.js'), 'utf8');

describe('what the built-in games declare (issue #14), against their code', () => {

  it('lists a keyboard only for a game that reads keys, and a pointer only for one that reads the pointer', () => {
    for (const game of catalog) {
      const source = code(game.slug);
      expect(game.controls.includes('keyboard'), `${game.slug} keyboard`).toBe(/K\.(key|onKey)\(/.test(source));
      const pointer = /K\.on(Down|Move|Up)\(/.test(source);
      expect(game.controls.includes('touch'), `${game.slug} touch`).toBe(pointer);
      if (game.controls.includes('mouse')) expect(pointer, `${game.slug} mouse`).toBe(true);
    }
  });

  it('claims a gamepad, links out, ads or purchases only where the code has them', () => {
    for (const game of catalog) {
      const source = code(game.slug);
      expect(game.controls.includes('gamepad'), game.slug).toBe(source.includes('getGamepads'));
      expect(game.contentFacts.externalLinks, game.slug).toBe(/window\.open|location\.href\s*=|https?:\/\//.test(source));
      expect(game.contentFacts.ads || game.contentFacts.inAppPurchases || game.contentFacts.chat, game.slug).toBe(false);
    }
  });

  it("says every game keeps its progress in the player's account (the kit saves the best score through the SDK's cloud saves at game over)", () => {
    const kit = readFileSync(join(gamesDir, 'kit', 'kit.js'), 'utf8');
    expect(kit).toMatch(/PF\.save\(progress\)/);
    expect(kit).toMatch(/PF\.load\(\)/);
    for (const game of catalog) {
      expect(code(game.slug), game.slug).toMatch(/K\.end\(/);
      expect(game.contentFacts.saves, game.slug).toBe('cloud');
    }
  });
});
