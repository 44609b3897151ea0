import { expect, test, type Page } from '@playwright/test';

/**
 * How far the page reaches past the phone's screen. Not `innerWidth`: a phone widens its layout
 * viewport to the content (and zooms out), so that measure grows with the overflow it should catch.
 */
async function overflowPastScreen(page: Page): Promise<number> {
  const screenWidth = page.viewportSize()!.width;
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - screenWidth;
}

test.describe('mobile (390px)', () => {
  test('search and navigation work from the phone layout', async ({ page }) => {
    await page.goto('/');
    expect(await overflowPastScreen(page)).toBeLessThanOrEqual(0);

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
      expect(await overflowPastScreen(page), route).toBeLessThanOrEqual(0);
    }
  });

  test('a 360 px phone: the header and the sort control fit in every language, the theme switch is in the menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const language of ['en', 'es', 'hi', 'ar']) {
      await page.context().setExtraHTTPHeaders({ 'Accept-Language': language });
      for (const route of ['/', '/categories']) {
        await page.goto(route);
        await expect(page.locator('h1').first()).toBeVisible();
        expect(await overflowPastScreen(page), `${language} ${route}`).toBeLessThanOrEqual(0);
      }
    }
    await page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en' });
    await page.goto('/');
    await expect(page.getByTestId('theme-toggle')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});
