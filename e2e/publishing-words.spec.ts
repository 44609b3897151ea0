import { expect, test } from '@playwright/test';
import { live } from './support';

/** Words a newcomer stumbled on around publishing and playing (issue #38, point 13). */
test.describe('publishing in plain words', () => {
  test('a game that does not use the SDK shows no empty Score and Level beside it', async ({ page, baseURL }) => {
    const portal = new URL(baseURL!);
    const gameOrigin = `${portal.protocol}//merge-tiles.${portal.hostname}:${Number(portal.port) + 1}`;
    // The game's page as a developer without the SDK would have written it.
    await page.route(
      (url) => url.origin === gameOrigin && url.pathname === '/',
      (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>No SDK</title><body style="background:#234"><p>Playing</p></body>' }),
    );
    await page.goto('/games/merge-tiles');
    await live(page);
    // A player reaching for the game starts it at once (else it starts once the page is idle).
    await page.getByTestId('game-frame').click();
    await expect(page.frameLocator('iframe[title="Merge Tiles game"]').getByText('Playing')).toBeVisible();
    await expect(page.getByTestId('game-frame-loading')).toHaveCount(0);
    await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'waiting');
    await expect(page.getByTestId('score-readout')).toHaveCount(0);
    await expect(page.getByTestId('level-readout')).toHaveCount(0);
  });

  test('the link beside the start-time check opens the Game SDK guide', async ({ page }) => {
    await page.goto('/api-docs?tab=sdk');
    await expect(page.getByRole('tab', { name: 'Game SDK' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('1. Include the SDK')).toBeVisible();
  });
});
