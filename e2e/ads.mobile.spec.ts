import { expect, test } from '@playwright/test';
import { openGame } from './saves-support';
import { AD_PAGES, answerOf, askBreak, askBreakUntapped, expectHouseFilled } from './ads-support';

test.describe('ads on a phone (issue #37)', () => {
  test('the house provider fills every slot with a 320x100 banner; none on the Kids Zone', async ({ page }) => {
    for (const path of AD_PAGES) {
      await page.goto(path);
      await expectHouseFilled(page, { width: 320, height: 100 });
    }
    await page.goto('/kids');
    await expect(page.getByTestId('kids-game-card').first()).toBeVisible();
    await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  });

  test('a midgame break before a minute of play answers capped; after it the break covers the game and Skip resumes it', async ({ page }) => {
    await page.clock.install();
    const frame = await openGame(page);
    await askBreakUntapped(page, frame, 'PlayFree.ads.rewarded()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'no-gesture' });
    await askBreak(frame, 'PlayFree.ads.midgame()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'capped' });
    await page.clock.fastForward('01:01');
    await askBreak(frame, 'PlayFree.ads.midgame()');
    const breakCard = page.getByTestId('ad-break');
    await expect(breakCard).toBeVisible();
    await page.clock.fastForward(5000);
    await breakCard.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: false, reason: null });
  });
});
