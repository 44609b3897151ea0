import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAs, uniqueEmail } from './support';

/**
 * Issue #25, players come back: a medal unlocked by playing a built-in game (Merge Tiles' first
 * merge) toasts in the player and shows on the game page and the profile; the weekly leaderboard
 * shows the player's own rank, beside the all-time one. On a phone and on a desktop.
 */
test.use({ serviceWorkers: 'block' });

const viewports = [
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', options: { viewport: { width: 1366, height: 900 } } },
];

async function newPage(browser: Browser, options: (typeof viewports)[number]['options']): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

const readout = (page: Page) => page.getByTestId('game-readout');

for (const { name, options } of viewports) {
  test.describe(`medals and weekly leaderboards (${name})`, () => {
    test('a medal unlocked in Merge Tiles toasts in the player and shows on the game page and the profile; the week shows my rank', async ({ browser }) => {
      const page = await newPage(browser, options);
      await signInAs(page, uniqueEmail(`medals-${name}`));
      // Medals, like scores, count only inside a play session: the frame records the play when the game loads.
      const played = page.waitForResponse((response) => response.url().includes('games.play'));
      await page.goto('/games/merge-tiles');
      expect((await played).ok()).toBe(true);

      const medals = page.getByRole('region', { name: 'Medals' });
      await expect(medals.getByTestId('game-medal')).toHaveCount(4);
      await expect(medals.getByTestId('medals-summary')).toHaveText('0 of 4 unlocked · 0 of 140 points');
      // The secret medal shows only its points.
      await expect(medals.getByTestId('game-medal').nth(3)).toContainText('Secret medal');
      await expect(medals).not.toContainText('2048!');

      // Play: slide the board until two tiles merge; the game unlocks "First Merge" through the SDK.
      const frame = page.frameLocator('iframe[title="Merge Tiles game"]');
      await expect(readout(page)).toHaveAttribute('data-status', 'ready');
      await frame.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(readout(page)).toHaveAttribute('data-status', 'playing');
      const unlocked = page.waitForResponse((response) => response.url().includes('medals.unlock'));
      const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'];
      let turn = 0;
      // The toast as it stood the moment it was seen: it closes by itself, and on a busy machine later checks could outlast it.
      let boxes: { text: string; toast: { y: number; height: number }; frame: { y: number; height: number } } | null = null;
      await expect
        .poll(
          async () => {
            if ((await page.getByTestId('medal-toast').count()) > 0) {
              boxes = await page.evaluate(() => {
                const box = (element: Element | null) => (element ? { y: element.getBoundingClientRect().y, height: element.getBoundingClientRect().height } : null);
                const toast = box(document.querySelector('[data-testid="medal-toast"]'));
                const frame = box(document.querySelector('iframe[title="Merge Tiles game"]'));
                const text = document.querySelector('[data-testid="medal-toast"]')?.textContent ?? '';
                return toast && frame ? { text, toast, frame } : null;
              });
              return boxes !== null;
            }
            await page.keyboard.press(keys[turn++ % keys.length]!);
            return false;
          },
          { timeout: 30_000, intervals: [150] },
        )
        .toBe(true);
      expect((await unlocked).ok()).toBe(true);
      const { text, toast: toastBox, frame: frameBox } = boxes!;
      expect(text).toContain('Medal unlocked');
      expect(text).toContain('First Merge');
      expect(text).toContain('+5 points');
      // Inside the player: over the game frame.
      expect(toastBox.y).toBeGreaterThanOrEqual(frameBox.y);
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);

      // The game page's medals show it unlocked.
      const firstMerge = medals.getByTestId('game-medal').filter({ hasText: 'First Merge' });
      await expect(firstMerge).toHaveAttribute('data-unlocked', 'true');
      await expect(medals.getByTestId('medals-summary')).toHaveText('1 of 4 unlocked · 5 of 140 points');

      // A round reported by the game through the SDK: the weekly board ranks me.
      const saved = page.waitForResponse((response) => response.url().includes('scores.submit'));
      await page
        .locator('iframe[title="Merge Tiles game"]')
        .contentFrame()
        .locator('body')
        .evaluate(() => (window as unknown as { PlayFree: { gameOver(n: number): void } }).PlayFree.gameOver(48));
      expect((await saved).ok()).toBe(true);
      const scores = page.getByRole('region', { name: 'Top Scores' });
      await expect(scores.getByRole('radio', { name: 'This week' })).toBeChecked();
      await expect(scores.getByText('A new week starts every Monday at 00:00 UTC.')).toBeVisible();
      const rank = scores.getByTestId('your-rank');
      await expect(rank).toHaveText(/^You are \d+(st|nd|rd|th) of \d+ · best 48/);
      await scores.getByText('All time', { exact: true }).click();
      await expect(scores.getByRole('radio', { name: 'All time' })).toBeChecked();
      await expect(rank).toHaveText(/^You are \d+(st|nd|rd|th) of \d+ · best 48/);
      await expect(scores.getByText('A new week starts every Monday at 00:00 UTC.')).toHaveCount(0);
      // The period control fits the phone's width.
      const control = (await scores.getByRole('radiogroup', { name: 'Leaderboard period' }).boundingBox())!;
      expect(control.x + control.width).toBeLessThanOrEqual(options.viewport.width);

      // The profile lists the medal with its game.
      await page.goto('/account');
      const mine = page.getByRole('region', { name: 'Your medals' });
      await expect(mine.getByTestId('profile-medal')).toHaveCount(1);
      await expect(mine.getByTestId('profile-medal')).toContainText('First Merge');
      await expect(mine.getByRole('link', { name: 'Merge Tiles' })).toHaveAttribute('href', '/games/merge-tiles');
      await expect(mine.getByTestId('medal-points')).toHaveText('5 points');
      await page.context().close();
    });
  });
}
