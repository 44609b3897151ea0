/**
 * Engine exports as developers upload them (issue #47), where no real published build of the kind
 * is in the corpus (real-builds.spec.ts plays a real Unity .br export, Emscripten games and Phaser
 * games): real Emscripten -pthread output, a Unity-style build with .gz files and a Godot-4-style
 * threaded export pass their checks and play, on a desktop and on a phone, inside the portal's game
 * page and on their preview hosts; a Unity build without its wasm, a script that throws at once and
 * a canvas left blank fail their checks with the cause named. Engine code (inline scripts, wasm,
 * threads) still cannot read another game's storage nor navigate the portal.
 */
import { expect, test, type APIRequestContext, type Browser, type Frame, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, BUILD_CHECKS_TIMEOUT_MS, uniqueEmail } from './support';
import { canvasColours } from './canvas-support';
import { BROKEN_ENGINE_BUILDS, type EngineBuild, engineBuildZip, THREADED_ENGINE_BUILDS, WORKING_ENGINE_BUILDS } from '../tests/support/engine-builds';

/** A 1×1 PNG: the build's thumbnail. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * What the Engine check names for each look-alike played here. The other working look-alikes
 * (emscripten, unity-br, phaser) are checked in Chromium by engine-builds.test.ts; real builds of
 * their kinds play in real-builds.spec.ts.
 */
