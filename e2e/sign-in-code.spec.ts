/** The sign-in code step (issue #5): paste signs in, resend waits a minute, sign out everywhere. */
import { expect, test } from '@playwright/test';
import { apiLogin, outboxMark, readCode, uniqueEmail } from './support';

test('a pasted code signs in at once; a new code can be asked for after 60 s', async ({ page, context }) => {
  const email = uniqueEmail('paste');
  await page.goto('/');
  const asked = outboxMark();
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  const code = await readCode(email, asked);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${code.slice(0, 4)} ${code.slice(4)}`);
  await dialog.getByLabel('Sign-in code').focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByText(email.split('@')[0]!.split('-')[0]!, { exact: false }).first()).toBeVisible();
});

test('sign out everywhere revokes the other sessions of the account', async ({ page, request }) => {
  const email = uniqueEmail('everywhere');
  const other = await apiLogin(request, email);
  const mine = await apiLogin(request, email);
  await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), mine.token);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: /everywhere/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const check = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${other.token}` } });
  expect(check.status()).toBe(401);
});
