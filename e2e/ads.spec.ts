import { expect, test } from '@playwright/test';
import { AD_LIMITS } from '../shared/constants';
import { openGame } from './saves-support';
import { AD_PAGES, answerOf, askBreak, askBreakUntapped, countPauses, expectHouseFilled, loadCompat, onScreen, recordImpressions } from './ads-support';

test.describe('ads on a desktop (issue #37)', () => {
  test('the house provider fills every slot of a fresh portal with one of its games, 728x90; none on the Kids Zone', async ({ page }) => {
    for (const path of AD_PAGES) {
      await page.goto(path);
      await expectHouseFilled(page, { width: 728, height: 90 });
    }
    await page.goto('/kids');
    await expect(page.getByTestId('kids-game-card').first()).toBeVisible();
    await expect(page.locator('[data-ad-slot]')).toHaveCount(0);
  });

  test('a slot scrolled past without being seen for a second counts nothing; seen for a second, it counts once', async ({ page }) => {
    await page.clock.install();
    const impressions = recordImpressions(page);
    await page.goto('/categories');
    const slot = '[data-ad-slot="category"]';
    await expect(page.locator(slot).getByTestId('house-ad')).toBeAttached();
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
    await page.locator(slot).scrollIntoViewIfNeeded();
    expect(await onScreen(page, slot)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await onScreen(page, slot)).toBe(false);
    await page.clock.runFor(3000);
    expect(impressions.filter((impression) => impression.place === 'category')).toEqual([]);

    await page.locator(slot).scrollIntoViewIfNeeded();
    expect(await onScreen(page, slot)).toBe(true);
    await page.clock.runFor(1500);
    await expect.poll(() => impressions.filter((impression) => impression.place === 'category')).toEqual([{ place: 'category', kind: 'slot' }]);
  });

  test('breaks: rewarded() without a tap answers no-gesture, midgame() before a minute of play answers capped, after it shows the house break, then resumes the game; rewarded() after a tap rewards; Poki and CrazyGames games run theirs', async ({ page }) => {
    await page.clock.install();
    const impressions = recordImpressions(page);
    const frame = await openGame(page);
    const counts = await countPauses(frame);

    await askBreakUntapped(page, frame, 'PlayFree.ads.rewarded()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'no-gesture' });
    await askBreak(frame, 'PlayFree.ads.midgame()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'capped' });

    await page.clock.fastForward('01:01');
    await askBreak(frame, 'PlayFree.ads.midgame()');
    const breakCard = page.getByTestId('ad-break');
    await expect(breakCard).toBeVisible();
    await expect(breakCard).toHaveAttribute('data-kind', 'midgame');
    await expect.poll(counts).toEqual([1, 0]);
    await expect(breakCard.getByRole('button', { name: 'Skip' })).toHaveCount(0);
    await page.clock.fastForward(5000);
    await breakCard.getByRole('button', { name: 'Skip' }).click();
    await expect(breakCard).toHaveCount(0);
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: false, reason: null });
    await expect.poll(counts).toEqual([1, 1]);
    await expect.poll(() => impressions.filter((impression) => impression.kind === 'break')).toEqual([{ place: 'midgame', kind: 'break' }]);

    // After another round, a rewarded break asked right after a tap in the game, watched to its end, rewards.
    // The server starts a page's breaks at least AD_LIMITS.breakSpacingSeconds apart in real time, which the page's clock does not move.
    await page.waitForTimeout(AD_LIMITS.breakSpacingSeconds * 1000);
    await frame.evaluate(() => (window as unknown as { PlayFree: { gameplayStart(): void } }).PlayFree.gameplayStart());
    await askBreak(frame, 'PlayFree.ads.rewarded()');
    await expect(breakCard).toHaveAttribute('data-kind', 'rewarded');
    await page.clock.fastForward(5000);
    await breakCard.getByRole('button', { name: 'Collect reward' }).click();
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: true, reason: null });

    // A game written for Poki: one changed <script src>, its commercialBreak() runs a break.
    await loadCompat(frame, 'poki-sdk.js');
    await frame.evaluate(() => (window as unknown as { PokiSDK: { gameplayStart(): void } }).PokiSDK.gameplayStart());
    await page.clock.fastForward('03:01');
    await page.waitForTimeout(AD_LIMITS.breakSpacingSeconds * 1000);
    await askBreak(frame, 'PokiSDK.commercialBreak().then(() => "done")', 'poki');
    await expect(breakCard).toBeVisible();
    await page.clock.fastForward(5000);
    await breakCard.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => answerOf(frame, 'poki')).toBe('done');

    // A game written for CrazyGames: requestAd('midgame') with its callbacks.
    await loadCompat(frame, 'crazygames-sdk-v3.js');
    await frame.evaluate(() => (window as unknown as { CrazyGames: { SDK: { game: { gameplayStart(): void } } } }).CrazyGames.SDK.game.gameplayStart());
    await page.clock.fastForward('03:01');
    await page.waitForTimeout(AD_LIMITS.breakSpacingSeconds * 1000);
    await askBreak(
      frame,
      'new Promise((resolve) => CrazyGames.SDK.ad.requestAd("midgame", { adStarted: () => {}, adFinished: () => resolve("finished"), adError: (error) => resolve(error.code) }))',
      'crazy',
    );
    await expect(breakCard).toBeVisible();
    await page.clock.fastForward(5000);
    await breakCard.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => answerOf(frame, 'crazy')).toBe('finished');
    // Asked again at once: never two in a row, answered as CrazyGames does ("unfilled" is its only no-ad code).
    await askBreak(frame, 'new Promise((resolve) => CrazyGames.SDK.ad.requestAd("midgame", { adFinished: () => resolve("finished"), adError: (error) => resolve(error.code) }))', 'again');
    await expect.poll(() => answerOf(frame, 'again')).toBe('other');
  });
});
