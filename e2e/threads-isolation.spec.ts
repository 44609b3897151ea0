/**
 * A game that needs threads plays cross-origin isolated inside the portal (issue #47): its game
 * page sends COOP/COEP and its frame carries allow="cross-origin-isolated", so SharedArrayBuffer
 * reaches the game (shared with a blob: worker, as Emscripten's pthreads do); every other page and
 * game stays as it was. The build starts from an inline script, as engines' index.html do.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, uniqueEmail } from './support';
import { zipOf } from '../tests/support/zips';

/** Draws a frame, then reports whether it is isolated and whether a blob: worker shares memory with it. */
const INDEX = `<!doctype html><title>Threads</title><canvas id="c" width="320" height="180"></canvas><p id="state">starting</p>
<script>
const ctx = document.getElementById('c').getContext('2d');
ctx.fillStyle = '#3a7'; ctx.fillRect(0, 0, 320, 180);
const state = document.getElementById('state');
if (!self.crossOriginIsolated) state.textContent = 'isolated:false';
else {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => { Atomics.store(e.data, 0, 42); postMessage(0); }'], { type: 'text/javascript' })));
  worker.onmessage = () => { state.textContent = 'isolated:true shared:' + Atomics.load(shared, 0); };
  worker.postMessage(shared);
}
</script>`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** A live hosted game of this build; `threads`: the developer ticks "needs threads" before submitting. */
async function liveGame(page: Page, request: APIRequestContext, token: string, admin: string, title: string, threads: boolean): Promise<{ title: string; slug: string; srcUrl: string }> {
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/dev/games', { headers: auth, data: { title, description: 'Counts on threads.', hosted: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const uploaded = await request.post(`/api/dev/games/${id}/builds`, { headers: { ...auth, 'content-type': 'application/zip' }, data: await zipOf({ 'index.html': INDEX, 'thumb.png': PNG }) });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const buildId = ((await uploaded.json()) as { id: number }).id;
  if (threads) expect((await request.post(`/api/dev/games/${id}/builds/${buildId}/threads`, { headers: auth, data: { threads: true } })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(`/api/dev/games/${id}/builds/${buildId}`, { headers: auth })).json()) as { status: string }).status, { timeout: 90_000 })
    .not.toBe('CHECKING');
  const submitted = await request.post(`/api/dev/games/${id}/builds/${buildId}/submit`, { headers: auth });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect((await request.post(`/api/admin/games/${id}/approve`, { headers: { authorization: `Bearer ${admin}` } })).status()).toBe(200);
  const game = (await (await request.get(`/api/games/${slug}`)).json()) as { srcUrl: string };
  await expect.poll(async () => (await page.goto(game.srcUrl))?.status()).toBe(200);
  return { title, slug, srcUrl: game.srcUrl };
}

test('a game that needs threads is cross-origin isolated in its game page, and only there', async ({ page, request }) => {
  test.setTimeout(240_000);
  const developer = await apiLogin(request, uniqueEmail('threads-dev'));
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const threaded = await liveGame(page, request, developer.token, admin.token, `Thread Weaver ${Date.now()}`, true);
  const plain = await liveGame(page, request, developer.token, admin.token, `Single Thread ${Date.now()}`, false);

  // The portal reads which games need threads again every 5 s (server/web/isolated-pages.ts): a game just approved is isolated within that.
  await expect
    .poll(async () => (await request.get(`/games/${threaded.slug}`)).headers()['cross-origin-embedder-policy'])
    .toBe('require-corp');
  // Opened from the server: the page and its frame are isolated, and memory is shared with a worker.
  const response = await page.goto(`/games/${threaded.slug}`);
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  const frame = page.frameLocator(`iframe[title="${threaded.title} game"]`);
  await expect(frame.locator('#state')).toHaveText('isolated:true shared:42', { timeout: 30_000 });
  await expect(page.locator(`iframe[title="${threaded.title} game"]`)).toHaveAttribute('allow', /cross-origin-isolated/);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);

  // Another game's page and the home page are not isolated; nor is that game.
  await page.goto(`/games/${plain.slug}`);
  await expect(page.frameLocator(`iframe[title="${plain.title} game"]`).locator('#state')).toHaveText('isolated:false', { timeout: 30_000 });
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const home = await page.goto('/');
  expect(home?.headers()['cross-origin-embedder-policy']).toBeUndefined();
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);

  // Reached inside the app (no new document): the page is opened again from the server, isolated.
  await page.goto(`/games/${plain.slug}`);
  // The app listens for in-app navigation once hydrated, which the frame's game shows (its address is
  // set by the app): a navigation before then went unheard on a loaded machine (2026-11-29).
  await expect(page.frameLocator(`iframe[title="${plain.title} game"]`).locator('#state')).toHaveText('isolated:false', { timeout: 30_000 });
  await page.evaluate((slug) => {
    history.pushState(null, '', `/games/${slug}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, threaded.slug);
  await expect(page).toHaveURL(new RegExp(`/games/${threaded.slug}\\?isolated=1`), { timeout: 30_000 });
  await expect(page.frameLocator(`iframe[title="${threaded.title} game"]`).locator('#state')).toHaveText('isolated:true shared:42', { timeout: 30_000 });
});
