import { expect, test } from '@playwright/test';
import { BUILD_CHECKS_TIMEOUT_MS, live, signInAs, toast, uniqueEmail, untilPlaysOffline } from './support';

// No service worker: the parts' code must come from the network, where the test refuses it.
test.use({ serviceWorkers: 'block' });

/*
 * Code a game page loads after its first paint, refused as if the connection had dropped before the
 * browser fetched it (src/components/Deferred/optionalPart.tsx): the offline saver (fetched once the
 * game has loaded), the rating panel, a style sheet the account menu's code brings, and the report
 * dialog. Before, each of them replaced the page, the running game with it, by the error screen.
 */
test('a game page keeps its game when the code of its optional parts cannot be fetched, and the parts come back online', async ({ page, context }) => {
  test.setTimeout(BUILD_CHECKS_TIMEOUT_MS + 90_000);
  // Only a build that plays offline is saved: the saver's code is then fetched once the game has loaded.
  await untilPlaysOffline(page.request, 'spot-kick');
  await signInAs(page, uniqueEmail('part-less'));
  const refused = new Set<string>();
  const parts = /\/assets\/(OfflineGameSaver-[^/]+\.js|RateGamePanel-[^/]+\.js|AccountMenu-[^/]+\.css|ReportGameDialog-[^/]+\.js)$/;
  await page.route(parts, async (route) => {
    refused.add(/\/assets\/([A-Za-z]+)-/.exec(route.request().url())![1]!);
    await route.abort('internetdisconnected');
  });
  await page.goto('/games/spot-kick');
  await live(page);
  const game = page.locator('iframe[title="Spot Kick game"]');
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  await expect.poll(() => [...refused].sort(), { timeout: 30_000 }).toEqual(['AccountMenu', 'OfflineGameSaver', 'RateGamePanel']);

  // A dialog whose code cannot come stays closed, and says so.
  await page.getByRole('button', { name: 'Report Game' }).click();
  await expect(toast(page, 'Error')).toContainText('This could not be opened. Reload the page and try again.');
  expect(refused.has('ReportGameDialog')).toBe(true);

  // The failed loads have settled (React renders a failed lazy component once more): the page still
  // holds the game, without the parts, and no error screen took its place.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500))));
  await expect(page.getByRole('heading', { level: 1, name: /Something went wrong|You're offline/ })).toHaveCount(0);
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
  await expect(game).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rate This Game' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toHaveCount(0);

  // Back online, the parts come, and the dialog opens.
  await page.unroute(parts);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Rate This Game' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.getByRole('button', { name: 'Report Game' }).click();
  await expect(page.getByRole('dialog', { name: 'Report Game' })).toBeVisible();
  await expect(game).toBeVisible();
});
