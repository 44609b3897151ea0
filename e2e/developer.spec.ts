import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, outboxMark, readCode, signInAs, toast, uniqueEmail, withSignInLock } from './support';

test.describe('developer portal and moderation', () => {
  test('signed out: /developer pitches and /submit asks for sign-in', async ({ page }) => {
    await page.goto('/developer');
    await expect(page.getByRole('button', { name: /Sign In to get started/ })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.goto('/submit');
    await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Developer Portal' }).first()).toHaveAttribute('href', '/developer-portal');
    await expect(page.getByRole('link', { name: 'Game Guidelines' }).first()).toHaveAttribute('href', '/game-guidelines');
    await expect(page.getByRole('link', { name: 'API Documentation' }).first()).toHaveAttribute('href', '/api-docs');
  });

  test('submit a game, approve it as admin, find it published', async ({ page, browser }) => {
    const title = `E2E Space Hop ${Date.now()}`;
    await signInAs(page, uniqueEmail('dev'));
    await page.goto('/developer');
    await expect(page.getByRole('tab', { name: 'Submit Game' })).toHaveAttribute('aria-selected', 'true');
    // Uploading the game's files is the default (e2e/builds.spec.ts); this game is linked.
    await page.getByRole('radio', { name: /Link a game hosted elsewhere/ }).check();

    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();

    await page.getByLabel('Game title').fill(title);
    await page.getByLabel('Description').fill('Hop between asteroids and collect stars.');
    await page.getByLabel('Game URL').fill('http://localhost:9/not-https-but-local/');
    await page.getByLabel('Thumbnail URL').fill('ftp://example.com/thumb.png');
    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(page.getByText('Must be an http(s) URL')).toBeVisible();

    await page.getByLabel('Game URL').fill('https://example.com/space-hop/');
    await page.getByLabel('Thumbnail URL').fill('https://example.com/space-hop/thumb.png');
    // How it plays and what it contains must be declared (issue #14; e2e/game-facts.spec.ts covers them).
    await page.getByRole('checkbox', { name: 'Touch' }).check();
    await page.getByRole('combobox', { name: 'Saves progress' }).click();
    await page.getByRole('option', { name: 'Not saved' }).click();
    await page.getByRole('combobox', { name: 'Violence' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(toast(page, 'Game submitted successfully!')).toBeVisible();

    await expect(page.getByRole('tab', { name: /My Games/ })).toHaveAttribute('aria-selected', 'true');
    const mine = page.getByTestId('my-game').filter({ hasText: title });
    await expect(mine.getByText('PENDING')).toBeVisible();
    await expect(mine.getByRole('link', { name: /View/ })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByText(`Analytics of ${title} start once it is published.`)).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/admin-login');
    await withSignInLock(ADMIN_EMAIL, async () => {
      const asked = outboxMark();
      await admin.getByLabel('Email').fill(ADMIN_EMAIL);
      await admin.getByRole('button', { name: 'Login as Administrator' }).click();
      await admin.getByLabel('Sign-in code').fill(await readCode(ADMIN_EMAIL, asked));
      await admin.getByRole('button', { name: 'Login as Administrator' }).click();
      await expect(toast(admin, 'Welcome Administrator')).toBeVisible();
    });
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    for (const label of ['Pending Review', 'Open Reports', 'Total Games', 'Active Users']) {
      await expect(admin.getByText(label, { exact: true })).toBeVisible();
    }

    const pending = admin.getByTestId('pending-game').filter({ hasText: title });
    await expect(pending).toBeVisible();
    await expect(pending.getByText(/^Developer: /)).toBeVisible();
    await pending.getByRole('button', { name: `Preview ${title}` }).click();
    const preview = admin.getByRole('dialog', { name: `Preview: ${title}` });
    await expect(preview.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    await expect(preview.getByText('https://example.com/space-hop/')).toBeVisible();
    await admin.keyboard.press('Escape');

    // Publishing asks first, as approving a build does (issue #38, point 12).
    const totalGames = admin.getByRole('group', { name: 'Total Games' });
    await expect(totalGames).toContainText(/\d/);
    const gamesBefore = Number((await totalGames.innerText()).replace(/\D/g, ''));
    await pending.getByRole('button', { name: `Approve ${title}` }).click();
    await admin.getByRole('dialog', { name: `Publish ${title}?` }).getByRole('button', { name: 'Approve and publish' }).click();
    await expect(toast(admin, 'Game approved')).toContainText('The game has been approved and published.');
    await expect(pending).toHaveCount(0);
    // The dashboard's count follows without a reload (other tests may publish games meanwhile: at least one more).
    await expect.poll(async () => Number((await totalGames.innerText()).replace(/\D/g, ''))).toBeGreaterThan(gamesBefore);

    await admin.goto('/admin-login');
    await expect(admin).toHaveURL(/\/admin$/);
    await adminContext.close();

    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('game-card').filter({ hasText: title })).toBeVisible();

    await page.goto('/developer');
    await page.getByRole('tab', { name: /My Games/ }).click();
    const approved = page.getByTestId('my-game').filter({ hasText: title });
    await expect(approved.getByText('APPROVED')).toBeVisible();
    await approved.getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('reject removes a game from the review list', async ({ page, browser }) => {
    const title = `E2E Reject Me ${Date.now()}`;
    await signInAs(page, uniqueEmail('dev'));
    await page.goto('/submit');
    await page.getByLabel('Game title').fill(title);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Puzzle' });
    await page.getByLabel('Description').fill('A legacy submission.');
    await page.getByLabel('Game URL').fill('https://example.com/reject-me/');
    await page.getByLabel('Tags').fill('puzzle, test');
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(toast(page, 'Game Submitted!')).toContainText("We'll notify you once it's approved.");
    await expect(page.getByLabel('Game title')).toHaveValue('');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN_EMAIL);
    await admin.goto('/admin');
    const pending = admin.getByTestId('pending-game').filter({ hasText: title });
    await pending.getByRole('button', { name: `Reject ${title}` }).click();
    // Reasons are optional (e2e/review-queue.spec.ts gives some): reject without any.
    await admin.getByRole('dialog', { name: `Reject ${title}` }).getByRole('button', { name: 'Reject game' }).click();
    await expect(toast(admin, 'Game rejected')).toContainText('The game has been rejected and removed from review.');
    await expect(pending).toHaveCount(0);
    await adminContext.close();
  });

  test('non-admins get Access Denied at /admin and an inline error at /admin-login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

    await page.goto('/admin-login');
    const email = uniqueEmail('notadmin');
    const asked = outboxMark();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Login as Administrator' }).click();
    await page.getByLabel('Sign-in code').fill(await readCode(email, asked));
    await page.getByRole('button', { name: 'Login as Administrator' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Access denied. Admin privileges required.' })).toBeVisible();
    await expect(toast(page, 'Access Denied')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  });
});
