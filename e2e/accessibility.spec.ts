/**
 * axe-core's WCAG 2.2 A/AA rules over the public pages, in English, Spanish and Arabic (right to
 * left), on a phone and a desktop: nothing serious or critical (issue 38, point 17). Lighthouse
 * runs a subset of these rules; this holds the whole set. One context per screen and language,
 * one load per page view. By default each page is checked once, the six views (two screens, three
 * languages) taking the pages in turn, so every view and every page is covered in 13 loads: all 78
 * took 12 minutes of the 2-core CI machine, too much of its 90. AXE_ALL_VIEWS=1 checks all 78.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { live } from './support';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PAGES = [
  '/',
  '/categories',
  '/categories?category=puzzle',
  '/new',
  '/trending',
  '/games/merge-tiles',
  '/kids',
  '/help',
  '/contact',
  '/privacy',
  '/terms',
  '/kids-safety',
  '/guidelines',
];

const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
} as const;

/** Every serious or critical finding on the page, one line per element: rule, impact, where. */
async function seriousFindings(page: Page): Promise<string[]> {
  // The games' own frames are the developers' pages, checked by their build checks, not the portal's.
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude('iframe').analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
}

const VIEWS = (['phone', 'desktop'] as const).flatMap((screen) => ['en', 'ar', 'es'].map((locale) => [screen, locale] as const));

/** The pages checked in the view at `index`: all of them, or every sixth from the view's own start. */
const pagesOf = (index: number) => (process.env.AXE_ALL_VIEWS ? PAGES : PAGES.filter((_, page) => page % VIEWS.length === index));

for (const [index, [screen, locale]] of VIEWS.entries()) {
  test.describe(`WCAG 2.2 AA on a ${screen} in ${locale}`, () => {
    // A game page runs its game meanwhile, and axe reads every element of the page: on the shared
    // 2-core machine one view took over the suite's 2 minutes.
    test.describe.configure({ timeout: 300_000 });
    // One browser context and page per screen and language, every page view loaded once in it.
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser, baseURL }) => {
      context = await browser.newContext({ ...SCREENS[screen], baseURL, serviceWorkers: 'block' });
      await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
      page = await context.newPage();
    });
    test.afterAll(async () => context.close());

    for (const path of pagesOf(index)) {
      test(`${path}: nothing serious or critical`, async () => {
        await page.goto(path);
        await live(page);
        await expect(page.locator('h1').first()).toBeVisible();
        expect(await seriousFindings(page)).toEqual([]);
      });
    }
  });
}
