import { expect, test, type Page } from '@playwright/test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { live } from './support';

/** The head of a page as a link preview or crawler reads it: the HTML the server sends, parsed. */
async function previewOf(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const document = parseDocument(await response.text());
  const head = DomUtils.findAll((node) => node.name === 'head', document.children)[0]!;
  const elements = DomUtils.findAll(() => true, head.children);
  const meta = (key: string) =>
    elements
      .filter((node) => node.name === 'meta' && (node.attribs.property === key || node.attribs.name === key))
      .map((node) => node.attribs.content);
  const jsonLd = elements
    .filter((node) => node.name === 'script' && node.attribs.type === 'application/ld+json')
    .map((node) => JSON.parse(DomUtils.textContent(node)) as Record<string, unknown>);
  return { meta, jsonLd };
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'desktop', width: 1366, height: 900, mobile: false },
]) {
  test.describe(`found and browsed (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: viewport.mobile, isMobile: viewport.mobile });

    test("a shared game link previews with the game's title, image, card and VideoGame data", async ({ page, baseURL }) => {
      const { meta, jsonLd } = await previewOf(page, '/games/paddle-duel');
      expect(meta('og:title')).toEqual(['Paddle Duel | PlayFree']);
      expect(meta('twitter:card')).toEqual(['summary_large_image']);
      expect(meta('og:url')).toEqual([`${baseURL}/games/paddle-duel`]);
      const [image] = meta('og:image');
      expect(image).toMatch(/^http:\/\/.+\/thumbs\/paddle-duel$/);
      expect(meta('twitter:image')).toEqual([image]);
      // The preview image is there to fetch.
      const thumb = await page.request.get(image!);
      expect(thumb.status()).toBe(200);
      expect(thumb.headers()['content-type']).toMatch(/^image\//);
      expect(jsonLd).toHaveLength(1);
      expect(jsonLd[0]).toMatchObject({ '@context': 'https://schema.org', '@type': 'VideoGame', name: 'Paddle Duel', url: `${baseURL}/games/paddle-duel`, image });
      // And the game is in the sitemap robots.txt names.
      expect(await (await page.request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
      expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`<loc>${baseURL}/games/paddle-duel</loc>`);
    });

    test('the Categories sort control orders the games and keeps the order in the address', async ({ page }) => {
      await page.goto('/categories');
      await live(page);
      const sort = page.getByTestId('sort-control');
      await expect(sort.getByRole('radio', { name: 'Popular' })).toBeChecked();
      const answer = page.waitForResponse((response) => response.url().includes('games.list') && response.url().includes('top_rated'));
      await sort.getByText('Top Rated').click();
      await expect(page).toHaveURL(/[?&]sort=top_rated/);
      await expect(sort.getByRole('radio', { name: 'Top Rated' })).toBeChecked();
      const body = (await (await answer).json()) as { result: { data: { title: string }[] } }[] | { result: { data: { title: string }[] } };
      const listed = (Array.isArray(body) ? body[0]! : body).result.data;
      expect(listed.length).toBeGreaterThan(0);
      const cards = page.getByTestId('game-card');
      await expect(cards.first()).toContainText(listed[0]!.title);
      expect(await cards.count()).toBe(listed.length);
      // The control fits the screen.
      const box = await sort.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      // A reload keeps the order.
      await page.reload();
      await expect(page.getByTestId('sort-control').getByRole('radio', { name: 'Top Rated' })).toBeChecked();
    });

    test("a tag on a game page leads to the tag's games", async ({ page }) => {
      await page.goto('/games/paddle-duel');
      await live(page);
      await page.getByRole('link', { name: '#retro' }).click();
      await expect(page).toHaveURL(/\/tags\/retro$/);
      await expect(page.getByRole('heading', { level: 1, name: '#retro' })).toBeVisible();
      for (const title of ['Paddle Duel', 'Snake Garden']) await expect(page.getByTestId('game-card').filter({ hasText: title })).toBeVisible();
      await expect(page.getByTestId('game-card').filter({ hasText: 'Balloon Party' })).toHaveCount(0);
      await expect(page).toHaveTitle('#retro Games | PlayFree');
    });
  });
}
