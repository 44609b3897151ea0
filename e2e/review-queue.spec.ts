import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, readMail, signInAs, toast, uniqueEmail } from './support';

test.describe('the open review queue (issue #13)', () => {
  test('a developer submits with categories and tags, edits it while pending, is rejected with reasons and sees them', async ({ page, browser }) => {
    const stamp = Date.now();
    const title = `E2E Queue ${stamp}`;
    const email = uniqueEmail('queue');
    await signInAs(page, email);
    await page.goto('/developer');

    // A webhook first, so the decision reaches it too.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL').fill('http://hooks.example.com/playfree');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Must use HTTPS (HTTP only for localhost or an IP address)')).toBeVisible();
    await page.getByLabel('Endpoint URL').fill(`https://hooks-${stamp}.example.com/playfree`);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^[0-9a-f]{64}$/);
    const webhook = page.getByTestId('webhook').filter({ hasText: `https://hooks-${stamp}.example.com/playfree` });
    await expect(webhook.getByText('game.rejected')).toBeVisible();

    await page.getByRole('tab', { name: 'Submit Game' }).click();
    await page.getByRole('radio', { name: /Link a game hosted elsewhere/ }).check();
    await page.getByLabel('Game title').fill(`${title} draft`);
    await page.getByLabel('Description').fill('Slide the tiles until the picture is whole.');
    await page.getByLabel('Game URL').fill(`https://queue-${stamp}.example.com/play/`);
    await page.getByLabel('Thumbnail URL').fill(`https://queue-${stamp}.example.com/thumb.png`);
    await page.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Puzzle' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Tags' }).fill('sliding');
    await page.keyboard.press('Enter');
    await page.getByLabel('Studio name').fill('Queue Test Studio');
    await page.getByRole('checkbox', { name: 'Touch' }).check();
    await page.getByRole('combobox', { name: 'Saves progress' }).click();
    await page.getByRole('option', { name: 'Not saved' }).click();
    await page.getByRole('combobox', { name: 'Violence' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(toast(page, 'Game submitted successfully!')).toBeVisible();

    await expect(page.getByRole('tab', { name: /My Games/ })).toHaveAttribute('aria-selected', 'true');
    let mine = page.getByTestId('my-game').filter({ hasText: `${title} draft` });
    await expect(mine.getByText('PENDING')).toBeVisible();
    await expect(mine.getByText(/(Next|Position \d+) in the review queue/)).toBeVisible();

    // Edit it while it waits: it keeps its place.
    await mine.getByRole('button', { name: `Edit ${title} draft` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${title} draft` });
    await expect(edit.getByText('Puzzle')).toBeVisible();
    await expect(edit.getByText('sliding')).toBeVisible();
    await edit.getByLabel('Game title').fill(title);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Game updated')).toBeVisible();
    mine = page.getByTestId('my-game').filter({ hasText: title });
    await expect(page.getByTestId('my-game').filter({ hasText: `${title} draft` })).toHaveCount(0);
    await expect(mine).toHaveCount(1);

    // The admin rejects it with a guideline reason and a message.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN_EMAIL);
    await admin.goto('/admin');
    const pending = admin.getByTestId('pending-game').filter({ hasText: title });
    await expect(pending.getByText('Puzzle')).toBeVisible();
    await expect(pending.getByText('Queue Test Studio')).toBeVisible();
    await pending.getByRole('button', { name: `Reject ${title}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Reject ${title}` });
    await dialog.getByRole('checkbox', { name: 'The game takes more than 30 seconds to load.' }).check();
    await dialog.getByLabel('Message to the developer').fill('The title screen never finishes loading.');
    const sentAt = Date.now() - 1_000;
    await dialog.getByRole('button', { name: 'Reject game' }).click();
    await expect(toast(admin, 'Game rejected')).toContainText('The game has been rejected and removed from review.');
    await expect(pending).toHaveCount(0);
    await adminContext.close();

    // The developer sees the decision and why, in My Games, by e-mail and in the webhook's log.
    await page.reload();
    await page.getByRole('tab', { name: /My Games/ }).click();
    mine = page.getByTestId('my-game').filter({ hasText: title });
    await expect(mine.getByText('REJECTED')).toBeVisible();
    await expect(mine.getByText('Why it was not approved')).toBeVisible();
    await expect(mine.getByText('The game takes more than 30 seconds to load.')).toBeVisible();
    await expect(mine.getByText('The title screen never finishes loading.')).toBeVisible();
    await expect(mine.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
    const mail = await readMail(email, /was not approved/, sentAt);
    expect(mail.text).toContain('The title screen never finishes loading.');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await webhook.getByRole('button', { name: 'Show deliveries' }).click();
    await expect(webhook.getByTestId('webhook-delivery').filter({ hasText: 'game.rejected' })).toBeVisible();

    await page.goto('/guidelines');
    await expect(page.getByText('Review queue', { exact: true })).toBeVisible();
    await expect(page.getByText(/Median time to a decision over the last 30 days/)).toBeVisible();
  });
});
