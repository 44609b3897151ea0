import { expect, test, type Locator, type Page } from '@playwright/test';
import { pairedDevice, parentWithChild, updateProfile } from './kids-family-setup';
import { live, outboxMark, patchTrpc, readMail } from './support';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };

/** Whether an element's text is drawn whole: not cut with an ellipsis, not squeezed to nothing. */
async function drawnWhole(locator: Locator) {
  return locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().width > 20);
}

/** A clock time a few minutes from now in UTC (the test family's zone), as HH:MM. */
function utcClock(offsetMinutes: number): string {
  const at = new Date(Date.now() + offsetMinutes * 60_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

async function openFamily(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (window === window.top) window.localStorage.setItem('auth_token', value);
  }, token);
  await page.goto('/family');
  await live(page);
}

test("the parent's phone: devices named and seen, a silence notice per device, minutes that add up, a whole bedtime Save", async ({ browser, request }) => {
  const { token, profile } = await parentWithChild(request, { name: 'Mia', dailyMinutes: 30 });
  const first = await pairedDevice(browser, request, token, profile.id, TABLET);
  const second = await pairedDevice(browser, request, token, profile.id, TABLET);
  const parentContext = await browser.newContext(PHONE);
  const parent = await parentContext.newPage();
  await openFamily(parent, token);
  const card = parent.getByTestId('profile-Mia');
  const devices = card.getByTestId('paired-device');
  await expect(devices).toHaveCount(2);

  // Both devices answer to the same browser label: the parent names one, and the name is kept.
  await devices.first().getByRole('button', { name: 'Rename' }).click();
  await card.getByLabel('Device name').fill('Kitchen tablet');
  await card.getByRole('button', { name: 'Save name' }).click();
  await expect(devices.first()).toContainText('Kitchen tablet');
  // Each device says when it was last heard from.
  await expect(devices.first().getByTestId('last-seen')).toContainText('Last seen');
  await expect(devices.nth(1).getByTestId('last-seen')).toContainText('Last seen');
  await parent.reload();
  await live(parent);
  await expect(devices.first()).toContainText('Kitchen tablet');

  // On a 390 px phone the bedtime's Save shows its word.
  await card.getByText('Bedtime', { exact: true }).click();
  const bedtimeSave = card.getByTestId('bedtime-save');
  await expect(bedtimeSave).toBeVisible();
  expect(await drawnWhole(bedtimeSave.locator('.mantine-Button-label'))).toBe(true);
  await expect(bedtimeSave).toHaveText('Save');

  // Two silent devices: each named with its own last-seen time (the server's answer, rewritten to
  // devices silent since 05:55 and 05:45 UTC today).
  const today = new Date().toISOString().slice(0, 10);
  // Today's play, per game and in all: 2.5 + 2.5 + 1.2 minutes make 6 minutes, not 2 + 2 + 1.
  const games = [
    { gameId: 1, title: 'Balloon Party', ms: 150_000 },
    { gameId: 2, title: 'Color Splash', ms: 150_000 },
    { gameId: 3, title: 'Memory Zoo', ms: 70_000 },
  ];
  await patchTrpc(parent, 'family.activity', (activity) => ({ ...activity, today: games, week: games }));
  // One rewrite of family.get for both (a second route on the same call would replace the first).
  await patchTrpc(parent, 'family.get', (family) => ({
    ...family,
    profiles: family.profiles.map((each: { devices: object[]; today: object }) => ({
      ...each,
      devices: [
        { ...each.devices[0], label: 'Chrome on Android', silent: true, lastSeenAt: `${today}T05:55:00.000Z` },
        { ...each.devices[1], label: 'Chrome on Android', silent: true, lastSeenAt: `${today}T05:45:00.000Z` },
      ],
      today: { ...each.today, playedMs: 370_000, remainingMs: 30 * 60_000 - 370_000 },
    })),
  }));
  await parent.reload();
  await live(parent);
  const notice = card.getByRole('alert', { name: 'A device stopped reporting' });
  const timeOf = (iso: string) => parent.evaluate((value) => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(new Date(value)), iso);
  await expect(notice).toContainText(`Chrome on Android, last heard from at ${await timeOf(`${today}T05:55:00.000Z`)}`);
  await expect(notice).toContainText(`Chrome on Android, last heard from at ${await timeOf(`${today}T05:45:00.000Z`)}`);
  await expect(card.getByTestId('today')).toContainText('Today: 6 minutes played');
  const activity = card.getByTestId('activity');
  await expect(activity.getByRole('row', { name: /Balloon Party/ })).toContainText('3 minutes');
  await expect(activity.getByRole('row', { name: /Color Splash/ })).toContainText('2 minutes');
  await expect(activity.getByRole('row', { name: /Memory Zoo/ })).toContainText('1 minute');
  await expect(activity.getByRole('row', { name: /Total/ })).toContainText('6 minutes');

  await Promise.all([parentContext.close(), first.context.close(), second.context.close()]);
});

