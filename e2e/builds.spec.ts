import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_EMAIL, apiLogin, signInAs, toast, uniqueEmail } from './support';
import { zipOf } from '../tests/support/zips';

/** A 1×1 PNG: the build's thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dot</title>
<script src="/__playfree/sdk.js"></script></head>
<body style="margin:0;background:#123"><canvas id="c" width="300" height="300"></canvas><script src="game.js"></script></body></html>`;
const GAME = `document.getElementById('c').getContext('2d').fillRect(10, 10, 50, 50);
if (window.PlayFree) PlayFree.gameplayStart();`;

async function chooseZip(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('input[type=file]:not([webkitdirectory])').setInputFiles({ name, mimeType: 'application/zip', buffer });
}

test.describe('uploaded games (issue #24)', () => {
  test('a developer uploads the files, follows the checks and submits; the admin approves the game with its build; players play it', async ({ page, browser }) => {
    // A fresh portal checks its built-in games' builds first (one at a time), so the first upload may wait its turn.
    test.setTimeout(480_000);
    const title = `E2E Dot Tap ${Date.now()}`;
    await signInAs(page, uniqueEmail('builds-dev'));
    await page.goto('/developer');

    // Uploading is the default: no address asked, the thumbnail optional.
    await expect(page.getByRole('radio', { name: /Upload the game's files/ })).toBeChecked();
    await expect(page.getByLabel('Game URL')).toHaveCount(0);
    await page.getByLabel('Game title').fill(title);
    await page.getByLabel('Description').fill('Tap the dot.');
    await page.getByRole('checkbox', { name: 'Touch' }).check();
    await page.getByRole('combobox', { name: 'Saves progress' }).click();
    await page.getByRole('option', { name: 'Not saved' }).click();
    await page.getByRole('combobox', { name: 'Violence' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByRole('button', { name: 'Next: upload files' }).click();
    await expect(page.getByRole('heading', { name: `Upload the files of ${title}` })).toBeVisible();

    // A file that is not a zip: the server's words, as sent.
    await chooseZip(page, 'broken.zip', Buffer.from('not a zip at all'));
    await page.getByRole('button', { name: 'Upload build' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The build was not uploaded' })).toContainText('not a zip');

    await chooseZip(page, 'dot.zip', await zipOf({ 'index.html': INDEX, 'game.js': GAME, 'thumb.png': PNG }));
    await page.getByRole('button', { name: 'Upload build' }).click();
    const panel = page.getByTestId('build-panel');
    await expect(panel.getByRole('heading', { name: 'Version 1' })).toBeVisible();
    await expect(panel.getByRole('link', { name: /Try version 1/ })).toHaveAttribute('target', '_blank');
    // The checks run in the server's headless Chromium; the panel asks again until they are done.
    await expect(panel.getByTestId('build-checks')).toBeVisible({ timeout: 360_000 });
    await expect(panel.getByTestId('build-check').first()).toContainText(/Pass|Warning|Fail/);
    const submit = panel.getByRole('button', { name: 'Submit for review' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(toast(page, 'Build submitted')).toBeVisible();
    await expect(panel.getByText('It goes live with your game once the game is approved.')).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN_EMAIL);
    await admin.goto('/admin');
    // The Builds tab sends the admin to Pending Games for a game not published yet.
    await admin.getByRole('tab', { name: /Builds/ }).click();
    const build = admin.getByTestId('pending-build').filter({ hasText: title });
    await expect(build.getByText('Approve the game in Pending games: this build goes live with it.')).toBeVisible();
    await expect(build.getByRole('button', { name: /^Approve / })).toHaveCount(0);
    await expect(build.getByTestId('build-checks')).toBeVisible();
    await admin.getByRole('tab', { name: /Pending Games/ }).click();
    const pending = admin.getByTestId('pending-game').filter({ hasText: title });
    await expect(pending.getByTestId('pending-game-build')).toContainText('Goes live with build version 1');
    await pending.getByRole('button', { name: `Approve ${title}` }).click();
    await admin.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(toast(admin, 'Game approved')).toBeVisible();
    await adminContext.close();

    // The developer sees version 1 live; players get it from the game's own origin.
    await page.goto('/developer');
    await page.getByRole('tab', { name: /My Games/ }).click();
    const mine = page.getByTestId('my-game').filter({ hasText: title });
    await mine.getByRole('button', { name: `Builds of ${title}` }).click();
    const drawer = page.getByRole('dialog', { name: `Builds of ${title}` });
    await expect(drawer.getByTestId('build-row').first()).toContainText('Live');
    await expect(page).toHaveURL(/\?builds=\d+/);
    await page.keyboard.press('Escape');
    await mine.getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator(`iframe[title="${title} game"]`)).toHaveAttribute('src', /^http:\/\/[a-z0-9-]+\.localhost:\d+\//);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a new version that fails a check is fixed, submitted, approved live; then the developer rolls back', async ({ page, browser, request }) => {
      test.setTimeout(480_000);
      const title = `E2E Versions ${Date.now()}`;
      const version = (label: string) => zipOf({ 'index.html': INDEX.replace('<title>Dot</title>', `<title>${label}</title>`), 'game.js': GAME, 'thumb.png': PNG });
      const { token } = await signInAs(page, uniqueEmail('versions-dev'));
      const { token: adminToken } = await apiLogin(request, ADMIN_EMAIL);
      const auth = { authorization: `Bearer ${token}` };
      // Version 1 goes live through the API (the first test covers doing it in the pages).
      const created = await request.post('/api/dev/games', { headers: auth, data: { title, description: 'Versions.', hosted: true } });
      const { id, slug } = (await created.json()) as { id: number; slug: string };
      const first = (await (await request.post(`/api/dev/games/${id}/builds`, { headers: { ...auth, 'content-type': 'application/zip' }, data: await version('one') })).json()) as { id: number };
      await expect.poll(async () => ((await (await request.get(`/api/dev/games/${id}/builds/${first.id}`, { headers: auth })).json()) as { status: string }).status, { timeout: 360_000 }).toBe('READY');
      expect((await request.post(`/api/dev/games/${id}/builds/${first.id}/submit`, { headers: auth })).ok()).toBe(true);
      expect((await request.post(`/api/admin/games/${id}/approve`, { headers: { authorization: `Bearer ${adminToken}` } })).ok()).toBe(true);

      await page.goto(`/developer?builds=${id}`);
      const drawer = page.getByRole('dialog', { name: `Builds of ${title}` });
      // Version 2 never draws nor starts: its check fails and it cannot be submitted.
      await chooseZip(page, 'blank.zip', await zipOf({ 'index.html': '<!doctype html><title>Blank</title><body></body>', 'thumb.png': PNG }));
      await drawer.getByRole('button', { name: 'Upload build' }).click();
      const panel = drawer.getByTestId('build-panel');
      await expect(panel.getByRole('heading', { name: 'Version 2' })).toBeVisible();
      await expect(panel.getByRole('alert').filter({ hasText: 'Fix this and upload a new build' })).toBeVisible({ timeout: 360_000 });
      await expect(panel.getByTestId('build-check').filter({ hasText: 'Time to start' })).toHaveAttribute('data-verdict', 'fail');
      await expect(panel.getByRole('button', { name: 'Submit for review' })).toBeDisabled();

      // Version 3 fixes it, sent as the game's folder (zipped in the browser), and is submitted while version 1 stays live.
      const folder = join(mkdtempSync(join(tmpdir(), 'playfree-e2e-folder-')), 'versions-game');
      mkdirSync(folder);
      writeFileSync(join(folder, 'index.html'), INDEX.replace('<title>Dot</title>', '<title>three</title>'));
      writeFileSync(join(folder, 'game.js'), GAME);
      writeFileSync(join(folder, 'thumb.png'), PNG);
      await drawer.getByTestId('folder-input').setInputFiles(folder);
      await expect(drawer.getByText('The folder versions-game was zipped on this device')).toBeVisible();
      await drawer.getByRole('button', { name: 'Upload build' }).click();
      await expect(panel.getByRole('heading', { name: 'Version 3' })).toBeVisible();
      const submit = panel.getByRole('button', { name: 'Submit for review' });
      await expect(submit).toBeEnabled({ timeout: 360_000 });
      await submit.click();
      await expect(toast(page, 'Build submitted')).toContainText('It goes live once a reviewer approves it.');

      // The admin approves it from the Builds tab: it is live at once.
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signInAs(admin, ADMIN_EMAIL);
      await admin.goto('/admin');
      await admin.getByRole('tab', { name: /Builds/ }).click();
      const waiting = admin.getByTestId('pending-build').filter({ hasText: title });
      await expect(waiting.getByTestId('build-checks')).toBeVisible();
      await waiting.getByRole('button', { name: /^Approve / }).click();
      await admin.getByRole('button', { name: 'Approve and go live' }).click();
      await expect(waiting).toHaveCount(0);
      await adminContext.close();

      // Players get version 3 (the games origin trusts a game's live build for 5 s: ask until it shows).
      const playing = async () => {
        await page.goto(`/games/${slug}`);
        return page.frameLocator(`iframe[title="${title} game"]`).locator('title').textContent({ timeout: 30_000 });
      };
      await expect.poll(playing, { timeout: 60_000 }).toBe('three');
      await expect(page.getByText(/Version 3 ·/)).toBeVisible();
      // The phone keeps version 3's files for offline play (the game's own worker, once it has loaded).
      await expect(page.getByTestId('game-frame').getByTestId('play-offline-badge')).toBeVisible({ timeout: 60_000 });

      // The developer puts version 1 back.
      await page.goto(`/developer?builds=${id}`);
      await drawer.getByRole('button', { name: 'Make version 1 live' }).click();
      await page.getByRole('button', { name: 'Make it live' }).click();
      await expect(toast(page, 'Version changed')).toContainText('Players now get version 1.');
      await expect(drawer.getByTestId('build-row').filter({ hasText: 'Version 1' })).toContainText('Live');
      // The very next open gives version 1, as its page says: not the version 3 the phone kept, nor
      // the one the games origin trusted for a few seconds more (issue #38, point 8).
      await page.goto(`/games/${slug}`);
      await expect(page.getByText(/Version 1 ·/)).toBeVisible();
      await expect(page.locator(`iframe[title="${title} game"]`)).toHaveAttribute('src', /\?v=1$/);
      expect(await page.frameLocator(`iframe[title="${title} game"]`).locator('title').textContent()).toBe('one');
    });
  });
});
