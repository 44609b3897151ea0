import { expect, test } from '@playwright/test';

test.describe('mobile (390px)', () => {
  test('search and navigation work from the phone layout', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search games' }).last();
    await search.fill('balloon');
    await search.press('Enter');
    await expect(page).toHaveURL(/\?search=balloon$/);
    // The address changes before the results render: until then the home page's cards are still there.
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “balloon”' })).toBeVisible();
    await expect(page.getByTestId('game-card').filter({ hasText: 'Balloon Party' })).toBeVisible();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/\/trending$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trending Games' })).toBeVisible();
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const route of ['/games/paddle-duel', '/categories', '/kids', '/developer', '/report', '/admin-login']) {
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
  });
});
