import { expect, type Browser, type BrowserContextOptions, type Frame, type Page } from '@playwright/test';

/** What the cloud-saves specs share: Spot Kick (a built-in game keeping its best score in the save) and two screens. */
export const GAME = { slug: 'spot-kick', title: 'Spot Kick' };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** A page in a browser context of its own (its own storage: another device). */
export async function browserAt(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

/** Opens the game page and waits for the game to say it is loaded; answers its frame. */
export async function openGame(page: Page): Promise<Frame> {
  await page.goto(`/games/${GAME.slug}`);
  // The frame comes once the page is idle, then the game loads in a process of its own: on CI's
  // busy 2-core machine, beside the portal's first checks of its built-in games, that once took over 30 s.
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  return (await (await page.locator(`iframe[title="${GAME.title} game"]`).elementHandle())!.contentFrame())!;
}

/** The title card's best score, as the game shows it. */
export const shownBest = (page: Page) => page.frameLocator(`iframe[title="${GAME.title} game"]`).locator('.pf-best');
