import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, toast, uniqueEmail } from './support';

test.describe('reports', () => {
  test('anyone can send a general report; the admin resolves it', async ({ page, browser }) => {
    const title = `Report target ${Date.now()}`;
    await page.goto('/report');
    await expect(page.getByRole('heading', { level: 1, name: 'Report a Game' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('medium');
    await expect(page.getByRole('combobox', { name: 'Priority' }).locator('option:checked')).toHaveText('Medium');

    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(page.getByText('Choose a report type')).toBeVisible();

    await page.getByLabel('Game URL').fill('http://localhost/games/paddle-duel');
    await page.getByLabel('Game title').fill(title);
    await page.getByRole('combobox', { name: 'Report type' }).selectOption({ label: 'Technical Issue' });
    await page.getByLabel('Description').fill('The paddle freezes after a minute.');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expect(toast(page, 'Report Submitted')).toContainText("Thank you for your report. We'll investigate this issue.");
    await expect(page.getByLabel('Game title')).toHaveValue('');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN_EMAIL);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: /Reports/ }).click();
    const report = admin.getByTestId('report').filter({ hasText: title });
    await expect(report.getByText('OPEN')).toBeVisible();
    await report.getByRole('button', { name: 'Resolve' }).click();
    await expect(report).toHaveCount(0);

    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.getByRole('option', { name: 'Resolved Reports' }).click();
    await expect(admin.getByTestId('report').filter({ hasText: title }).getByText('RESOLVED')).toBeVisible();

    await adminContext.close();
  });

  test('the admin dismisses an open report', async ({ page, request }) => {
    const title = `Dismiss target ${Date.now()}`;
    const created = await request.post('/trpc/reports.create', {
      data: { gameUrl: 'http://localhost/games/nova-blaster', gameTitle: title, reportType: 'misleading', description: 'Not what it says.' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signInAs(page, ADMIN_EMAIL);
    await page.goto('/admin');
    await page.getByRole('tab', { name: /Reports/ }).click();
    const report = page.getByTestId('report').filter({ hasText: title });
    await expect(report.getByText('misleading')).toBeVisible();
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await expect(report).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Dismissed Reports' }).click();
    const dismissed = page.getByTestId('report').filter({ hasText: title });
    await expect(dismissed.getByText('DISMISSED')).toBeVisible();
    await expect(dismissed.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  });

  test('the report e-mail is prefilled for signed-in users', async ({ page }) => {
    const email = uniqueEmail('reporter');
    await signInAs(page, email);
    await page.goto('/report');
    await expect(page.getByLabel('Your email')).toHaveValue(email);
  });
});
