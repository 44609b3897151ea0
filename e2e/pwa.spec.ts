import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, BUILD_CHECKS_TIMEOUT_MS, liveBuildAddress, signInAs, toast, uniqueEmail, untilPlaysOffline, untilFrameDrawn } from './support';

/** Issue 6: installable PWA with an offline shell. */

const STATIC_PAGES = [
  { path: '/help', title: 'Help Center' },
  { path: '/contact', title: 'Contact Us' },
  { path: '/report', title: 'Report a Game' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service' },
  { path: '/kids-safety', title: 'Kids Safety' },
  { path: '/revenue', title: 'Revenue Sharing' },
  { path: '/api-docs', title: 'API Documentation' },
  { path: '/guidelines', title: 'Game Guidelines' },
];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker controls the page: APIs are cached only from then on (docs/DECISIONS.md). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Balloon Party's own origin, `balloon-party.` under the games host (the portal's host, port + 1). */
function balloonPartyOrigin(baseURL: string | undefined): string {
  const url = new URL(baseURL!);
  return `${url.protocol}//balloon-party.${url.hostname}:${Number(url.port) + 1}`;
}

async function playBalloonParty(page: Page, origin: string): Promise<void> {
  await page.goto('/games/balloon-party');
  await expect(page.getByRole('heading', { level: 1, name: 'Balloon Party' })).toBeVisible();
  // The page knows its live build plays offline (its checks ran before this visit).
  await expect(page.getByText('Plays offline')).toBeVisible();
  await expect(page.getByTestId('game-frame-loading')).toBeHidden();
  // The game's own origin's worker has saved it: the portal now lists it, with that origin.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('offline_own_origin_games') ?? '[]') as unknown[]))
    .toContainEqual({ slug: 'balloon-party', origin });
}

