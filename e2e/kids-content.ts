import { expect, test, type Page } from '@playwright/test';
import { untilFrameDrawn } from './support';

/**
 * The Kids Zone's content (issue #26), on a phone and on a desktop (kids-content.spec.ts and
 * kids-content.mobile.spec.ts): its own games are listed, a game with cartoon violence is not by
 * default, nothing on the zone is a review, an ad or a link out, and a new game plays.
 */
const cards = (page: Page) => page.getByTestId('kids-game-card');

export function kidsContentTests() {
  test('lists the new games made for small children, and no game with violence', async ({ page }) => {
    await page.goto('/kids');
    await expect(cards(page).first()).toBeVisible();
    for (const title of ['Shape Sorter', 'Animal Snacks', 'Balloon Party', 'Color Splash', 'Memory Zoo', 'Mole Meadow']) {
      await expect(cards(page).filter({ hasText: title })).toHaveCount(1);
    }
    // Nova Blaster (a shooter with cartoon violence) and the other cartoon-violence games stay out.
    for (const title of ['Nova Blaster', 'Tower Guard', 'Crystal Caverns']) await expect(cards(page).filter({ hasText: title })).toHaveCount(0);
    const search = page.getByRole('searchbox', { name: 'Search for fun games' });
    await search.fill('nova');
    await expect(page.getByText('No games found!')).toBeVisible();
    // The kids player refuses it too when its address is typed.
    await page.goto('/kids/play/nova-blaster');
    await expect(page.getByRole('heading', { name: 'Not in the Kids Zone' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('shows no reviews, ads or links out', async ({ page }) => {
    await page.goto('/kids');
    await expect(cards(page).filter({ hasText: 'Shape Sorter' })).toBeVisible();
    const links = await page.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(6);
    for (const href of links) expect(href, href).toMatch(/^(#main|\/kids(\/play\/[a-z0-9-]+)?)$/);
    await expect(page.getByRole('region', { name: 'Advertisement' })).toHaveCount(0);
    await expect(page.getByText('Advertisement')).toHaveCount(0);
    await expect(page.getByText(/reviews?\b/i)).toHaveCount(0);
  });

  test('plays Shape Sorter inside the Kids Zone', async ({ page }) => {
    await page.goto('/kids');
    await cards(page).getByRole('link', { name: /^Let['’]s Play Shape Sorter$/ }).click();
    await expect(page).toHaveURL(/\/kids\/play\/shape-sorter$/);
    const iframe = page.locator('iframe[title="Shape Sorter game"]');
    await expect(iframe).toBeVisible();
    const readout = page.getByTestId('game-readout');
    await expect(readout).toHaveAttribute('data-status', 'ready');
    const frame = page.frameLocator('iframe[title="Shape Sorter game"]');
    await untilFrameDrawn(frame);
    // The big play button pulses, so it is never "stable".
    await frame.getByRole('button', { name: 'Play', exact: true }).click({ force: true });
    await expect(readout).toHaveAttribute('data-status', 'playing');
    // Space picks a shape up, the next Space puts it in a hole (the next try, the next hole): a
    // shape fits within as many tries as there are holes, 10 points each.
    const gameFrame = (await (await iframe.elementHandle())!.contentFrame())!;
    const score = () => gameFrame.evaluate(() => (window as unknown as { Kit: { score: number } }).Kit.score);
    await expect
      .poll(async () => {
        if ((await score()) > 0) return true;
        await page.keyboard.press('Space');
        await page.keyboard.press('Space');
        return (await score()) > 0;
      }, { timeout: 15_000, intervals: [150] })
      .toBe(true);
    expect(await score()).toBe(10);
    // Nothing in the player leads out of the Kids Zone.
    const links = await page.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(new Set(links)).toEqual(new Set(['#main', '/kids']));
  });
}
