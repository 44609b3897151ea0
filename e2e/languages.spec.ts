import { expect, test, type Locator, type Page } from '@playwright/test';
import { live, signInAs, uniqueEmail } from './support';

// Issue 25: the portal in Spanish, Hindi and Arabic, chosen from Accept-Language or the language
// menu (remembered in a cookie), rendered by the server in that language.
test.use({ serviceWorkers: 'block' });

/** Errors the page logs (a hydration mismatch among them), less thumbnails of made-up hosts. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name }).click();
}

/** The horizontal centre of an element on the page. */
async function centreX(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.x + box!.width / 2;
}

const screens = [
  { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

for (const screen of screens) {
  test.describe(`languages on a ${screen.name}`, () => {
    test.use(screen.use);

    test('switching to Arabic mirrors the page and speaks Arabic, the server renders it so on reload, and English comes back', async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto('/');
      await live(page);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', 'en');
      const english = { signIn: page.getByRole('button', { name: 'Sign In' }), logo: page.getByRole('link', { name: 'PlayFree home' }) };
      await expect(english.signIn).toBeVisible();
      // Left to right: the logo starts the header, Sign In ends it.
      expect(await centreX(english.logo)).toBeLessThan(await centreX(english.signIn));

      await chooseLanguage(page, 'العربية');
      await expect(html).toHaveAttribute('dir', 'rtl');
      await expect(html).toHaveAttribute('lang', 'ar');
      const arabic = { signIn: page.getByRole('button', { name: 'دخول', exact: true }), logo: page.getByRole('link', { name: 'الصفحة الرئيسية لـ PlayFree' }) };
      await expect(arabic.signIn).toBeVisible();
      await expect(page.getByRole('link', { name: 'عرض الكل' }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
      // Mirrored: the logo is now on the right, Sign In on the left.
      expect(await centreX(arabic.logo)).toBeGreaterThan(await centreX(arabic.signIn));

      // The choice is remembered: the server's first HTML is already Arabic and right to left.
      const reloaded = await page.reload();
      const firstHtml = (await reloaded?.text()) ?? '';
      expect(firstHtml).toMatch(/<html lang="ar" dir="rtl"/);
      const rendered = firstHtml.slice(firstHtml.indexOf('<div id="root"'));
      expect(rendered).toContain('>دخول<');
      expect(rendered).not.toContain('>Sign In<');
      await live(page);
      await expect(html).toHaveAttribute('dir', 'rtl');
      await expect(arabic.signIn).toBeVisible();

      // A game page: the portal's words in Arabic, the game's title as its developer wrote it.
      await page.goto('/games/balloon-party');
      await live(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Balloon Party' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'العب الآن' })).toBeVisible();

      await chooseLanguage(page, 'English');
      await expect(html).toHaveAttribute('dir', 'ltr');
      await expect(html).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('button', { name: 'Play Now' })).toBeVisible();
      const back = await page.reload();
      expect((await back?.text()) ?? '').toMatch(/<html lang="en" dir="ltr"/);
      await live(page);
      await page.goto('/');
      expect(await centreX(english.logo)).toBeLessThan(await centreX(english.signIn));
      // Hydrating an Arabic page matched the server's rendering (numbers and dates included).
      expect(errors).toEqual([]);
    });
  });
}

test('a first visit gets the browser\'s language (a region falls back to its language), and English otherwise', async ({ browser }) => {
  for (const [locale, lang, signIn] of [
    ['es-MX', 'es', 'Entrar'],
    ['hi-IN', 'hi', 'साइन इन'],
    ['sv-SE', 'en', 'Sign In'],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect((await response?.text()) ?? '', locale).toContain(`<html lang="${lang}" dir="ltr"`);
    await live(page);
    await expect(page.getByRole('button', { name: signIn })).toBeVisible();
    await context.close();
  }
});

test.describe('static pages in Arabic', () => {
  test.use({ locale: 'ar' });

  test("each page's heading is its tab's title, in the reader's language", async ({ page }) => {
    const pages = [
      ['/help', 'مركز المساعدة'],
      ['/privacy', 'سياسة الخصوصية'],
      ['/terms', 'شروط الخدمة'],
      ['/kids-safety', 'سلامة الأطفال'],
      ['/guidelines', 'إرشادات الألعاب'],
    ] as const;
    for (const [route, title] of pages) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true }), route).toBeVisible();
      expect(await page.title(), route).toContain(title);
    }
  });
});

test("a signed-in player's header holds its links, search and account menu in the languages with the longest links, from 1200 px", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await signInAs(page, uniqueEmail('header-fit'));
  for (const prefix of ['fr', 'pl', 'ru', 'vi', 'id']) {
    await page.goto(`/${prefix}/`);
    await live(page);
    await expect(page.getByRole('banner').getByRole('button', { name: /Header Fit/i })).toBeVisible();
    // Nothing of the header's bar past the window's edges (before, French ran 261 px past it).
    const past = await page.evaluate(() => {
      const rects = [...document.querySelectorAll('header .mantine-Container-root *')].filter((element) => element.getClientRects().length).map((element) => element.getBoundingClientRect());
      return Math.max(0, ...rects.map((rect) => rect.right - window.innerWidth), ...rects.map((rect) => -rect.left));
    });
    expect(past, prefix).toBeLessThanOrEqual(0);
  }
});
