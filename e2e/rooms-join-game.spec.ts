import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { live } from './support';

/**
 * "Join Game" on the home's Best Multiplayer (issue 48): two players, each in a browser of their
 * own, click it on Four in a Row and meet in the same public room: the first waits in a room of
 * their own making, the second is seated in it.
 */
test('two players click Join Game on Four in a Row and end in the same room', async ({ browser }) => {
  const [one, two] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    /** A player opens the home in their own browser and clicks Join Game on Four in a Row's card. */
    const joinGame = async (context: BrowserContext): Promise<Page> => {
      const page = await context.newPage();
      await page.goto('/');
      await live(page);
      await page.locator('#multiplayer').getByRole('link', { name: 'Join Game: Four in a Row' }).click();
      await expect(page).toHaveURL(/\/games\/four-in-a-row\?join=public$/);
      return page;
    };
    const a = await joinGame(one);
    // No tap on "Invite a friend": the page is in a public room at once, waiting for a second player.
    await expect(a.getByTestId('room-player')).toHaveCount(1);
    await expect(a.frameLocator('iframe[title="Four in a Row game"]').getByRole('heading', { name: 'Waiting for a friend' })).toBeVisible();
    const code = (await a.getByTestId('room-invite-link').inputValue()).match(/room=([0-9A-Z]{11})$/)?.[1];
    expect(code).toBeDefined();

    const b = await joinGame(two);
    for (const page of [a, b]) await expect(page.getByTestId('room-player')).toHaveCount(2);
    await expect(b.getByTestId('room-player').filter({ hasText: 'host' })).toHaveText(/Player 1/);
    await expect(b.getByTestId('room-player').filter({ hasText: 'you' })).toHaveText(/Player 2/);
    // The match starts on both: the first player's "Waiting for a friend" card closes (the kit fades its overlay out).
    await expect(a.frameLocator('iframe[title="Four in a Row game"]').locator('.pf-overlay')).not.toHaveClass(/\bshow\b/);
    // Both are in the room the first one's invite link names (its code travels to the frame's room).
    for (const page of [a, b]) {
      const frame = (await (await page.locator('iframe[title="Four in a Row game"]').elementHandle())!.contentFrame())!;
      expect(await frame.evaluate(() => (window as unknown as { PlayFree: { multiplayer: { room(): { code: string } } } }).PlayFree.multiplayer.room().code)).toBe(code);
    }
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});
