import { test as base, expect, type LaunchOptions, type Page } from '@playwright/test';
import { PIN, pairedDevice, parentWithChild } from './kids-family-setup';
import { live } from './support';

/**
 * Playwright launches Chromium with `--disable-back-forward-cache`; shipping Chrome, Safari and
 * Firefox keep a page left by a navigation for minutes and show it again on Back without asking
 * the server. This spec's browser starts without that switch (and with the config's other launch
 * options), so Back behaves as on a child's tablet.
 */
const test = base.extend<object, { launchOptions: LaunchOptions }>({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const ignored = Array.isArray(launchOptions.ignoreDefaultArgs) ? launchOptions.ignoreDefaultArgs : [];
      await use({ ...launchOptions, ignoreDefaultArgs: [...ignored, '--disable-back-forward-cache'] });
    },
    { scope: 'worker' },
  ],
});

const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };

/** Marks the current document, so a later look tells a page kept in the back-forward cache from a fresh load. */
function mark(page: Page) {
  return page.evaluate(() => {
    (window as Window & { keptDocument?: boolean }).keptDocument = true;
  });
}

function isKept(page: Page) {
  return page.evaluate(() => (window as Window & { keptDocument?: boolean }).keptDocument === true);
}

test("Back does not bring a portal page out of the back-forward cache onto a device held in the Kids Zone", async ({ browser, request }) => {
  // The browser under test keeps pages for Back: an unpaired visitor gets the home page back from the cache.
  const visitor = await browser.newContext(TABLET);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/');
  await live(visitorPage);
  await mark(visitorPage);
  await visitorPage.goto('/kids');
  await live(visitorPage);
  // A page restored from the cache fires no load event: wait for the navigation's commit only.
  await visitorPage.goBack({ waitUntil: 'commit' });
  await expect(visitorPage).toHaveURL(/\/$/);
  // Chromium gives up keeping a page whose renderer does not freeze in time (TimeoutPuttingInCache,
  // seen on a loaded 2-core machine): recorded, so a run says whether Back was tested from the cache.
  test.info().annotations.push({ type: 'back-forward cache', description: (await isKept(visitorPage)) ? 'kept the home page' : 'did not keep the home page on this machine' });
  await visitor.close();

  const { token, profile } = await parentWithChild(request, { name: 'Noor', dailyMinutes: 1 });
  const { context } = await pairedDevice(browser, request, token, profile.id, TABLET);
  const tablet = await context.newPage();
  const holdCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'pf_kids_hold')?.value;

  // The parent lets the tablet out with the PIN: it lands on the portal's home page.
  await tablet.goto('/kids/locked?next=%2F');
  await live(tablet);
  await tablet.getByLabel('Parent PIN').fill(PIN);
  await tablet.getByRole('button', { name: 'Unlock' }).click();
  await expect(tablet).toHaveURL(/\/$/);
  await live(tablet);
  await expect(tablet.getByRole('link', { name: 'PlayFree home' })).toBeVisible();

  // The child types /kids: the device is held in the zone again.
  await tablet.goto('/kids');
  await live(tablet);
  await expect.poll(holdCookie).toBe('1');

  // Back: the home page must not come back; the device is sent to the PIN gate.
  await tablet.goBack({ waitUntil: 'commit' });
  await expect(tablet).toHaveURL(/\/kids\/locked\?next=%2F$/);
  await expect(tablet.getByRole('heading', { name: 'Ask a grown-up' })).toBeVisible();
  await expect(tablet.getByRole('link', { name: 'PlayFree home' })).toHaveCount(0);
  await context.close();
});
