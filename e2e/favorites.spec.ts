import { expect, test, type Page } from '@playwright/test';
import { gameId, live, signInAs, trpcMutation, uniqueEmail } from './support';

async function openFavoritesFromAccountMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Favorites' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`Favorites page (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an account without favourites sees the empty state and a way back to games', async ({ page }) => {
      await signInAs(page, uniqueEmail('nofav'));
      await page.goto('/new');
      await live(page);
      await openFavoritesFromAccountMenu(page);
      await expect(page.getByText('No favourites yet.', { exact: false })).toBeVisible();
      await expect(page.getByTestId('game-card')).toHaveCount(0);
      await page.getByRole('link', { name: 'Browse games' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('lists the favourite games, latest first, and drops one unfavourited on its page', async ({ page }) => {
      const { token } = await signInAs(page, uniqueEmail('fav'));
      await trpcMutation(page.request, 'favorites.add', token, { id: await gameId(page, 'balloon-party') });
      await trpcMutation(page.request, 'favorites.add', token, { id: await gameId(page, 'memory-zoo') });
      await page.goto('/');
      await live(page);
      await openFavoritesFromAccountMenu(page);
      const cards = page.getByTestId('game-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText('Memory Zoo');
      await expect(cards.nth(1)).toContainText('Balloon Party');

      await cards.nth(0).click();
      await expect(page).toHaveURL(/\/games\/memory-zoo$/);
      await page.getByRole('button', { name: 'Favorited' }).click();
      await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toBeVisible();
      await openFavoritesFromAccountMenu(page);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('Balloon Party');
    });

    test('signed out, the page asks to sign in', async ({ page }) => {
      await page.goto('/favorites');
      await live(page);
      await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
      await expect(page.getByText('Sign in to see your favourite games.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  });
}