const ENGINES = {
  'emscripten-threads': /^Emscripten, built with -pthread, recognised by index\.js \(threaded export/,
  'unity-gz': /^Unity 2020\.3 or later, recognised by Build\/Fixture\.loader\.js \(gzip-compressed\)/,
  'godot-threads': /^Godot 4, recognised by index\.html’s GODOT_CONFIG \(threaded export/,
} satisfies Partial<Record<(typeof WORKING_ENGINE_BUILDS)[number], RegExp>>;
const PLAYED = Object.keys(ENGINES) as (keyof typeof ENGINES)[];

/** The cause the start check names for each broken build. */
const CAUSES: Record<(typeof BROKEN_ENGINE_BUILDS)[number], RegExp> = {
  'unity-missing-wasm': /^Build\/Fixture\.wasm\.br could not be loaded \(404/,
  'broken-throws': /^an uncaught error before anything was drawn: ReferenceError: LEVELS is not defined \(game\.js, line 2\); nothing was drawn/,
  'broken-blank': /^nothing was drawn on the canvas #game \(320 × 480 px\) within 20 s/,
};

type Check = { id: string; verdict: string; measured: string };
type Uploaded = { name: EngineBuild; id: number; slug: string; title: string; buildId: number; previewUrl: string };

/** Waits until a frame with at least two colours (the fixtures' background and shapes) is drawn. */
async function expectDrawnFrame(target: Page | Frame, what: string): Promise<void> {
  await expect.poll(() => target.evaluate(canvasColours).catch(() => 0), { message: `${what} draws a frame`, timeout: 30_000 }).toBeGreaterThan(1);
}

async function gameFrame(page: Page, game: Uploaded): Promise<Frame> {
  const element = page.locator(`iframe[title="${game.title} game"]`);
  await expect(element).toHaveAttribute('src', /^http:\/\//, { timeout: 30_000 });
  const frame = await (await element.elementHandle())!.contentFrame();
  return frame!;
}

async function upload(request: APIRequestContext, token: string, name: EngineBuild): Promise<Uploaded> {
  const auth = { authorization: `Bearer ${token}` };
  const title = `Engine ${name} ${Date.now()}`;
  const created = await request.post('/api/dev/games', { headers: auth, data: { title, description: `The ${name} fixture.`, hosted: true } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  const uploaded = await request.post(`/api/dev/games/${id}/builds`, {
    headers: { ...auth, 'content-type': 'application/zip' },
    data: await engineBuildZip(name, { 'thumb.png': PNG }),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const build = (await uploaded.json()) as { id: number; previewUrl: string };
  return { name, id, slug, title, buildId: build.id, previewUrl: build.previewUrl };
}

async function checked(request: APIRequestContext, token: string, game: Uploaded): Promise<{ status: string; checks: { items: Check[] } }> {
  const read = async () => (await (await request.get(`/api/dev/games/${game.id}/builds/${game.buildId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string; checks: { items: Check[] } };
  await expect.poll(async () => (await read()).status, { message: `${game.name} is checked`, timeout: BUILD_CHECKS_TIMEOUT_MS }).not.toBe('CHECKING');
  return read();
}

/** Opens each game in its portal page and on its preview host, on a browser of this size, and sees it draw. */
async function playEach(browser: Browser, games: readonly Uploaded[], device: { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean }): Promise<void> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  for (const game of games) {
    // A threaded game's page reopens itself with ?isolated=1 when it was served without isolation;
    // opened so at once, as threads-isolation.spec.ts covers that reopening.
    await page.goto(`/games/${game.slug}${THREADED_ENGINE_BUILDS.includes(game.name) ? '?isolated=1' : ''}`);
    await expectDrawnFrame(await gameFrame(page, game), `${game.name} in its game page (${device.viewport.width} px)`);
    await page.goto(game.previewUrl);
    await expectDrawnFrame(page, `${game.name} on its preview host (${device.viewport.width} px)`);
  }
  await context.close();
}

test('engine exports pass their checks and play on a desktop and a phone; broken ones fail with their cause', async ({ browser, page, request }) => {
  test.setTimeout(600_000);
  const developer = await apiLogin(request, uniqueEmail('engines-dev'));
  const admin = await apiLogin(request, ADMIN_EMAIL);
  // Uploaded together: the server checks them one after another meanwhile.
  const working: Uploaded[] = [];
  for (const name of PLAYED) working.push(await upload(request, developer.token, name));
  const broken: Uploaded[] = [];
  for (const name of BROKEN_ENGINE_BUILDS) broken.push(await upload(request, developer.token, name));

  for (const game of working) {
    const build = await checked(request, developer.token, game);
    const item = (id: string) => build.checks.items.find((check) => check.id === id)!;
    expect(build.status, `${game.name}: ${JSON.stringify(build.checks.items)}`).toBe('READY');
    expect(item('starts').verdict, game.name).not.toBe('fail');
    expect(item('starts').measured, game.name).toMatch(/^\d+\.\d s to first frame/);
    expect(item('engine').measured, game.name).toMatch(ENGINES[game.name as keyof typeof ENGINES]);
    const auth = { authorization: `Bearer ${developer.token}` };
    expect((await request.post(`/api/dev/games/${game.id}/builds/${game.buildId}/submit`, { headers: auth })).status()).toBe(200);
    expect((await request.post(`/api/admin/games/${game.id}/approve`, { headers: { authorization: `Bearer ${admin.token}` } })).status()).toBe(200);
  }
  for (const game of broken) {
    const build = await checked(request, developer.token, game);
    const starts = build.checks.items.find((check) => check.id === 'starts')!;
    expect(build.status, game.name).toBe('FAILED');
    expect(starts.verdict, game.name).toBe('fail');
    expect(starts.measured, game.name).toMatch(CAUSES[game.name as keyof typeof CAUSES]);
  }

  // The games origin trusts a game's live build for a few seconds (docs/API.md): ask until it serves the last one.
  const last = working.at(-1)!;
  await expect.poll(async () => (await page.goto((await (await request.get(`/api/games/${last.slug}`)).json()).srcUrl))?.status()).toBe(200);

  await playEach(browser, working, { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });
  await playEach(browser, working, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // Inside the portal, the threaded Godot game keeps what it stores to itself, and cannot take the portal's page away.
  const godot = working.find((game) => game.name === 'godot-threads')!;
  const unity = working.find((game) => game.name === 'unity-gz')!;
  await page.goto(`/games/${godot.slug}?isolated=1`);
  const godotFrame = await gameFrame(page, godot);
  await expectDrawnFrame(godotFrame, 'godot-threads');
  expect(await godotFrame.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await godotFrame.evaluate(() => localStorage.setItem('secret', location.hostname));
  const navigated = await godotFrame.evaluate(() => {
    try {
      top!.location.href = 'https://example.com/';
      return 'assigned';
    } catch (error) {
      return (error as Error).name;
    }
  });
  await page.waitForTimeout(500);
  expect(page.url(), `the frame's navigation (${navigated}) left the portal alone`).toContain(`/games/${godot.slug}`);
  await page.goto(`/games/${unity.slug}`);
  const unityFrame = await gameFrame(page, unity);
  await expectDrawnFrame(unityFrame, 'unity-gz');
  expect(await unityFrame.evaluate(() => localStorage.getItem('secret'))).toBeNull();
});
