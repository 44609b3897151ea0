import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * What the built-in game specs share (games.spec.ts plays every game, game-player.spec.ts the
 * player around the frame): the catalog of built-in games, and the frame bar's status readout.
 */
export interface CatalogGame {
  slug: string;
  title: string;
}
export const catalog = JSON.parse(readFileSync(new URL('../games/catalog.json', import.meta.url), 'utf8')) as CatalogGame[];

export const readout = (page: Page) => page.getByTestId('game-readout');

export async function expectGameOver(page: Page, timeout = 15_000) {
  await expect(readout(page)).toHaveAttribute('data-status', 'over', { timeout });
  await expect(page.getByTestId('game-over-badge')).toBeVisible();
}
