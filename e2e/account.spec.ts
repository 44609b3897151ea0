import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { gameId, live, signInAs, toast, trpcMutation, uniqueEmail } from './support';

/**
 * The account page (issue #14), on a phone and a desktop: the display name, "Download my data"
 * and deleting the account behind a confirmation dialog.
 */

async function openAccountFromMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`Account page (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signed out, the page asks to sign in', async ({ page }) => {
      await page.goto('/account');
      await live(page);
      await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
      await expect(page.getByText('Sign in to change your name, download your data or delete your account.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
    });

    test('changes the display name shown in the header', async ({ page }) => {
      await signInAs(page, uniqueEmail('rename'));
      await page.goto('/');
      await live(page);
      await openAccountFromMenu(page);

      const field = page.getByRole('textbox', { name: 'Display name' });
      await field.fill('   ');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(page.getByText('Enter a name')).toBeVisible();

      await field.fill('  Pixel Pilot  ');
      await page.getByRole('button', { name: 'Save name' }).click();
      await expect(toast(page, 'Display name saved')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu for Pixel Pilot' })).toBeVisible();

      await page.reload();
      await live(page);
      await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveValue('Pixel Pilot');
    });

    test('"Download my data" saves a JSON file of the account', async ({ page }) => {
      const email = uniqueEmail('export');
      const { token } = await signInAs(page, email);
      await trpcMutation(page.request, 'favorites.add', token, { id: await gameId(page, 'memory-zoo') });
      await page.goto('/account');
      await live(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^playfree-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { profile: { email: string }; favorites: { slug: string }[] };
      expect(data.profile.email).toBe(email);
      expect(data.favorites.map((favorite) => favorite.slug)).toEqual(['memory-zoo']);
    });

    test('deletes the account after typing its e-mail; the review stays as "Deleted player"', async ({ page }) => {
      const email = uniqueEmail('leaver');
      const { token } = await signInAs(page, email);
      // A game no other spec rates: e2e/game.spec.ts counts Balloon Party's reviews.
      const id = await gameId(page, 'four-in-a-row');
      const comment = `Bye from ${viewport.name} ${Date.now()}`;
      await trpcMutation(page.request, 'games.play', token, { id });
      await trpcMutation(page.request, 'ratings.rate', token, { id, score: 5, comment });
      await page.goto('/');
      await live(page);
      await openAccountFromMenu(page);

      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('textbox', { name: `Type ${email} to confirm` }).fill('someone@example.com');
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect((await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

      await page.getByRole('button', { name: 'Delete account' }).click();
      await dialog.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email);
      await confirm.click();
      await expect(toast(page, 'Account deleted')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
      expect((await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

      const reviews = (await (await page.request.get(`/api/games/${id}/reviews`)).json()) as { reviews: { player: string; comment: string | null }[] };
      expect(reviews.reviews.find((review) => review.comment === comment)?.player).toBe('Deleted player');
    });
  });
}