test.describe('installable PWA', () => {
  test('the manifest is complete and its icons and screenshots have their sizes', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await request.get(touchIcon!)).body())).toEqual({ width: 180, height: 180 });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#16171d');

    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('PlayFree'),
      short_name: 'PlayFree',
      description: expect.any(String),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#16171d',
      background_color: '#242424',
      categories: expect.arrayContaining(['games']),
    });
    expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual(['/kids', '/new', '/trending']);
    expect(manifest.shortcuts[0].name).toBe('Kids Zone');

    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const images = [
      ...icons,
      ...(manifest.screenshots as { src: string; sizes: string; form_factor: string }[]),
      ...manifest.shortcuts.flatMap((shortcut: { icons: { src: string; sizes: string }[] }) => shortcut.icons),
    ];
    for (const image of images) {
      const file = await request.get(image.src);
      expect(file.ok(), image.src).toBe(true);
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
    expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual(['narrow', 'wide']);

  });

  test("the worker precaches a player's shell and pages, no developer's or admin's page and no other catalog, within 400 KB", async ({ request }) => {
    // Issue 38: every visitor downloads the precache once the first page has loaded.
    const worker = await (await request.get('/sw.js')).text();
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
    expect(urls).toContain('index.html');
    expect(urls.some((url) => /^assets\/Home\.page-[\w-]+\.js$/.test(url))).toBe(true);
    expect(urls.some((url) => /^assets\/Game\.page-[\w-]+\.js$/.test(url))).toBe(true);
    expect(urls.filter((url) => /^assets\/(Admin|AdminLogin|Developer|Submit|Family|Account|Analytics|ApiDocsPage)[.-]/.test(url))).toEqual([]);
    // English is the code's own defaults: no catalog at all.
    expect(urls.filter((url) => /^assets\/(es|hi|ar)-[\w-]+\.js$/.test(url))).toEqual([]);
    let bytes = 0;
    for (const url of urls) {
      const response = await request.get(`/${url}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.ok(), url).toBe(true);
      bytes += Number(response.headers()['content-length']);
    }
    expect(bytes / 1024).toBeLessThanOrEqual(400);
  });

  test('Chromium judges the portal installable', async ({ playwright, baseURL }, testInfo) => {
    // Test contexts are incognito, where Chromium never offers to install: use a real profile.
    const profile = mkdtempSync(join(tmpdir(), 'playfree-pwa-'));
    const browser = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto('/');
      await waitForServiceWorker(page);
      const cdp = await browser.newCDPSession(page);
      const { errors, url } = await cdp.send('Page.getAppManifest');
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

test.describe('offline', () => {
  test('after one visit, the catalog, a played game and every static page work offline; unseen pages say so', async ({
    page,
    context,
    baseURL,
  }) => {
    // The played game must be offline-capable first: its build's checks, run in the background
    // since the server started, must have passed the offline check.
    test.setTimeout(BUILD_CHECKS_TIMEOUT_MS + 120_000);
    await untilPlaysOffline(page.request, 'balloon-party');
    const origin = balloonPartyOrigin(baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await page.goto('/categories');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await playBalloonParty(page, origin);
    // The developers' pages are not precached (issue 38): each opened once is kept by the worker.
    for (const path of ['/api-docs', '/guidelines', '/revenue']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    // The page reloaded offline below.
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await expect(page.getByTestId('offline-indicator').filter({ visible: true })).toHaveText('Offline');

    await page.goto('/');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Popular Now' })).toBeVisible();
    // The played game is marked on its cards.
    const balloonCard = page.getByTestId('game-card').filter({ hasText: 'Balloon Party' }).first();
    await expect(balloonCard.getByTestId('play-offline-badge')).toHaveText('Play offline');

    await page.goto('/categories');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(page.getByTestId('offline-screen')).toHaveCount(0);

    // The played built-in game loads in its frame, from its own origin, out of that origin's worker.
    await page.goto('/games/balloon-party');
    await expect(page.getByRole('heading', { level: 1, name: 'Balloon Party' })).toBeVisible();
    await expect(page.getByTestId('game-frame-loading')).toBeHidden();
    await expect(page.getByTestId('game-frame').getByTestId('play-offline-badge')).toHaveText('Play offline');
    await expect(page.locator('iframe[title="Balloon Party game"]')).toHaveAttribute('src', liveBuildAddress(origin));
    const game = page.frameLocator('iframe[title="Balloon Party game"]');
    await expect(game.locator('canvas').first()).toBeAttached();
    await expect.poll(() => page.frames().find((frame) => frame.url().startsWith(`${origin}/`))?.title()).toBe('Balloon Party');
    // It plays: its start button answers.
    await untilFrameDrawn(game);
    await game.getByRole('button', { name: 'Play', exact: true }).click({ force: true });
    await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'playing');

    for (const { path, title } of STATIC_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(new RegExp(title));
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByTestId('offline-screen'), path).toHaveCount(0);
    }

    // Never visited: its data was never stored.
    await page.goto('/trending');
    const offline = page.getByTestId('offline-screen');
    await expect(offline.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await offline.getByRole('button', { name: 'Retry' }).click();
    await expect(offline.getByRole('heading', { name: "You're offline" })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
    await offline.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Trending/ })).toBeVisible();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(page.getByTestId('offline-screen')).toHaveCount(0);
  });

  test("a Spanish reader's pages speak Spanish offline: the worker keeps their catalog", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'es-ES' });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Populares ahora' })).toBeVisible();
      // No reload: this server-rendered page carried its catalog inline and never fetched its chunk;
      // the page asks the worker to keep it.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('playfree-assets')).keys()).map((request) => new URL(request.url).pathname)))
        .toContainEqual(expect.stringMatching(/^\/assets\/es-[\w-]+\.js$/));
      // The home's data is kept once the worker controls the page (the catalog already is).
      await waitForServiceWorker(page);
      await expect(page.getByTestId('game-card').first()).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Populares ahora' })).toBeVisible();
      await expect(page.getByTestId('offline-screen')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('opening the app offline keeps the session for when the connection returns', async ({ page, context }) => {
    const email = uniqueEmail('offline-session');
    const { token } = await apiLogin(page.request, email);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
    await waitForServiceWorker(page);
    const account = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
    await expect(account).toBeVisible();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    // The worker stores the home payload once the answer has arrived.
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('playfree-catalog')).keys()).map((request) => new URL(request.url).pathname),
        ),
      )
      .toContain('/trpc/home.get');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(token);

    await context.setOffline(false);
    await expect(account).toBeVisible();
    await account.click();
    await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  });

  test('a rating attempt offline says that the user is offline', async ({ page, context }) => {
    await signInAs(page, uniqueEmail('offline-rater'));
    await page.goto('/games/balloon-party');
    const panel = page.getByRole('region', { name: 'Rate This Game' });
    // The form opens once the game's play is recorded (rating needs a play).
    await expect(panel.getByRole('button', { name: 'Submit Rating' })).toBeVisible();
    // The toasts' code runs only with the first toast: the page's HTML has the browser prefetch it
    // at its lowest priority (in no page's scripts), so it is here once the network is gone.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/LoadedNotifications-[^/]*\.js$/.test(entry.name) && (entry as PerformanceResourceTiming).initiatorType === 'link'),
        ),
      )
      .toBe(true);
    await expect(page.locator('.mantine-Notifications-root')).toHaveCount(0);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-indicator').filter({ visible: true })).toHaveText('Offline');
    const fourStars = await panel.getByRole('radio', { name: '4 stars' }).getAttribute('id');
    await panel.locator(`label[for="${fourStars}"]`).click();
    await panel.getByRole('button', { name: 'Submit Rating' }).click();
    await expect(toast(page, 'You are offline')).toContainText('Check your internet connection');
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  });
});

test.describe('updates', () => {
  /*
   * A real waiting worker, made deterministic: the first tab runs the "previous deploy", whose worker
   * is the same file under another URL (/sw.js?build=previous). The next tab registers /sw.js as
   * every build does; the browser installs it beside the running worker, where it waits (registerType
   * 'prompt': no skipWaiting on install) and workbox-window reports it. Playwright cannot reroute the
   * browser's own fetch of a worker script, so changing the bytes in flight is not an option.
   */
  test('a new service worker waits until the player reloads from the prompt', async ({ context }) => {
    const previous = await context.newPage();
    await previous.addInitScript(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (url, options) => register(`${String(url)}?build=previous`, options);
    });
    await previous.goto('/');
    await waitForServiceWorker(previous);
    expect(await previous.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js\?build=previous$/);

    const page = await context.newPage();
    await previous.close();
    await page.goto('/');
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is available');
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration!.waiting?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(before.waiting).toMatch(/\/sw\.js$/);
    expect(before.controller).toMatch(/\?build=previous$/);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    // The new worker takes over as the reloaded page loads; the registration may report it a moment later.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration!.waiting !== null, controller: navigator.serviceWorker.controller?.scriptURL.replace(/^.*\//, '') };
        }),
      )
      .toEqual({ waiting: false, controller: 'sw.js' });
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  });

  test('"Later" hides the prompt', async ({ context }) => {
    const previous = await context.newPage();
    await previous.addInitScript(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (url, options) => register(`${String(url)}?build=previous`, options);
    });
    await previous.goto('/');
    await waitForServiceWorker(previous);
    const page = await context.newPage();
    await previous.close();
    await page.goto('/');
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByRole('button', { name: 'Later', exact: true }).click();
    await expect(prompt).toHaveCount(0);
  });
});
