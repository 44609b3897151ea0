/**
 * Each uploaded game runs on an origin of its own (issue #24): two live games, one writes
 * localStorage and a cookie, the other sees neither, alone or framed by the portal.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, uniqueEmail } from './support';
import { zipOf } from '../tests/support/zips';

/** A game whose page writes `secret` to its storage and a cookie, then shows what it can read. */
const GAME_JS = `
const seen = { storage: localStorage.getItem('secret'), cookie: document.cookie };
document.getElementById('seen').textContent = JSON.stringify(seen);
if (location.hash === '#write') {
  localStorage.setItem('secret', location.hostname);
  document.cookie = 'secret=' + location.hostname + '; path=/; max-age=600';
  document.getElementById('wrote').textContent = 'wrote';
}
`;
/** A 1×1 PNG: the build's thumbnail (a broken image on the home page would be another spec's console error). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const build = () => zipOf({ 'index.html': '<!doctype html><title>Vault</title><p id="seen"></p><p id="wrote"></p><script src="game.js"></script>', 'game.js': GAME_JS, 'thumb.png': PNG });

/** Submits a hosted game, uploads its build, waits for the checks, submits it and has the admin approve the game. */
async function liveGame(page: Page, request: APIRequestContext, token: string, admin: string, title: string): Promise<{ title: string; slug: string; srcUrl: string }> {
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/dev/games', { headers: auth, data: { title, description: 'Keeps a secret.', hosted: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const uploaded = await request.post(`/api/dev/games/${id}/builds`, { headers: { ...auth, 'content-type': 'application/zip' }, data: await build() });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const buildId = ((await uploaded.json()) as { id: number }).id;
  // The server's checks load the build in headless Chromium: poll until they are done.
  await expect
    .poll(async () => ((await (await request.get(`/api/dev/games/${id}/builds/${buildId}`, { headers: auth })).json()) as { status: string }).status, { timeout: 90_000 })
    .not.toBe('CHECKING');
  expect((await request.post(`/api/dev/games/${id}/builds/${buildId}/submit`, { headers: auth })).status()).toBe(200);
  expect((await request.post(`/api/admin/games/${id}/approve`, { headers: { authorization: `Bearer ${admin}` } })).status()).toBe(200);
  const game = (await (await request.get(`/api/games/${slug}`)).json()) as { srcUrl: string };
  // The games origin trusts a game's live build for up to 5 s (docs/API.md): ask until it serves it
  // (from the browser: *.localhost names resolve there, not always in Node).
  await expect.poll(async () => (await page.goto(game.srcUrl))?.status()).toBe(200);
  return { title, slug, srcUrl: game.srcUrl };
}

test('two uploaded games cannot read each other’s storage or cookies', async ({ page, request }) => {
  test.setTimeout(240_000);
  const developer = await apiLogin(request, uniqueEmail('vault-dev'));
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const first = await liveGame(page, request, developer.token, admin.token, `Vault One ${Date.now()}`);
  const second = await liveGame(page, request, developer.token, admin.token, `Vault Two ${Date.now()}`);
  expect(new URL(first.srcUrl).origin).not.toBe(new URL(second.srcUrl).origin);

  await page.goto(`${first.srcUrl}#write`);
  await expect(page.locator('#wrote')).toHaveText('wrote');
  await page.goto(first.srcUrl);
  const firstHost = new URL(first.srcUrl).hostname;
  await expect(page.locator('#seen')).toHaveText(JSON.stringify({ storage: firstHost, cookie: `secret=${firstHost}` }));

  await page.goto(second.srcUrl);
  await expect(page.locator('#seen')).toHaveText(JSON.stringify({ storage: null, cookie: '' }));

  // Framed by the portal's game page, the second game still sees nothing of the first.
  await page.goto(`/games/${second.slug}`);
  const frame = page.frameLocator(`iframe[title="${second.title} game"]`);
  await expect(frame.locator('#seen')).toHaveText(JSON.stringify({ storage: null, cookie: '' }), { timeout: 30_000 });
});
