import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, live, signInAs, toast, trpcMutation, uniqueEmail } from './support';

/**
 * Issue #14: every game says how it plays and what it contains. A developer declares it, the
 * review screen shows it, the game page shows it, and the Categories and Kids pages filter by
 * device, starting on touch games on a phone.
 */

const devices = (page: Page) => page.getByRole('radiogroup', { name: 'Plays with' });

/** Publishes a keyboard-only game (or one with other `controls`) through the API, as a developer and then the admin. */
async function publishKeyboardGame(request: APIRequestContext, title: string, controls = ['keyboard']): Promise<{ id: number; slug: string }> {
  const dev = await apiLogin(request, uniqueEmail('facts-dev'));
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const submitted = await trpcMutation<{ id: number; slug: string }>(request, 'developer.submit', dev.token, {
    title,
    description: 'Type the words before they reach the bottom.',
    srcUrl: `https://${slug}.example.com/`,
    thumbUrl: `https://${slug}.example.com/thumb.png`,
    ageRating: 'E7',
    categories: ['puzzle'],
    controls,
    contentFacts: { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'none', violence: 'none' },
  });
  const admin = await apiLogin(request, ADMIN_EMAIL);
  await trpcMutation(request, 'admin.approve', admin.token, { id: submitted.id });
  return submitted;
}

test.describe('game controls and content facts (desktop)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a developer declares them, the review shows them, and the game page and the device filter follow', async ({ page, browser }) => {
    const title = `E2E Pad Rally ${Date.now()}`;
    await signInAs(page, uniqueEmail('facts-dev'));
    await page.goto('/developer');
    await page.getByRole('radio', { name: /Link a game hosted elsewhere/ }).check();
    await page.getByLabel('Game title').fill(title);
    await page.getByLabel('Description').fill('Rally round the island with a gamepad.');
    await page.getByLabel('Game URL').fill(`https://pad-rally-${Date.now()}.example.com/`);
    await page.getByLabel('Thumbnail URL').fill('https://example.com/pad-rally/thumb.png');
    await page.getByLabel('How to play').fill('Steer with the left stick; hold the right trigger to accelerate.');

    // Controls and the two choices must be declared.
    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(page.getByText('Choose at least one control')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Gamepad' }).check();
    await page.getByRole('checkbox', { name: 'Keyboard' }).check();
    await page.getByRole('checkbox', { name: 'Shows ads' }).check();
    await page.getByRole('combobox', { name: 'Saves progress' }).click();
    await page.getByRole('option', { name: 'Saved to your account' }).click();
    await page.getByRole('combobox', { name: 'Violence' }).click();
    await page.getByRole('option', { name: 'Cartoon violence' }).click();
    await page.getByRole('button', { name: 'Submit Game' }).click();
    await expect(toast(page, 'Game submitted successfully!')).toBeVisible();

    const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await adminContext.newPage();
    await signInAs(admin, ADMIN_EMAIL);
    await admin.goto('/admin');
    const pending = admin.getByTestId('pending-game').filter({ hasText: title });
    const declared = pending.getByTestId('declared-facts');
    await expect(declared).toContainText('Controls:KeyboardGamepad');
    for (const fact of ['Shows ads', 'No chat', 'No links out', 'No purchases', 'Saved to your account', 'Cartoon violence']) {
      await expect(declared.getByText(fact, { exact: true })).toBeVisible();
    }
    await expect(declared).toContainText('Steer with the left stick; hold the right trigger to accelerate.');
    await pending.getByRole('button', { name: `Approve ${title}` }).click();
    await admin.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(toast(admin, 'Game approved')).toBeVisible();
    await adminContext.close();

    await page.goto('/developer');
    await page.getByRole('tab', { name: /My Games/ }).click();
    await page.getByTestId('my-game').filter({ hasText: title }).getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const howToPlay = page.getByRole('region', { name: 'How to Play' });
    await expect(howToPlay.getByRole('list', { name: 'Plays with' }).getByRole('listitem')).toHaveText(['Keyboard', 'Gamepad']);
    await expect(howToPlay).toContainText('Steer with the left stick; hold the right trigger to accelerate.');
    // A desktop gets no touch warning; the old fixed WASD panel is gone.
    await expect(page.getByTestId('no-touch-notice')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Controls', exact: true })).toHaveCount(0);
    const facts = page.getByRole('region', { name: "What's in This Game" });
    await expect(facts.getByRole('definition')).toHaveText(['Shows ads', 'No chat', 'No links out', 'No purchases', 'Saved to your account', 'Cartoon violence']);

    // Categories on a desktop starts on every device; Touch hides the gamepad game, Gamepad finds it.
    await page.goto('/categories');
    await live(page);
    await expect(devices(page).getByRole('radio', { name: 'Any' })).toBeChecked();
    await page.getByPlaceholder('Search games in this category...').fill(title);
    const card = page.getByTestId('game-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await devices(page).getByText('Touch', { exact: true }).click();
    await expect(page).toHaveURL(/device=touch/);
    await expect(page.getByText('No games found matching your criteria.')).toBeVisible();
    await devices(page).getByText('Gamepad', { exact: true }).click();
    await expect(page).toHaveURL(/device=gamepad/);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('game-card')).toHaveCount(1);
  });

  test('a device tapped while the search is still being typed keeps both in the address', async ({ page }) => {
    await page.goto('/categories');
    await live(page);
    await page.getByPlaceholder('Search games in this category...').fill('balloon');
    // At once, before the search (debounced) reaches the address: it must not undo the tap.
    await devices(page).getByText('Touch', { exact: true }).click();
    await expect(page).toHaveURL(/q=balloon/);
    await expect(page).toHaveURL(/device=touch/);
    await expect(devices(page).getByRole('radio', { name: 'Touch' })).toBeChecked();
    await expect(page.getByTestId('game-card').filter({ hasText: 'Balloon Party' })).toBeVisible();
  });

  test("a built-in game's page shows its own instructions and facts, not a WASD panel", async ({ page }) => {
    await page.goto('/games/balloon-party');
    const howToPlay = page.getByRole('region', { name: 'How to Play' });
    await expect(howToPlay.getByRole('list', { name: 'Plays with' }).getByRole('listitem')).toHaveText(['Touch', 'Keyboard', 'Mouse']);
    await expect(howToPlay).toContainText('Tap or click a balloon to pop it.');
    const facts = page.getByRole('region', { name: "What's in This Game" });
    await expect(facts.getByRole('definition')).toHaveText(['No ads', 'No chat', 'No links out', 'No purchases', 'Saved to your account', 'None']);
  });
});

