import { expect, test } from '@playwright/test';
import { signInAs, uniqueEmail } from './support';

test.describe('API documentation: keys and Try it', () => {
  test('signed out: Generate Key asks to sign in, and Try it needs a key', async ({ page }) => {
    await page.goto('/api-docs');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Games API' }).click();
    const listGames = page.locator('#list-games');
    await listGames.getByRole('button', { name: 'Try it' }).click();
    await expect(listGames.getByText('Enter or generate an API key in the Overview tab first.')).toBeVisible();
  });

  test('generate a key, call the real API with Try it, then revoke the key', async ({ page }) => {
    await signInAs(page, uniqueEmail('api'));
    await page.goto('/api-docs');
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Generate Key' }).click();

    const shown = page.getByTestId('new-api-key');
    await expect(shown).toHaveText(/^pf_live_[0-9A-Za-z]{32}$/);
    const key = (await shown.textContent())!;
    await expect(page.getByRole('textbox', { name: 'API key' })).toHaveValue(key);
    await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
    const rows = page.getByTestId('api-key');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(key.slice(0, 14));
    await expect(rows.first()).toContainText('Never');
    await expect(page.getByText(`Authorization: Bearer ${key}`)).toBeVisible();

    await page.getByRole('tab', { name: 'Games API' }).click();
    const listGames = page.locator('#list-games');
    await listGames.getByRole('button', { name: 'Try it' }).click();
    await expect(listGames.getByText('Answer · 200 OK')).toBeVisible();
    const answer = JSON.parse((await listGames.locator('pre').last().textContent())!) as { games: { title: string }[]; total: number; limit: number };
    expect(answer.limit).toBe(10);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.games.length).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    const analytics = page.locator('#game-analytics');
    await analytics.getByRole('textbox', { name: 'Game id' }).fill('999999');
    await analytics.getByRole('button', { name: 'Try it' }).click();
    await expect(analytics.getByText('Answer · 404 Not Found')).toBeVisible();
    await expect(analytics.getByText('"message": "Game not found"')).toBeVisible();

    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('api-key').first()).not.toContainText('Never');
    await page.getByRole('button', { name: /^Revoke key pf_live_/ }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    await page.getByRole('tab', { name: 'Games API' }).click();
    await page.locator('#list-games').getByRole('button', { name: 'Try it' }).click();
    await expect(page.locator('#list-games').getByText('Answer · 401 Unauthorized')).toBeVisible();
  });

  test('the developer portal lists the same keys', async ({ page }) => {
    await signInAs(page, uniqueEmail('api-portal'));
    await page.goto('/developer');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Generate Key' }).click();
    await expect(page.getByTestId('new-api-key')).toHaveText(/^pf_live_/);
    await expect(page.getByTestId('api-key')).toHaveCount(1);
    await page.getByRole('button', { name: 'Dismiss key' }).click();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    await page.goto('/api-docs');
    await expect(page.getByTestId('api-key')).toHaveCount(1);
  });
});
