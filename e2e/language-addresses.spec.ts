import { expect, test } from '@playwright/test';
import { readout } from './games-support';
import { ADMIN_EMAIL, apiLogin, live } from './support';

/**
 * Issue 59: a French player's browser lands on /fr/ and plays, on a phone, a game whose listing
 * was translated into French (a built-in game's, written by an admin as a developer writes their
 * own); the game learns the language from its frame. A Japanese address is Japanese HTML naming
 * every language's address, for anyone (curl sends no Accept-Language).
 */
test.use({ serviceWorkers: 'block' });

const SLUG = 'sky-hopper';
const FRENCH = { title: 'Saute-Nuages', description: 'Battez des ailes de nuage en nuage sans toucher le sol.', instructions: 'Touchez l’écran pour battre des ailes.' };

test.beforeAll(async ({ request }) => {
  const { token } = await apiLogin(request, ADMIN_EMAIL);
  const id = (await (await request.get(`/api/games/${SLUG}`)).json()) as { id: number };
  const written = await request.put(`/api/admin/games/${id.id}/translations/fr`, { data: FRENCH, headers: { Authorization: `Bearer ${token}` } });
  expect(written.ok(), await written.text()).toBe(true);
});

test.describe('on a phone', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a French browser lands on /fr/ and plays a game in French, whose frame knows the language', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await live(page);
    await page.goto(`/fr/games/${SLUG}`);
    await live(page);
    await expect(page.getByRole('heading', { level: 1, name: FRENCH.title })).toBeVisible();
    await expect(page.getByText(FRENCH.description).first()).toBeVisible();
    // Its preview (Open Graph) is French too, and its canonical address the French one.
    const html = await (await page.request.get(`/fr/games/${SLUG}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${FRENCH.title}`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/fr/games/${SLUG}">`));

    const frame = page.frameLocator('iframe[name="playfree-lang-fr"]');
    await expect(readout(page)).toHaveAttribute('data-status', 'ready');
    const game = page.frames().find((candidate) => candidate.name() === 'playfree-lang-fr');
    expect(await game?.evaluate(() => (window as unknown as { PlayFree: { language: string } }).PlayFree.language)).toBe('fr');
    await frame.getByRole('button', { name: 'Fly!' }).click();
    // Without another flap the bird drops to the ground: the game reported its end through the SDK.
    await expect(readout(page)).toHaveAttribute('data-status', 'over');
  });
});

test('a Japanese game address is Japanese HTML with every language’s alternate, for anyone', async ({ request }) => {
  const response = await request.get(`/ja/games/${SLUG}`, { headers: { 'Accept-Language': 'en-US' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/^<!doctype html>\s*<html lang="ja" dir="ltr"/i);
  const hreflangs = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((match) => match[1]);
  expect(hreflangs).toEqual(['en', 'es', 'hi', 'ar', 'pt-BR', 'fr', 'de', 'it', 'nl', 'pl', 'ru', 'tr', 'id', 'vi', 'ja', 'ko', 'x-default']);
  const root = html.slice(html.indexOf('<div id="root"'));
  // The page's own words in Japanese (the play button), the game's title as written.
  expect(root).toContain('今すぐ遊ぶ');
  expect(root).not.toContain('>Play Now<');
});
