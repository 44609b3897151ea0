import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIMITS } from '../shared/constants';
import { ADMIN_EMAIL, apiLogin, uniqueEmail } from './support';

/**
 * The game page as a player sees it on a 390x844 phone (issue 49), with the suite's house ads: the
 * game first and its ad slot whole under it without scrolling (a slot off screen never counts),
 * house ads whose title is not cut, thumbnails shown whole, and content facts that say what they
 * are about (the game itself, not the portal's page around it).
 */
const GAME = { slug: 'merge-tiles', title: 'Merge Tiles' };

/** The house ad in a slot, and the title of the game it shows (the catalog's, read by its link). */
async function houseAdTitle(page: Page, slot: Locator): Promise<Locator> {
  const ad = slot.getByTestId('house-ad');
  await expect(ad).toBeVisible();
  const slug = (await ad.getAttribute('href'))!.split('/').pop()!;
  const { title } = (await (await page.request.get(`/api/games/${slug}`)).json()) as { title: string };
  return ad.getByText(title, { exact: true });
}

/**
 * The ad's title is shown whole and readable, whatever game the ad picked (other specs publish games
 * with long titles on the same server): nothing cut off to the side ("Merg…") nor below, inside the
 * ad's box (which hides what overflows it), and in letters of at least 10 px.
 */
async function expectWhole(text: Locator): Promise<void> {
  // Read at one moment: the page above may still move (its lists arriving), title and ad with it.
  const size = await text.evaluate((element) => {
    const ad = element.closest('[data-testid="house-ad"]')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight, fontSize: parseFloat(getComputedStyle(element).fontSize), top: box.top, bottom: box.bottom, adTop: ad.top, adBottom: ad.bottom };
  });
  const name = `"${await text.textContent()}"`;
  expect(size.scrollWidth, `${name}: scrollWidth <= clientWidth`).toBeLessThanOrEqual(size.clientWidth);
  expect(size.scrollHeight, `${name}: scrollHeight <= clientHeight`).toBeLessThanOrEqual(size.clientHeight);
  expect(size.fontSize, `${name}: font size`).toBeGreaterThanOrEqual(10);
  expect(size.bottom, `${name}: bottom inside the ad`).toBeLessThanOrEqual(size.adBottom);
  expect(size.top, `${name}: top inside the ad`).toBeGreaterThanOrEqual(size.adTop);
}

/** A line of text shown whole: nothing of it cut off to either side. */
async function expectNotCut(text: Locator): Promise<void> {
  const size = await text.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(size.scrollWidth, `"${await text.textContent()}": scrollWidth <= clientWidth`).toBeLessThanOrEqual(size.clientWidth);
}

