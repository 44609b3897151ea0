/**
 * The game's first download comes first (issue #56): the portal's offline helper installs the
 * game origin's worker and keeps the build's files only once the game has fetched every file of
 * its first download and drawn. Before, it did so as soon as the frame had loaded and the page was
 * idle, while an engine's wasm fetched after the load was still coming: the same 38 MB fetched twice
 * at once failed the game's own fetch (ERR_CACHE_WRITE_FAILURE).
 */
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, BUILD_CHECKS_TIMEOUT_MS, live, publishUploadedBuild, uniqueEmail } from './support';
import { zipOf } from '../tests/support/zips';

/** A 1×1 PNG: the build's thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
/** As an engine's loader does: the page loads, then its script fetches the big file and draws once it has it. */
const GAME_JS = `
addEventListener('load', () => {
  fetch('engine.bin').then((response) => response.arrayBuffer()).then((bytes) => {
    const canvas = document.getElementById('c');
    const context = canvas.getContext('2d');
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, canvas.width, canvas.height);
    document.getElementById('state').textContent = 'drawn ' + bytes.byteLength;
  });
});
`;
const ENGINE_BYTES = 300_000;
/** How long the test holds the game's fetch of engine.bin: longer than the portal's wait for an idle page (5 s). */
const HELD_MS = 8_000;

test("the offline helper keeps a game's files only after the game's own first download", async ({ page, request }) => {
  test.setTimeout(BUILD_CHECKS_TIMEOUT_MS + 90_000);
  const developer = await apiLogin(request, uniqueEmail('first-download'));
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const auth = { authorization: `Bearer ${developer.token}` };
  const created = await request.post('/api/dev/games', { headers: auth, data: { title: `First Download ${Date.now()}`, description: 'Fetches its engine after its page has loaded.', hosted: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const zip = await zipOf({
    'index.html': '<!doctype html><title>First Download</title><canvas id="c" width="320" height="180"></canvas><p id="state">loading</p><script src="game.js"></script>',
    'game.js': GAME_JS,
    'engine.bin': Buffer.alloc(ENGINE_BYTES, 7),
    'thumb.png': PNG,
  });
  await publishUploadedBuild(request, id, zip, developer.token, admin.token);
  const game = (await (await request.get(`/api/games/${slug}`)).json()) as { srcUrl: string; build: { playsOffline: boolean } | null };
  expect(game.build?.playsOffline, 'the build passed the offline check').toBe(true);
  const origin = new URL(game.srcUrl).origin;

  let released = 0;
  await page.route(`${origin}/engine.bin*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    released = Date.now();
    await route.continue();
  });
  // The games origin trusts a game's live build for up to 5 s: ask until the page frames it.
  await expect.poll(async () => (await page.goto(`/games/${slug}`))?.status()).toBe(200);
  await live(page);
  const frame = page.frameLocator('[data-testid="game-frame"] iframe');
  // When the game origin's worker is first registered, as the game's own page sees it, watched from the start.
  let registered = 0;
  let watching = true;
  const watch = (async () => {
    while (watching && registered === 0) {
      const found = await frame
        .locator('body')
        .evaluate(async () => (await navigator.serviceWorker.getRegistration('/')) !== undefined, undefined, { timeout: 1_000 })
        .catch(() => false);
      if (found) registered = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await expect(frame.locator('#state')).toHaveText(`drawn ${ENGINE_BYTES}`, { timeout: HELD_MS + 30_000 });
  await expect.poll(() => registered, { message: 'the helper registered the game origin’s worker', timeout: 30_000 }).toBeGreaterThan(0);
  watching = false;
  await watch;
  expect(released, 'the game fetched engine.bin').toBeGreaterThan(0);
  expect(registered, 'the worker came after the game had its engine').toBeGreaterThan(released);
  await expect(page.getByTestId('offline-game-saver')).toHaveCount(0, { timeout: 30_000 });
});
