import { expect, test } from '@playwright/test';
import { signInAs, uniqueEmail } from './support';
import { browserAt, DESKTOP, GAME, openGame, PHONE, shownBest } from './saves-support';

/**
 * The account page's "Your saves" section (issue #14, src/features/saves/YourSaves.tsx): lists the
 * account's cloud saves, downloads them as one file and imports that file into another account,
 * whose game then shows the imported best. On a phone and a desktop viewport.
 */
test.use({ serviceWorkers: 'block' });

for (const [name, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`Your saves on the account page downloads the saves and imports them into another account (${name})`, async ({ browser }) => {
    const owner = await browserAt(browser, { ...options, acceptDownloads: true });
    const { token } = await signInAs(owner, uniqueEmail('keeper'));
    const gameId = ((await (await owner.request.get(`/api/games/${GAME.slug}`)).json()) as { id: number }).id;
    const put = await owner.request.put(`/api/games/${gameId}/save`, { headers: { authorization: `Bearer ${token}` }, data: { data: { best: 777 }, version: 0 } });
    expect(put.status()).toBe(200);
    await owner.goto('/account');
    const section = owner.getByRole('region', { name: 'Your saves' });
    await expect(section.getByRole('list', { name: 'Games with a save' }).getByRole('listitem')).toHaveText([/^Spot Kick saved /]);
    const download = owner.waitForEvent('download');
    await section.getByRole('button', { name: 'Download saves' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^playfree-saves-\d{4}-\d{2}-\d{2}\.json$/);
    const path = await file.path();

    const other = await browserAt(browser, options);
    await signInAs(other, uniqueEmail('newcomer'));
    await other.goto('/account');
    const mine = other.getByRole('region', { name: 'Your saves' });
    await expect(mine.getByText('No saves yet.', { exact: false })).toBeVisible();
    const chooser = other.waitForEvent('filechooser');
    await mine.getByRole('button', { name: 'Import saves' }).click();
    await (await chooser).setFiles(path);
    await expect(mine.getByRole('status')).toContainText('Imported 1 save');
    await expect(mine.getByRole('list', { name: 'Games with a save' }).getByRole('listitem')).toHaveText([/^Spot Kick saved /]);

    // A file that is not a saves file imports nothing and says why.
    const wrong = other.waitForEvent('filechooser');
    await mine.getByRole('button', { name: 'Import saves' }).click();
    await (await wrong).setFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"notes","saves":[]}') });
    await expect(mine.getByRole('alert')).toContainText('format: Expected "playfree-saves"');

    await openGame(other);
    await expect(shownBest(other)).toHaveText('777');
    await owner.context().close();
    await other.context().close();
  });
}
