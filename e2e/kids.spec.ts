import { expect, test } from '@playwright/test';
import { delayTrpc, patchTrpc } from './support';

// These specs rewrite or delay answers with page.route, which a service worker's fetches would bypass.
test.use({ serviceWorkers: 'block' });

test.describe('Kids Zone', () => {
  test('search, filter and play inside the Kids Zone', async ({ page }) => {
    await page.goto('/kids');
    await expect(page.getByRole('heading', { level: 1, name: 'Kids Zone' })).toBeVisible();
    await expect(page.getByText('no chat features', { exact: false })).toBeVisible();
    const cards = page.getByTestId('kids-game-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByText('Safe for Kids')).toBeVisible();
    await expect(cards.first().getByText(/(New|\d\.\d)$/)).toBeVisible();

    await expect(page.getByRole('button', { name: 'All Games' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Kids', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Kids', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.filter({ hasText: 'Balloon Party' })).toBeVisible();
    await page.getByRole('button', { name: 'All Games' }).click();

    const search = page.getByRole('searchbox', { name: 'Search for fun games' });
    await search.fill('balloon');
    await expect(cards).toHaveCount(1);
    await search.fill('zzzz-nothing');
    await expect(page.getByText('No games found!')).toBeVisible();
    await search.fill('balloon');

    await cards.getByRole('link', { name: "Let's Play Balloon Party" }).click();
    await expect(page).toHaveURL(/\/kids\/play\/balloon-party$/);
    await expect(page.locator('iframe[title="Balloon Party game"]')).toBeVisible();
    // The Kids Zone's own header, not the site's: nothing leads out of the Kids Zone.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Kids Zone home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'PlayFree home' })).toHaveCount(0);
    const links = await page.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    // Skip to content stays on the page.
    expect(new Set(links)).toEqual(new Set(['#main', '/kids']));
    await page.getByRole('link', { name: 'Back to Kids Zone' }).click();
    await expect(page).toHaveURL(/\/kids$/);
  });

  test('shows 8 placeholder cards while loading', async ({ page }) => {
    await delayTrpc(page, 'kids.games', 1_500);
    await page.goto('/kids');
    await expect(page.getByTestId('kids-card-skeleton')).toHaveCount(8);
    await expect(page.getByTestId('kids-game-card').first()).toBeVisible();
  });

  test('the kids player refuses games not rated for kids', async ({ page }) => {
    await patchTrpc(page, 'games.bySlug', (game) => ({ ...game, ageRating: 'E16' }));
    await page.goto('/kids/play/paddle-duel');
    await expect(page.getByRole('heading', { name: 'Not in the Kids Zone' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Kids Zone' })).toBeVisible();
  });
});
