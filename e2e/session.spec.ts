import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, delayTrpc, outboxMark, readCode, signInAs, signInWithDialog, toast, trpcMutation, uniqueEmail, withSignInLock } from './support';

// These specs rewrite or delay answers with page.route, which a service worker's fetches would bypass.
test.use({ serviceWorkers: 'block' });

test.describe('session and theme', () => {
  test('sign in with the dialog, keep the session across reloads, sign out', async ({ page }) => {
    const email = uniqueEmail('session');
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Developer' })).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toBeVisible();
    const asked = outboxMark();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByText(`We sent an 8-digit code to ${email}`)).toBeVisible();
    await dialog.getByLabel('Sign-in code').fill('123');
    await dialog.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Enter the 8-digit code');
    const code = await readCode(email, asked);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    await dialog.getByLabel('Sign-in code').fill(wrong);
    await dialog.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Invalid or expired code');
    await dialog.getByLabel('Sign-in code').fill(`${code.slice(0, 4)} ${code.slice(4)}`);
    await dialog.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(dialog).toBeHidden();

    const account = header.getByRole('button', { name: /Account menu/ });
    await expect(account).toBeVisible();
    await expect(header.getByRole('link', { name: 'Developer' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    await page.reload();
    await expect(account).toBeVisible();
    await account.click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
    await expect(header.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('a placeholder shows while the stored session is checked; a bad token is dropped', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('auth_token', 'not-a-real-token'));
    await delayTrpc(page, 'auth.me', 3_000);
    await page.goto('/');
    await expect(page.getByTestId('session-placeholder')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('dark by default; the theme choice survives reloads', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  test('the stored theme is applied before the app script runs', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('the sign-in dialog can be used with the keyboard', async ({ page }) => {
    const email = uniqueEmail('keys');
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    const asked = outboxMark();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Sign-in code')).toBeFocused();
    await page.keyboard.type(await readCode(email, asked));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('signInWithDialog helper works from any page', async ({ page }) => {
    // Any page with the site's header (the Kids Zone has its own, without sign-in).
    await page.goto('/trending');
    await signInWithDialog(page, uniqueEmail('helper'));
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('the e-mailed sign-in link signs the admin in and opens the dashboard', async ({ page }) => {
    const code = await withSignInLock(ADMIN_EMAIL, async () => {
      const asked = outboxMark();
      const answer = await page.request.post('/trpc/auth.login', { data: { email: ADMIN_EMAIL } });
      expect(answer.ok()).toBeTruthy();
      const mailed = await readCode(ADMIN_EMAIL, asked);
      await page.goto(`/signin?${new URLSearchParams({ email: ADMIN_EMAIL, code: mailed }).toString()}`);
      await expect(page).toHaveURL(/\/admin$/);
      return mailed;
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    await page.goto(`/signin?${new URLSearchParams({ email: ADMIN_EMAIL, code }).toString()}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign-in link not valid' })).toBeVisible();
  });

  test('a session revoked elsewhere signs the page out on its next call', async ({ page }) => {
    const { token } = await signInAs(page, uniqueEmail('revoked'));
    await page.goto('/games/paddle-duel');
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
    // The page's own calls after the game starts (its play, then the rating form it unlocks) are
    // done: the Favorite tap below is the page's next call. Revoked earlier, one of those would sign
    // the page out first, and the tap would then rightly ask a signed-out visitor to sign in.
    await expect(page.getByRole('region', { name: 'Rate This Game' }).getByRole('button', { name: 'Submit Rating' })).toBeVisible();
    await trpcMutation(page.request, 'auth.logout', token, undefined);

    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await expect(toast(page, 'Session expired')).toContainText('Please sign in again.');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});