test.describe('the game page on a 390x844 phone (issue 49)', () => {
  test('a game that plays online keeps its slot wholly on screen with the "Invite a friend" panel between them', async ({ page }) => {
    await page.goto('/games/four-in-a-row');
    await expect(page.getByTestId('room-panel')).toBeVisible();
    const slot = page.locator('aside[data-ad-slot="game"]');
    await expect(slot.getByTestId('house-ad')).toBeVisible();
    const frame = (await page.getByTestId('game-frame').boundingBox())!;
    const panel = (await page.getByTestId('room-panel').boundingBox())!;
    const ad = (await slot.boundingBox())!;
    expect(frame.y + frame.height).toBeLessThanOrEqual(panel.y);
    expect(panel.y + panel.height).toBeLessThanOrEqual(ad.y);
    expect(ad.y + ad.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(frame.height).toBeGreaterThanOrEqual(400);
  });

  test('the game frame and the ad slot under it are both wholly on screen as the page opens, unscrolled', async ({ page }) => {
    await page.goto(`/games/${GAME.slug}`);
    const slot = page.locator('aside[data-ad-slot="game"]');
    await expect(slot.getByTestId('house-ad')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const viewport = page.viewportSize()!;
    const header = (await page.locator('header').first().boundingBox())!;
    const frame = (await page.getByTestId('game-frame').boundingBox())!;
    const ad = (await slot.boundingBox())!;
    // The game comes first, below the header and wholly on screen; the slot under it, wholly on screen too.
    expect(frame.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(frame.y + frame.height).toBeLessThanOrEqual(ad.y);
    expect({ width: Math.round(ad.width), height: Math.round(ad.height) }).toEqual({ width: 320, height: 100 });
    expect(ad.x).toBeGreaterThanOrEqual(0);
    expect(ad.x + ad.width).toBeLessThanOrEqual(viewport.width);
    expect(ad.y + ad.height).toBeLessThanOrEqual(viewport.height);
    // Still a game to play, not a sliver of one.
    expect(frame.height).toBeGreaterThanOrEqual(400);
  });

  test("the house ads' titles are shown whole, and thumbnails are not cropped (contain, on a background)", async ({ page }) => {
    for (const path of [`/games/${GAME.slug}`, '/', '/categories']) {
      await page.goto(path);
      const slot = page.locator('aside[data-ad-slot]').first();
      await slot.scrollIntoViewIfNeeded();
      const title = await houseAdTitle(page, slot);
      await expect(title).toBeVisible();
      await expectWhole(title);
      expect(await slot.getByTestId('house-ad').locator('img').evaluate((image) => getComputedStyle(image).objectFit), `${path}: the house ad's thumbnail`).toBe('contain');
    }
    // The home page's cards (16:9, 16:10 and 4:3 frames around 4:3 thumbnails) show each thumbnail whole.
    await page.goto('/');
    const thumbnails = page.getByTestId('game-card').locator('img');
    await expect(thumbnails).not.toHaveCount(0);
    const fits = await thumbnails.evaluateAll((images) => images.map((image) => getComputedStyle(image).objectFit));
    expect(new Set(fits)).toEqual(new Set(['contain']));
  });

  test("a house ad shows a long title whole too, in smaller letters beside a smaller thumbnail (the catalog's longest, 80 characters, one word unbroken)", async ({ page }) => {
    const long = 'Engine emscripten-threads 1732764898123 and its Very Long Subtitle, Part Seventy';
    expect(long).toHaveLength(LIMITS.titleMax);
    // Every game of the list the ads pick from is given the long title.
    await page.route(/\/trpc\/.*games\.list/, async (route) => {
      const response = await route.fetch();
      const retitle = (value: unknown): unknown =>
        Array.isArray(value) ? value.map(retitle) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'title' && typeof inner === 'string' ? long : retitle(inner)])) : value;
      await route.fulfill({ response, json: retitle(await response.json()) });
    });
    await page.goto(`/games/${GAME.slug}`);
    const slot = page.locator('aside[data-ad-slot="game"]');
    const title = slot.getByTestId('house-ad').getByText(long, { exact: true });
    await expect(title).toBeVisible();
    await expectWhole(title);
  });

  test('a house ad shows a title of one unbroken word whole: a game this test publishes, 80 letters without a space or a hyphen', async ({ page, request }) => {
    // Its own game, so the ad's title does not depend on what other specs published (one of theirs,
    // "Engine emscripten-threads …", showed the cut); the ad's pool is only this game.
    const title = `Unbroken${Date.now()}`.padEnd(LIMITS.titleMax, 'Longword');
    expect(title).toMatch(/^[A-Za-z0-9]{80}$/);
    const admin = await apiLogin(request, ADMIN_EMAIL);
    const developer = await apiLogin(request, uniqueEmail('dev'));
    const host = `unbroken-${Date.now()}-${Math.floor(Math.random() * 1e6)}.example.com`;
    const submitted = await request.post('/api/dev/games', {
      headers: { Authorization: `Bearer ${developer.token}` },
      // Rated for everyone, so the ad may show it on any game's page.
      data: { title, description: 'A game whose title is one long word.', srcUrl: `https://${host}/`, thumbUrl: `https://${host}/t.png`, ageRating: 'KIDS' },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const game = (await submitted.json()) as { id: number };
    expect((await request.post(`/api/admin/games/${game.id}/approve`, { headers: { Authorization: `Bearer ${admin.token}` } })).ok()).toBeTruthy();
    const newest = (await (await request.get(`/trpc/games.list?input=${encodeURIComponent(JSON.stringify({ sort: 'newest' }))}`)).json()) as { result: { data: { id: number }[] } };
    const listed = newest.result.data.find((entry) => entry.id === game.id);
    expect(listed, 'the published game is listed').toBeDefined();
    // The ad's pool (games.list, batched with the page's other calls or not) is this game alone.
    await page.route(/\/trpc\/[^?]*games\.list/, async (route) => {
      const response = await route.fetch();
      const names = decodeURIComponent(new URL(route.request().url()).pathname.slice('/trpc/'.length)).split(',');
      const body = (await response.json()) as { result?: { data: unknown } } | { result?: { data: unknown } }[];
      const entries = Array.isArray(body) ? body : [body];
      names.forEach((name, index) => {
        if (name === 'games.list' && entries[index]?.result) entries[index].result.data = [listed];
      });
      await route.fulfill({ response, json: body });
    });

    await page.goto(`/games/${GAME.slug}`);
    const slot = page.locator('aside[data-ad-slot="game"]');
    const shown = slot.getByTestId('house-ad').getByText(title, { exact: true });
    await expect(shown).toBeVisible();
    await expectWhole(shown);
  });

  test("the game frame's bar never shows the game's address cut: left out on a phone, whole on a desktop", async ({ page }) => {
    await page.goto(`/games/${GAME.slug}`);
    const host = page.getByTestId('game-frame-host');
    await expect(page.getByTestId('game-frame')).toBeVisible();
    // A phone's bar keeps its room for the game's controls; the Secure badge's title still names the address.
    const shown = await host.isVisible();
    if (shown) await expectNotCut(host);
    expect(shown, 'the address on a 390 px phone').toBe(false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(host).toBeVisible();
    await expect(host).toHaveText(/^[a-z0-9-]+\.[a-z0-9.-]+(:\d+)?$/);
    await expectNotCut(host);
  });

  test("a built-in game's facts say they are about the game, and that the ads around it are the portal's", async ({ page }) => {
    await page.goto(`/games/${GAME.slug}`);
    const facts = page.getByRole('region', { name: "What's in This Game" });
    await expect(facts.getByRole('term').first()).toHaveText('Ads in the game');
    await expect(facts.getByRole('definition').first()).toHaveText('No ads');
    await expect(facts.getByTestId('portal-ads-note')).toHaveText("The ads on this page are PlayFree's, shown around the game, not in it.");
  });
});
