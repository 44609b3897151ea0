import { expect, test, type Frame, type Page } from '@playwright/test';
import { signInAs, signInWithDialog, uniqueEmail } from './support';
import { browserAt, DESKTOP, GAME, openGame, PHONE, shownBest } from './saves-support';

/**
 * Cloud saves (issue #14): a built-in game keeps its progress (the best score) through the SDK's
 * save/load, so it follows the account from one browser to another: a desktop and a phone here,
 * each its own browser context with its own storage.
 */
test.use({ serviceWorkers: 'block' });

/** Plays a round to its end with `score`, as the game's own code ends one (Kit.end). */
async function finishRound(game: Frame, score: number): Promise<void> {
  await game.evaluate((value) => {
    const kit = (window as unknown as { Kit: { begin(): void; end(n: number): void } }).Kit;
    kit.begin();
    kit.end(value);
  }, score);
}

const savedTo = (page: Page, status: number) =>
  page.waitForResponse((response) => response.url().endsWith('/save') && response.request().method() === 'PUT' && response.status() === status);

async function accountSave(page: Page, token: string, gameId: number) {
  const response = await page.request.get(`/api/games/${gameId}/save`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: { best?: number }; version: number } | null;
}

test('a best score set on a desktop shows on a phone signed in to the same account, and back', async ({ browser }) => {
  const email = uniqueEmail('saver');
  const desktop = await browserAt(browser, DESKTOP);
  await signInAs(desktop, email);
  const desktopGame = await openGame(desktop);
  await expect(shownBest(desktop)).toHaveText('0');
  const firstSave = savedTo(desktop, 200);
  await finishRound(desktopGame, 640);
  await firstSave;

  const phone = await browserAt(browser, PHONE);
  const { token } = await signInAs(phone, email);
  const phoneGame = await openGame(phone);
  // Nothing of this browser's own: the best came from the account.
  await expect(shownBest(phone)).toHaveText('640');
  await expect(phone.frameLocator(`iframe[title="${GAME.title} game"]`).getByText('Best: 640')).toBeVisible();

  const secondSave = savedTo(phone, 200);
  await finishRound(phoneGame, 910);
  await secondSave;
  const gameId = ((await (await phone.request.get(`/api/games/${GAME.slug}`)).json()) as { id: number }).id;
  expect(await accountSave(phone, token, gameId)).toMatchObject({ data: { best: 910 }, version: 2 });

  await desktop.reload();
  await expect(desktop.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
  await expect(shownBest(desktop)).toHaveText('910');
  await desktop.context().close();
  await phone.context().close();
});

test('a round played signed out goes to the account on signing in, and a lower best never wins', async ({ browser }) => {
  const email = uniqueEmail('latecomer');
  const phone = await browserAt(browser, PHONE);
  const game = await openGame(phone);
  const puts: number[] = [];
  phone.on('response', (response) => {
    if (response.url().endsWith('/save') && response.request().method() === 'PUT') puts.push(response.status());
  });
  await finishRound(game, 450);
  // Signed out the save stays in this browser: nothing is sent.
  expect(puts).toEqual([]);

  // Meanwhile another device saved a lower best to the account.
  const other = await browserAt(browser, DESKTOP);
  const { token } = await signInAs(other, email);
  const gameId = ((await (await other.request.get(`/api/games/${GAME.slug}`)).json()) as { id: number }).id;
  const seeded = await other.request.put(`/api/games/${gameId}/save`, { headers: { authorization: `Bearer ${token}` }, data: { data: { best: 120 }, version: 0 } });
  expect(seeded.status()).toBe(200);

  // Signing in while the game runs: the device save meets the account's (both made from no
  // version), the game's merge keeps the higher best, and that is written over the account's.
  const merged = savedTo(phone, 200);
  await signInWithDialog(phone, email);
  await merged;
  expect(puts).toEqual([200]);
  expect(await accountSave(other, token, gameId)).toMatchObject({ data: { best: 450 }, version: 2 });

  await openGame(other);
  await expect(shownBest(other)).toHaveText('450');
  await phone.context().close();
  await other.context().close();
});

test('a round finished offline stays on the device and reaches the account when the connection returns', async ({ browser }) => {
  const phone = await browserAt(browser, PHONE);
  const { token } = await signInAs(phone, uniqueEmail('commuter'));
  const game = await openGame(phone);
  const gameId = ((await (await phone.request.get(`/api/games/${GAME.slug}`)).json()) as { id: number }).id;
  await phone.context().setOffline(true);
  await finishRound(game, 275);
  await expect.poll(() => game.evaluate(() => (window as unknown as { PlayFree: { localSave(): unknown } }).PlayFree.localSave())).toEqual({ best: 275 });
  expect(await accountSave(phone, token, gameId)).toBeNull();

  const synced = savedTo(phone, 200);
  await phone.context().setOffline(false);
  await synced;
  expect(await accountSave(phone, token, gameId)).toMatchObject({ data: { best: 275 }, version: 1 });
  await phone.context().close();
});

test('every save downloads as one JSON file that another account imports', async ({ browser }) => {
  const page = await browserAt(browser, DESKTOP);
  const { token } = await signInAs(page, uniqueEmail('exporter'));
  const game = await openGame(page);
  const saved = savedTo(page, 200);
  await finishRound(game, 333);
  await saved;

  const exported = await page.request.get('/api/me/saves', { headers: { authorization: `Bearer ${token}` } });
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="playfree-saves-\d{4}-\d{2}-\d{2}\.json"$/);
  const file = (await exported.json()) as { format: string; saves: { game: { slug: string }; data: { best: number } }[] };
  expect(file.format).toBe('playfree-saves');
  expect(file.saves.map((save) => [save.game.slug, save.data.best])).toEqual([[GAME.slug, 333]]);

  const phone = await browserAt(browser, PHONE);
  const second = await signInAs(phone, uniqueEmail('importer'));
  const imported = await phone.request.post('/api/me/saves', { headers: { authorization: `Bearer ${second.token}` }, data: file });
  expect(await imported.json()).toEqual({ imported: 1, skipped: [] });
  await openGame(phone);
  await expect(shownBest(phone)).toHaveText('333');
  await page.context().close();
  await phone.context().close();
});

