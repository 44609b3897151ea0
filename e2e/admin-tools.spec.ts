import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, outboxMark, readCode, signInAs, toast, uniqueEmail } from './support';

/** A game of this test's own, submitted and approved through the API, so other specs' games stay live. */
async function publishedGame(request: APIRequestContext, adminToken: string, title: string): Promise<{ id: number; slug: string }> {
  const developer = await apiLogin(request, uniqueEmail('dev'));
  const host = `tools-${Date.now()}-${Math.floor(Math.random() * 1e6)}.example.com`;
  const submitted = await request.post('/api/dev/games', {
    headers: { Authorization: `Bearer ${developer.token}` },
    data: { title, description: 'A game the admin tools test takes off the portal.', srcUrl: `https://${host}/`, thumbUrl: `https://${host}/t.png` },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const game = (await submitted.json()) as { id: number; slug: string };
  const approved = await request.post(`/api/admin/games/${game.id}/approve`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return game;
}

async function openTab(page: Page, name: 'All Games' | 'Users' | 'Reports') {
  await page.goto('/admin');
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

test.describe('admin tools', () => {
  test('the stat cards show real numbers; a game is unpublished from All Games and re-published', async ({ page, browser }) => {
    const title = `Unpublish Me ${Date.now()}`;
    const { token } = await signInAs(page, ADMIN_EMAIL);
    const game = await publishedGame(page.request, token, title);

    await page.goto('/admin');
    await expect(page.getByText('Total Games').locator('..')).toContainText(/\d+/);
    await expect(page.getByText('Active Users').locator('..')).toContainText(/\d+/);

    await page.getByRole('tab', { name: 'All Games' }).click();
    await page.getByLabel('Find games').fill(title);
    const row = page.getByTestId('admin-game').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Published')).toBeVisible();
    await row.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unpublish game?' });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(toast(page, 'Game unpublished')).toBeVisible();
    await expect(row.getByText('Unpublished')).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto(`/games/${game.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Game Not Found' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Unpublished' }).click();
    await row.getByRole('button', { name: 'Re-publish' }).click();
    await expect(toast(page, 'Game re-published')).toBeVisible();
    await expect(row).toHaveCount(0);

    await visitor.goto(`/games/${game.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await visitor.close();
  });

  test('resolving a game report can unpublish the game in the same step', async ({ page, request }) => {
    const title = `Reported Game ${Date.now()}`;
    const { token } = await signInAs(page, ADMIN_EMAIL);
    const game = await publishedGame(request, token, title);
    const reporter = await apiLogin(request, uniqueEmail('reporter'));
    const reported = await request.post(`/api/games/${game.id}/report`, { headers: { Authorization: `Bearer ${reporter.token}` }, data: { reason: 'malware' } });
    expect(reported.status(), await reported.text()).toBe(201);

    await openTab(page, 'Reports');
    const report = page.getByTestId('report').filter({ hasText: `Game ID: ${game.id}` });
    await report.getByRole('button', { name: 'Resolve & Unpublish' }).click();
    await page.getByRole('dialog', { name: 'Resolve and unpublish?' }).getByRole('button', { name: 'Resolve & Unpublish' }).click();
    await expect(toast(page, 'Report resolved')).toContainText('the game removed from the portal');
    await expect(report).toHaveCount(0);
    expect((await request.get(`/api/games/${game.slug}`)).status()).toBe(404);
  });

  test('a blocked user is signed out at once and cannot sign in until unblocked', async ({ page, browser }) => {
    const email = uniqueEmail('blocked');
    const userPage = await browser.newPage();
    await signInAs(userPage, email);
    await userPage.goto('/favorites');
    await expect(userPage.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();

    await signInAs(page, ADMIN_EMAIL);
    await openTab(page, 'Users');
    await page.getByLabel('Find users').fill(email);
    const row = page.getByTestId('admin-user').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Block ${email}` }).click();
    await page.getByRole('dialog', { name: 'Block user?' }).getByRole('button', { name: 'Block' }).click();
    await expect(toast(page, 'User blocked')).toBeVisible();
    await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

    // The session is gone: the user's next page finds them signed out.
    await userPage.reload();
    const signInButton = userPage.getByRole('banner').getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeVisible();

    // Signing in again: the code arrives, and the sign-in it would open is refused, saying why.
    const asked = outboxMark();
    await signInButton.click();
    const dialog = userPage.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByLabel('Sign-in code').fill(await readCode(email, asked));
    await dialog.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(dialog).toContainText('This account has been blocked by an administrator.');
    await userPage.close();

    await row.getByRole('button', { name: `Unblock ${email}` }).click();
    await expect(toast(page, 'User unblocked')).toBeVisible();
    await expect(row.getByText('Blocked', { exact: true })).toHaveCount(0);
    expect((await apiLogin(page.request, email)).token).toBeTruthy();
  });

  test('on a phone, the Users and All Games tabs fit the screen and work', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail('phone');
    await apiLogin(page.request, email);
    await signInAs(page, ADMIN_EMAIL);
    await openTab(page, 'Users');
    await page.getByLabel('Find users').fill(email);
    const row = page.getByTestId('admin-user').filter({ hasText: email });
    await expect(row.getByRole('button', { name: `Block ${email}` })).toBeInViewport();
    await expect(row.getByRole('button', { name: `Promote ${email}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('tab', { name: 'All Games' }).click();
    await page.getByLabel('Find games').fill('nova');
    const game = page.getByTestId('admin-game').filter({ hasText: 'Nova Blaster' });
    await expect(game.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
