import { expect, test, type Page } from '@playwright/test';

/** The header's search box: on a phone its own row under the bar, on a desktop in the bar (the other one is hidden). */
function searchBox(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search games' });
}

test.describe('search suggestions on a desktop', () => {
  test('typed text lists suggestions; the keyboard picks one, Escape closes, Enter alone still searches', async ({ page }) => {
    await page.goto('/new');
    const search = searchBox(page);
    await search.fill('sky h');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    const option = list.getByRole('option', { name: 'Sky Hopper' });
    await expect(option).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /^1 suggestion,/ })).toHaveCount(1);

    // Escape closes the list and keeps the text; Enter with nothing highlighted searches for it.
    await search.press('Escape');
    await expect(list).toBeHidden();
    await expect(search).toHaveValue('sky h');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/\?search=sky%20h$/);
    // The address changes before the results render (and the box is made anew for the new search).
    await expect(page.getByRole('heading', { level: 1, name: /Results for .sky h./ })).toBeVisible();

    await search.fill('sky ho');
    await expect(option).toBeVisible();
    await search.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/games\/sky-hopper$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sky Hopper' })).toBeVisible();
  });

  test('a category suggestion opens its list', async ({ page }) => {
    await page.goto('/');
    const search = searchBox(page);
    await search.fill('puz');
    const category = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: 'Puzzle Category' });
    await expect(category).toBeVisible();
    await category.click();
    await expect(page).toHaveURL(/\/categories\?category=puzzle$/);
  });
});

test.describe('search suggestions on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tapped suggestion opens the game', async ({ page }) => {
    await page.goto('/');
    const search = searchBox(page);
    await search.tap();
    await search.fill('nova');
    const option = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', { name: 'Nova Blaster' });
    await expect(option).toBeVisible();
    await option.tap();
    await expect(page).toHaveURL(/\/games\/nova-blaster$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nova Blaster' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
