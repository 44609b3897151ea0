import { expect, test, type Page } from '@playwright/test';
import { ZipFile } from 'yazl';
import { ADMIN_EMAIL, signInAs, toast, uniqueEmail } from './support';

/** A 1×1 PNG: the build's thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dot</title>
<script src="/__playfree/sdk.js"></script></head>
<body style="margin:0;background:#123"><canvas id="c" width="300" height="300"></canvas><script src="game.js"></script></body></html>`;
const GAME = `document.getElementById('c').getContext('2d').fillRect(10, 10, 50, 50);
if (window.PlayFree) PlayFree.gameplayStart();`;

function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), path);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function chooseZip(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/zip', buffer });
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
});
