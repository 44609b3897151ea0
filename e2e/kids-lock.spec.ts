import { expect, test, type Page } from '@playwright/test';
import { live } from './support';

const PIN = '2468';

/** Parent settings from the Kids Zone's header: a first PIN and a daily budget. */
async function lockWithPin(page: Page, budgetMinutes?: number) {
  await page.getByRole('button', { name: 'Parent settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Parent settings' });
  if (budgetMinutes !== undefined) await dialog.getByLabel('Daily play time (minutes)').fill(String(budgetMinutes));
  await dialog.getByLabel('New PIN (4 digits)').fill(PIN);
  await dialog.getByLabel('Type the PIN again').fill(PIN);
  await dialog.getByRole('button', { name: 'Lock the Kids Zone' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('parent-lock-sign')).toHaveText('Parent lock on');
}

/** Today's play time as the page stores it (local date of the browser). */
async function seedPlayedToday(page: Page, ms: number) {
  await page.evaluate((played) => {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    window.localStorage.setItem('playfree.kids.usage', JSON.stringify({ day, ms: played }));
  }, ms);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`Kids Zone parent lock (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a PIN locks the Kids Zone: the sign shows, leaving asks for the PIN, a wrong one is refused', async ({ page }) => {
      // Into the Kids Zone from the site's own navigation, so the browser's back button leads out of it.
      await page.goto('/');
      await live(page);
      if (viewport.width < 1200) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Kids Zone' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kids Zone' }).click();
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Kids Zone' })).toBeVisible();
      // The Kids Zone's own header, not the site's.
      await expect(page.getByRole('link', { name: 'PlayFree home' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByTestId('parent-lock-sign')).toHaveCount(0);

      await lockWithPin(page, 30);
      const prompt = page.getByRole('dialog', { name: 'Leave the Kids Zone?' });
      // The browser's back button out of the Kids Zone asks for the PIN too.
      await page.goBack();
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Cancel' }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/kids$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Kids Zone' })).toBeVisible();

      const stored = await page.evaluate(() => window.localStorage.getItem('playfree.kids.parent'));
      const parsed = JSON.parse(stored!) as Record<string, unknown>;
      expect(Object.keys(parsed).sort()).toEqual(['budgetMinutes', 'pinHash', 'salt']);
      expect(parsed).toMatchObject({ budgetMinutes: 30, pinHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(Object.values(parsed)).not.toContain(PIN);

      // The lock holds across a reload (a server-rendered page, which knows nothing of the lock,
      // hydrated without a mismatch) and on the player.
      const hydrationErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /#418|#423|hydrat/i.test(message.text())) hydrationErrors.push(message.text());
      });
      await page.reload();
      await live(page);
      await expect(page.getByTestId('parent-lock-sign')).toBeVisible();
      expect(hydrationErrors).toEqual([]);
      await page.getByRole('link', { name: /Let.s Play Balloon Party/ }).click();
      await expect(page).toHaveURL(/\/kids\/play\/balloon-party$/);
      await expect(page.getByTestId('parent-lock-sign')).toBeVisible();

      await page.getByRole('button', { name: 'Exit Kids Zone' }).click();
      await prompt.getByLabel('Parent PIN').fill('1111');
      await prompt.getByRole('button', { name: 'Unlock and leave' }).click();
      await expect(prompt.getByText("That PIN isn't right. Please try again.")).toBeVisible();
      await expect(page).toHaveURL(/\/kids\/play\/balloon-party$/);
      await prompt.getByRole('button', { name: 'Cancel' }).click();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/kids\/play\/balloon-party$/);

      await page.getByRole('link', { name: 'Back to Kids Zone' }).click();
      await expect(page).toHaveURL(/\/kids$/);
      await page.goto('/');
      await live(page);
      // A locked device that opens the site elsewhere is taken back to the Kids Zone.
      await expect(page).toHaveURL(/\/kids$/);
      await expect(page.getByTestId('parent-lock-sign')).toBeVisible();

      await page.getByRole('button', { name: 'Exit Kids Zone' }).click();
      await prompt.getByLabel('Parent PIN').fill(PIN);
      await prompt.getByRole('button', { name: 'Unlock and leave' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'PlayFree home' })).toBeVisible();
      // Let out with the PIN: the site stays open; the lock itself stays set for the Kids Zone.
      await page.reload();
      await live(page);
      await expect(page).toHaveURL(/\/$/);
    });

    test('opening Parent settings while locked asks for the PIN; the budget and PIN can be changed', async ({ page }) => {
      await page.goto('/kids');
      await live(page);
      await lockWithPin(page);
      await page.getByRole('button', { name: 'Parent settings' }).click();
      const prompt = page.getByRole('dialog', { name: 'Parent settings' });
      await expect(prompt.getByText('Enter the parent PIN to change the settings.')).toBeVisible();
      await prompt.getByLabel('Parent PIN').fill('9999');
      await prompt.getByRole('button', { name: 'Unlock settings' }).click();
      await expect(prompt.getByText("That PIN isn't right. Please try again.")).toBeVisible();
      await prompt.getByLabel('Parent PIN').fill(PIN);
      await prompt.getByRole('button', { name: 'Unlock settings' }).click();

      const settings = page.getByRole('dialog', { name: 'Parent settings' });
      await expect(settings.getByTestId('played-today')).toHaveText('Played today: nothing yet');
      await settings.getByLabel('Daily play time (minutes)').fill('15');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings).toBeHidden();
      expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('playfree.kids.parent')))!)).toMatchObject({ budgetMinutes: 15 });
    });

    test("the player shows Time's up once today's budget is spent, and a way back that keeps the lock", async ({ page }) => {
      await page.goto('/kids');
      await live(page);
      await lockWithPin(page, 1);
      await seedPlayedToday(page, 60_000);
      await page.goto('/kids/play/balloon-party');
      await live(page);
      await expect(page.getByRole('heading', { name: "Time's up for today" })).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Kids Zone' }).click();
      await expect(page).toHaveURL(/\/kids$/);
      await expect(page.getByTestId('parent-lock-sign')).toBeVisible();

      // A parent can give today's time back from the settings.
      await page.getByRole('button', { name: 'Parent settings' }).click();
      await page.getByLabel('Parent PIN').fill(PIN);
      await page.getByRole('button', { name: 'Unlock settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Parent settings' });
      await expect(settings.getByTestId('played-today')).toHaveText('Played today: 1 minute');
      await settings.getByRole('button', { name: "Reset today's time" }).click();
      await expect(settings.getByTestId('played-today')).toHaveText('Played today: nothing yet');
      await settings.getByRole('button', { name: 'Cancel' }).click();
      await page.goto('/kids/play/balloon-party');
      await live(page);
      await expect(page.locator('iframe[title="Balloon Party game"]')).toBeVisible();
    });

    test('play time counts while a game is playing, and the budget ends the game', async ({ page }) => {
      // A fake clock moved with fastForward (timers fire once, no game frames are run through).
      await page.clock.install();
      await page.goto('/kids');
      await live(page);
      await lockWithPin(page, 1);
      // 20 s of the 1-minute budget left.
      await seedPlayedToday(page, 40_000);
      await page.goto('/kids/play/balloon-party');
      await live(page);
      const frame = page.locator('iframe[title="Balloon Party game"]');
      const readout = page.getByTestId('game-readout');
      await expect(readout).toHaveAttribute('data-status', 'ready');
      const played = () => page.evaluate(() => (JSON.parse(window.localStorage.getItem('playfree.kids.usage')!) as { ms: number }).ms);

      // Not playing yet: no time counts.
      await page.clock.fastForward(4_000);
      expect(await played()).toBe(40_000);
      const gameFrame = (await (await frame.elementHandle())!.contentFrame())!;
      await gameFrame.evaluate(() => (window as unknown as { PlayFree: { gameplayStart(): void } }).PlayFree.gameplayStart());
      await expect(readout).toHaveAttribute('data-status', 'playing');
      await page.clock.fastForward(1_000);
      await expect.poll(played).toBeGreaterThan(40_000);
      await expect(frame).toBeVisible();
      // The clock also runs on its own, as slowly or quickly as the machine lets the test go: move
      // it on until the budget is spent (each tick counts at most 5 s).
      const timesUp = page.getByRole('heading', { name: "Time's up for today" });
      for (let tick = 0; tick < 8 && !(await timesUp.isVisible()); tick += 1) await page.clock.fastForward(5_000);
      await expect(timesUp).toBeVisible();
      // The game is gone (the portal's hidden offline helper frame may stay: it saves the build, it runs no game).
      await expect(page.locator('iframe[title="Balloon Party game"]')).toHaveCount(0);

      // The next day the budget starts again.
      await page.clock.setSystemTime(new Date(Date.now() + 24 * 60 * 60_000));
      await page.reload();
      await live(page);
      await expect(page.locator('iframe[title="Balloon Party game"]')).toBeVisible();
    });

    test('wrong PINs are limited on the device, and a forgotten PIN is not reset by the device alone', async ({ page }) => {
      await page.goto('/kids');
      await live(page);
      await lockWithPin(page, 20);
      await page.getByRole('button', { name: 'Exit Kids Zone' }).click();
      const prompt = page.getByRole('dialog', { name: 'Leave the Kids Zone?' });
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await prompt.getByLabel('Parent PIN').fill('1111');
        await prompt.getByRole('button', { name: 'Unlock and leave' }).click();
        await expect(prompt.getByText("That PIN isn't right. Please try again.")).toBeVisible();
      }
      await prompt.getByLabel('Parent PIN').fill('1111');
      await prompt.getByRole('button', { name: 'Unlock and leave' }).click();
      await expect(prompt.getByText('Too many wrong tries: wait 30 seconds', { exact: false })).toBeVisible();
      // During the wait even the right PIN is refused.
      await prompt.getByLabel('Parent PIN').fill(PIN);
      await prompt.getByRole('button', { name: 'Unlock and leave' }).click();
      await expect(prompt.getByText('Too many wrong tries. Wait', { exact: false })).toBeVisible();
      await expect(page).toHaveURL(/\/kids$/);

      await prompt.getByRole('button', { name: 'Forgot PIN?' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot the PIN?' });
      await expect(forgot.getByText('This lock is kept on this device only')).toBeVisible();
      await expect(forgot.getByText("clearing this site's data", { exact: false })).toBeVisible();
      await forgot.getByRole('button', { name: 'Back' }).click();
      expect(await page.evaluate(() => window.localStorage.getItem('playfree.kids.parent'))).not.toBeNull();
    });
  });
}
