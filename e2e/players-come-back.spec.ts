import { expect, test, type Browser, type Page } from '@playwright/test';
import { gameId, live, signInAs, signInWithDialog, uniqueEmail } from './support';
import { GAME, shownBest } from './saves-support';

/**
 * Issue #25, players come back: Continue a game from the home's row (its cloud save resumes), a
 * visitor's device list joining the account at sign-in, and a collection made on a game's page
 * and opened from its shared link by someone signed out.
 */
test.use({ serviceWorkers: 'block' });

const viewports = [
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: 'desktop', options: { viewport: { width: 1366, height: 900 } } },
];

async function newPage(browser: Browser, options: (typeof viewports)[number]['options']): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

const continueRow = (page: Page) => page.locator('section#continue-playing');

for (const { name, options } of viewports) {
  test.describe(`players come back (${name})`, () => {
    test('Continue on the home row opens the game where its cloud save left it', async ({ browser }) => {
      const page = await newPage(browser, options);
      const { token } = await signInAs(page, uniqueEmail('continue'));
      const id = await gameId(page, GAME.slug);
      const auth = { authorization: `Bearer ${token}` };
      expect((await page.request.post(`/api/games/${id}/play`, { headers: auth })).status()).toBe(200);
      expect((await page.request.put(`/api/games/${id}/save`, { headers: auth, data: { data: { best: 777 }, version: 0 } })).status()).toBe(200);

      await page.goto('/');
      await live(page);
      const card = continueRow(page).getByTestId('recent-game').filter({ hasText: GAME.title });
      await expect(card).toBeVisible();
      await card.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/games/${GAME.slug}$`));
      await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
      await expect(shownBest(page)).toHaveText('777');
      await page.context().close();
    });

    test("a visitor's games are kept on the device and join the account at sign-in", async ({ browser }) => {
      const page = await newPage(browser, options);
      await page.goto(`/games/${GAME.slug}`);
      await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
      // The play is noted once the frame has loaded, which can come after the game says it is ready.
      await page.waitForFunction(() => localStorage.getItem('recently_played') !== null);
      await page.goto('/');
      await live(page);
      const card = continueRow(page).getByTestId('recent-game').filter({ hasText: GAME.title });
      await expect(card.getByRole('link', { name: 'Play again' })).toBeVisible();

      const email = uniqueEmail('visitor');
      await signInWithDialog(page, email);
      await expect(card).toBeVisible();
      // The account holds it now: another device signed in to it lists it too.
      const other = await newPage(browser, options);
      await signInAs(other, email);
      await other.goto('/recent');
      await live(other);
      await expect(other.getByTestId('recent-game').filter({ hasText: GAME.title })).toBeVisible();
      await other.context().close();
      await page.context().close();
    });

    test('make a collection on a game page, share its link, and open it signed out elsewhere', async ({ browser }) => {
      const page = await newPage(browser, options);
      await signInAs(page, uniqueEmail('collector'));
      const listName = `Party picks ${name} ${Date.now() % 100_000}`;
      await page.goto('/games/balloon-party');
      await live(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const menu = page.getByRole('dialog', { name: 'Save' });
      await expect(menu.getByRole('checkbox', { name: 'Favorites' })).toBeVisible();
      await menu.getByLabel('New collection').fill(listName);
      await menu.getByRole('button', { name: 'Create and save' }).click();
      await expect(menu.getByRole('checkbox', { name: listName })).toBeChecked();

      await page.goto('/collections');
      await live(page);
      await page.getByTestId('collection-card').filter({ hasText: listName }).click();
      await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      await expect(page.getByText('Only you can see this collection.')).toBeVisible();
      await page.getByRole('switch', { name: /Public/ }).click();
      const link = await page.getByLabel('Share link').inputValue();
      expect(link).toMatch(/\/collections\/\d+$/);

      const stranger = await newPage(browser, options);
      await stranger.goto(link);
      await live(stranger);
      await expect(stranger.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      await expect(stranger.getByTestId('game-card').filter({ hasText: 'Balloon Party' })).toBeVisible();
      await expect(stranger.getByLabel('Share link')).toHaveCount(0);

      // Made private again, the link shows nothing.
      await page.getByRole('switch', { name: /Public/ }).click();
      await expect(page.getByText('Only you can see this collection.')).toBeVisible();
      await stranger.reload();
      await live(stranger);
      await expect(stranger.getByText('This collection does not exist, or its owner keeps it private.')).toBeVisible();
      await stranger.context().close();
      await page.context().close();
    });
  });
}