test.describe('game controls and content facts (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Categories starts on touch games; Any shows the keyboard-only one and stays chosen', async ({ page }) => {
    const title = `E2E Word Rain ${Date.now()}`;
    // A touch game published this week too: New This Week holds only this week's games, and the
    // built-in ones age out of it.
    // (No word of its title in the other's, which is searched for below.)
    await publishKeyboardGame(page.request, `Pocket Tapper ${Date.now().toString(36)}`, ['touch']);
    const game = await publishKeyboardGame(page.request, title);

    await page.goto(`/categories?q=${encodeURIComponent(title)}`);
    await live(page);
    await expect(devices(page).getByRole('radio', { name: 'Touch' })).toBeChecked();
    await expect(page.getByText('No games found matching your criteria.')).toBeVisible();
    await devices(page).getByText('Any', { exact: true }).click();
    await expect(page.getByTestId('game-card').filter({ hasText: title })).toBeVisible();
    await expect(page).toHaveURL(/device=all/);
    await page.reload();
    await live(page);
    await expect(devices(page).getByRole('radio', { name: 'Any' })).toBeChecked();
    await expect(page.getByTestId('game-card').filter({ hasText: title })).toBeVisible();

    // Without a search: touch games only, the built-in ones among them.
    await page.goto('/categories');
    await live(page);
    await expect(devices(page).getByRole('radio', { name: 'Touch' })).toBeChecked();
    await expect(page.getByTestId('game-card').filter({ hasText: 'Balloon Party' })).toBeVisible();
    await expect(page.getByTestId('game-card').filter({ hasText: title })).toHaveCount(0);
    // The control fits the phone's width.
    const box = await devices(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // The home lists show a phone the games it can play first: the newest game, keyboard-only,
    // comes after the touch games in New This Week (a ranked list keeps its order).
    await page.goto('/');
    await live(page);
    const newest = page.locator('#new').getByTestId('game-card');
    await expect(newest.filter({ hasText: title })).toBeVisible();
    const titles = await newest.allTextContents();
    expect(titles.findIndex((text) => text.includes(title))).toBeGreaterThan(0);

    // Its page warns a phone that it takes no touch.
    await page.goto(`/games/${game.slug}`);
    await expect(page.getByTestId('no-touch-notice')).toContainText('This game is played with a keyboard; it does not respond to touch.');
  });

  test('the Kids Zone starts on touch games and filters by device', async ({ page }) => {
    await page.goto('/kids');
    await live(page);
    await expect(devices(page).getByRole('radio', { name: 'Touch' })).toBeChecked();
    await expect(page.getByRole('link', { name: "Let's Play Balloon Party" })).toBeVisible();
    await devices(page).getByText('Gamepad', { exact: true }).click();
    await expect(page.getByText('No games found!')).toBeVisible();
  });

  test("a game page on a phone shows how it plays and what's in it", async ({ page }) => {
    await page.goto('/games/crystal-caverns');
    const howToPlay = page.getByRole('region', { name: 'How to Play' });
    await expect(howToPlay.getByRole('list', { name: 'Plays with' }).getByRole('listitem')).toHaveText(['Touch', 'Keyboard']);
    await expect(howToPlay).toContainText('On touch screens use the on-screen arrows');
    await expect(page.getByRole('region', { name: "What's in This Game" })).toContainText('Cartoon violence');
    await live(page);
    await expect(page.getByTestId('no-touch-notice')).toHaveCount(0);
  });
});