test('a frame of the games origin that is not the game frame gets no answer and writes nothing', async ({ browser }) => {
  const page = await browserAt(browser, DESKTOP);
  const { token } = await signInAs(page, uniqueEmail('guarded'));
  const saveCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/games\/\d+\/save$/.test(request.url())) saveCalls.push(`${request.method()} ${request.url()}`);
  });
  await openGame(page);
  const gameSrc = await page.locator(`iframe[title="${GAME.title} game"]`).getAttribute('src');
  const loadsOfTheGame = saveCalls.length;
  // Another game of the same (allowlisted) origin, framed by someone else on the page.
  await page.evaluate((src) => {
    const other = document.createElement('iframe');
    other.src = src.replace(/\/[a-z-]+\/$/, '/snake-garden/');
    other.title = 'intruder';
    document.body.append(other);
  }, gameSrc!);
  const intruder = (await (await page.locator('iframe[title="intruder"]').elementHandle())!.contentFrame())!;
  await intruder.waitForFunction(() => 'PlayFree' in window, undefined, { polling: 100 });
  const answers = await intruder.evaluate(async () => {
    const sdk = (window as unknown as { PlayFree: { save(data: unknown): Promise<{ stored: string }>; load(): Promise<unknown> } }).PlayFree;
    return [await sdk.save({ best: 999_999 }), await sdk.load()];
  });
  // Unanswered, the SDK keeps its device copy (after its 8 s wait).
  expect(answers).toEqual([{ stored: 'device', data: { best: 999_999 }, reason: 'offline' }, { best: 999_999 }]);
  expect(saveCalls.slice(loadsOfTheGame)).toEqual([]);
  const file = await page.request.get('/api/me/saves', { headers: { authorization: `Bearer ${token}` } });
  expect(((await file.json()) as { saves: unknown[] }).saves).toEqual([]);
  await page.context().close();
});
