/**
 * A player's click and tap reach a threaded game on its game page (issue #56): the real Emscripten
 * -pthread export of tests/fixtures/engine-builds, live, on its cross-origin isolated page (COOP,
 * COEP, its frame allow="cross-origin-isolated"), on a desktop and a phone. A mouse click in such a
 * frame was once reported not to reach the game; what the game's own document receives is read.
 */
import { expect, test, type Browser, type Frame, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, BUILD_CHECKS_TIMEOUT_MS, publishUploadedBuild, uniqueEmail } from './support';
import { engineBuildZip } from '../tests/support/engine-builds';

/** A 1×1 PNG: the build's thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** Records, inside the game's page, the pointer, mouse and touch events its canvas gets. */
function listenOnCanvas(): void {
  const canvas = document.querySelector('canvas')!;
  const seen: string[] = [];
  (window as Window & { seenEvents?: string[] }).seenEvents = seen;
  for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'touchstart', 'touchend']) {
    canvas.addEventListener(type, () => seen.push(type), { capture: true });
  }
}

async function gameFrame(page: Page, title: string): Promise<Frame> {
  const element = page.locator(`iframe[title="${title} game"]`);
  await expect(element).toHaveAttribute('src', /^http:\/\//, { timeout: 30_000 });
  return (await (await element.elementHandle())!.contentFrame())!;
}

/** Opens the game's page at this size, then clicks (or taps) the middle of its canvas: the game's page must get it. */
async function pressCanvas(browser: Browser, slug: string, title: string, device: { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean }): Promise<string[]> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  try {
    await page.goto(`/games/${slug}?isolated=1`);
    const frame = await gameFrame(page, title);
    await expect.poll(() => frame.evaluate(() => self.crossOriginIsolated && document.querySelector('canvas') !== null).catch(() => false), { timeout: 30_000 }).toBe(true);
    await frame.evaluate(listenOnCanvas);
    // A game registers its handlers as it starts, long before a player taps; these were added just
    // now. Chromium sends a touch to a page only where its compositor knows of a touch handler, and
    // it learns of new ones with the next frame: a tap before it arrived as mouse events alone
    // (CI, 2026-11-29). Two frames later the handlers are known.
    await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    const box = (await frame.locator('canvas').first().boundingBox())!;
    expect(box.width * box.height, 'the canvas is on screen').toBeGreaterThan(0);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (device.hasTouch) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await expect.poll(() => frame.evaluate(() => (window as Window & { seenEvents?: string[] }).seenEvents ?? [])).toContain(device.hasTouch ? 'touchstart' : 'mousedown');
    return await frame.evaluate(() => (window as Window & { seenEvents?: string[] }).seenEvents ?? []);
  } finally {
    await context.close();
  }
}

test('a click and a tap reach a threaded game on its cross-origin isolated game page', async ({ browser, request }) => {
  test.setTimeout(BUILD_CHECKS_TIMEOUT_MS + 120_000);
  const developer = await apiLogin(request, uniqueEmail('threads-input'));
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const auth = { authorization: `Bearer ${developer.token}` };
  const title = `Threaded Input ${Date.now()}`;
  const created = await request.post('/api/dev/games', { headers: auth, data: { title, description: 'The -pthread Emscripten fixture.', hosted: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  await publishUploadedBuild(request, id, await engineBuildZip('emscripten-threads', { 'thumb.png': PNG }), developer.token, admin.token);
  // The games origin trusts a game's live build for up to 5 s: wait until it serves this one.
  await expect.poll(async () => (await request.get(`/api/games/${slug}`)).status()).toBe(200);
  // The portal reads which pages are isolated every 5 s (server/web/isolated-pages.ts): wait until this one is.
  await expect.poll(async () => (await request.get(`/games/${slug}`)).headers()['cross-origin-embedder-policy']).toBe('require-corp');

  const desktop = await pressCanvas(browser, slug, title, { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });
  expect(desktop).toEqual(expect.arrayContaining(['pointerdown', 'mousedown', 'mouseup', 'click']));
  const phone = await pressCanvas(browser, slug, title, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  expect(phone).toEqual(expect.arrayContaining(['pointerdown', 'touchstart', 'touchend']));
});
