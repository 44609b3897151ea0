import { expect, test } from '@playwright/test';
import { BUILD_CHECKS_TIMEOUT_MS, live, untilPlaysOffline } from './support';

// No service worker: the saver's code must come from the network, where the test refuses it.
test.use({ serviceWorkers: 'block' });

test("a game page keeps its game when the offline saver's code cannot be fetched (the connection dropped after the game loaded)", async ({ page }) => {
  test.setTimeout(BUILD_CHECKS_TIMEOUT_MS + 90_000);
  // Only a build that plays offline is saved: the saver's code is then fetched once the game has loaded.
  await untilPlaysOffline(page.request, 'spot-kick');
  const refused: string[] = [];
  await page.route(/\/assets\/OfflineGameSaver-[^/]+\.js$/, async (route) => {
    refused.push(route.request().url());
    await route.abort('internetdisconnected');
  });
  await page.goto('/games/spot-kick');
  await live(page);
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect.poll(() => refused.length, { timeout: 30_000 }).toBeGreaterThan(0);
  // The failed load has settled (React renders a failed lazy component once more): the page still
  // holds the game, and no error screen took its place (before, the route's error screen did).
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('iframe[title="Spot Kick game"]')).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
  await expect(page.getByRole('heading', { level: 1, name: /Something went wrong|You're offline/ })).toHaveCount(0);
  await expect(page.locator('iframe[title="Spot Kick game"]')).toBeVisible();
});
