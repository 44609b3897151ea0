/**
 * Issue #58 on a phone: an admin adds a distributor's feed on the Feeds tab (the local feed
 * server stands in for the distributor), syncs it and sees its report; a player then finds the
 * imported game and plays it in the secure frame, shaped as its feed says.
 */
import { expect, test } from '@playwright/test';
import { startFeedServer, type FeedServer } from '../tests/support/feed-server';
import { ADMIN_EMAIL, signInAs } from './support';

let feeds: FeedServer;
test.beforeAll(async () => {
  feeds = await startFeedServer();
});
test.afterAll(() => feeds.close());

test('an admin imports a feed on the Feeds tab; a player finds and plays an imported game', async ({ page, browser }) => {
  const stamp = Date.now();
  const title = `Harbor Hop ${stamp}`;
  feeds.items.gamedistribution = [
    { id: `e2e-${stamp}`, title, description: '<p>Hop between <b>boats</b>.</p>', category: 'Arcade' },
    { id: `untitled-${stamp}`, title: '', category: 'Arcade' },
  ];
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Feeds' }).click();
  const form = page.getByRole('form', { name: 'Add a feed' });
  await form.getByLabel('Name').fill(`Feed ${stamp}`);
  await form.getByLabel('Feed address').fill(`${feeds.url}/feeds/gamedistribution`);
  await form.getByRole('combobox', { name: 'Its games are' }).click();
  await page.getByRole('option', { name: 'Published at once' }).click();
  await form.getByRole('button', { name: 'Add feed' }).click();

  const card = page.getByTestId('feed').filter({ hasText: `Feed ${stamp}` });
  await card.getByRole('button', { name: 'Sync now' }).click();
  const report = card.getByTestId('feed-report');
  await expect(report).toContainText('1 added');
  await expect(report).toContainText('1 refused');
  await expect(card).toContainText('it has no title');

  const player = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await player.goto('/new');
  await player.getByRole('link', { name: title }).first().click();
  await expect(player.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(player.getByTestId('game-byline')).toContainText('via GameDistribution');
  await expect(player.getByTestId('distributor-ads-note')).toBeVisible();
  const frame = player.locator(`iframe[title="${title} game"]`);
  await expect(frame).toHaveAttribute('src', new RegExp(`^${feeds.url}/play/e2e-${stamp}/`));
  await expect(player.frameLocator(`iframe[title="${title} game"]`).locator('canvas#c')).toBeVisible();
  // The feed says 800 × 480: the frame takes that shape, and a phone held upright is told to turn.
  const box = (await frame.boundingBox())!;
  expect(Math.abs(box.height - (box.width * 480) / 800)).toBeLessThan(3);
  await expect(player.getByTestId('orientation-hint')).toContainText('sideways');
  // The card's thumbnail is the portal's own copy, never the distributor's.
  const thumb = await player.request.get(`/media/thumbs/${title.toLowerCase().replace(/ /g, '-')}.webp`);
  expect(thumb.headers()['content-type']).toBe('image/webp');
  await player.close();
});