test("the child's tablet: a header drawn whole, no Let's Play at bedtime or once time is up, the parents' address, a PIN reset that says so", async ({ browser, request }) => {
  const { email, token, profile } = await parentWithChild(request, { name: 'Alexandrina', dailyMinutes: 30 });
  const { context } = await pairedDevice(browser, request, token, profile.id, TABLET);
  const tablet = await context.newPage();
  await tablet.goto('/kids');
  await live(tablet);

  // On an 820 px tablet the zone's header shows the lock sign and the child's name whole.
  await expect(tablet.getByTestId('kids-profile')).toBeVisible();
  expect(await drawnWhole(tablet.getByTestId('parent-lock-sign').locator('.mantine-Badge-label'))).toBe(true);
  expect(await drawnWhole(tablet.getByTestId('kids-profile').locator('.mantine-Badge-label'))).toBe(true);
  await expect(tablet.getByRole('link', { name: /Let.s Play Balloon Party/ })).toBeVisible();

  // The paired device's Parent settings give the parents' address, and a QR code of it.
  await tablet.getByRole('button', { name: 'Parent settings' }).first().click();
  const settings = tablet.getByRole('dialog', { name: 'Parent settings' });
  await expect(settings.getByTestId('family-address')).toHaveText(new URL('/family', tablet.url()).href);
  await expect(settings.getByRole('img', { name: /QR code/ })).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();

  // Bedtime now: no card invites to play.
  await updateProfile(request, token, profile.id, { bedtime: { start: utcClock(-60), end: utcClock(60) } });
  await tablet.reload();
  await live(tablet);
  const cards = tablet.getByTestId('kids-game-card');
  await expect(cards.first()).toContainText("It's bedtime");
  await expect(tablet.getByText("Let's Play")).toHaveCount(0);

  // Time up (no bedtime): the cards say so (the server's answer, rewritten to a spent day).
  await updateProfile(request, token, profile.id, { bedtime: null });
  await patchTrpc(tablet, 'family.device', (device) => ({ ...device, today: { ...device.today, remainingMs: 0 } }));
  await tablet.reload();
  await live(tablet);
  await expect(cards.first()).toContainText("Time's up");
  await expect(tablet.getByText("Let's Play")).toHaveCount(0);

  // Five wrong PINs start a wait; the PIN is reset with the mailed code, and the gate says so.
  await tablet.unrouteAll();
  await tablet.goto('/kids/locked?next=%2F');
  await live(tablet);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await tablet.getByLabel('Parent PIN').fill('1111');
    await tablet.getByRole('button', { name: 'Unlock' }).click();
    await expect(tablet.getByText("That PIN isn't right", { exact: false })).toBeVisible();
  }
  await tablet.reload();
  await live(tablet);
  await expect(tablet.getByText('the next one is possible at', { exact: false })).toBeVisible();
  const asked = outboxMark();
  await tablet.getByRole('button', { name: 'Forgot PIN?' }).click();
  await tablet.getByRole('button', { name: 'E-mail a code to the parent' }).click();
  const mail = await readMail(email, /PIN reset code/, asked);
  const code = mail.subject.match(/(\d{4}) (\d{4})/)!.slice(1, 3).join('');
  await tablet.getByLabel('Code from the e-mail').fill(code);
  await tablet.getByLabel('New PIN (4 digits)').fill('1357');
  await tablet.getByRole('button', { name: 'Set the new PIN' }).click();
  await expect(tablet.getByRole('status')).toContainText('The new PIN is set');
  await expect(tablet.getByText('the next one is possible at', { exact: false })).toHaveCount(0);
  await expect(tablet.getByText("That PIN isn't right", { exact: false })).toHaveCount(0);
  await tablet.getByLabel('Parent PIN').fill('1357');
  await tablet.getByRole('button', { name: 'Unlock' }).click();
  await expect(tablet).toHaveURL(/\/$/);
  await context.close();
});

test('a parent finds Kids Zone for parents from the footer, the account menu, Help and Kids Safety', async ({ page, request }) => {
  const { token } = await parentWithChild(request, { name: 'Sam', dailyMinutes: null });
  await page.addInitScript((value) => {
    if (window === window.top) window.localStorage.setItem('auth_token', value);
  }, token);
  await page.goto('/');
  await live(page);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Kids Zone for parents' })).toHaveAttribute('href', '/family');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Kids Zone for parents' })).toHaveAttribute('href', '/family');
  await page.keyboard.press('Escape');
  for (const path of ['/help', '/kids-safety']) {
    await page.goto(path);
    await live(page);
    await expect(page.getByRole('main').getByRole('link', { name: 'Kids Zone for parents' }).first()).toHaveAttribute('href', '/family');
  }
});
