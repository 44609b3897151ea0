import { expect, test, type Frame, type Page } from '@playwright/test';

/**
 * Cumulative layout shift of the game page as it opens (issue 57: at most 0.02; Lighthouse measured
 * 0.08 on a phone), on a phone and on a desktop screen. Every layout-shift entry without recent
 * input is summed, the page's own and those inside the game's frame, each of the frame's weighted
 * by the share of the screen the frame covers, as Chromium counts a frame's shifts for the page.
 * Paddle Duel plays online: its "Invite a friend" panel comes once the game has said hello, after
 * the page has loaded, and is the last thing that may move anything. A layout measure, not a timing.
 */
const GAME = { slug: 'paddle-duel', title: 'Paddle Duel' };
const LIMIT = 0.02;

type Shift = { value: number; sources: string[] };

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

/** In every frame, from its first script on: each shift with what moved, for the failure's message. */
function observeShifts() {
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput) continue;
      const sources = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
        const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}` : (node?.nodeName ?? '?');
        return `${name} (${Math.round(from.x)},${Math.round(from.y)} ${Math.round(from.width)}x${Math.round(from.height)} -> ${Math.round(to.x)},${Math.round(to.y)} ${Math.round(to.width)}x${Math.round(to.height)})`;
      });
      window.layoutShifts!.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Two animation frames: what the last change moved has been painted and reported. */
async function painted(frame: Frame): Promise<void> {
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

async function openAndMeasure(page: Page): Promise<{ total: number; report: string }> {
  await page.addInitScript(observeShifts);
  await page.goto(`/games/${GAME.slug}`);
  // The game loaded, said hello (its score shows) and was answered (the panel shows): nothing is left to come.
  await expect(page.getByTestId('game-frame-loading')).toHaveCount(0);
  await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('room-panel')).toBeVisible();
  const frameElement = page.locator(`iframe[title="${GAME.title} game"]`);
  const game = (await (await frameElement.elementHandle())!.contentFrame())!;
  await painted(game);
  await painted(page.mainFrame());
  const own = await page.evaluate(() => window.layoutShifts ?? []);
  const inFrame = await game.evaluate(() => window.layoutShifts ?? []);
  const viewport = page.viewportSize()!;
  const box = (await frameElement.boundingBox())!;
  const shown = Math.max(0, Math.min(box.x + box.width, viewport.width) - Math.max(box.x, 0)) * Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0));
  const weight = shown / (viewport.width * viewport.height);
  const total = own.reduce((sum, shift) => sum + shift.value, 0) + weight * inFrame.reduce((sum, shift) => sum + shift.value, 0);
  const lines = [
    ...own.map((shift) => `page ${shift.value.toFixed(4)}: ${shift.sources.join('; ')}`),
    ...inFrame.map((shift) => `game frame ${shift.value.toFixed(4)} x ${weight.toFixed(2)}: ${shift.sources.join('; ')}`),
  ];
  return { total, report: `layout shift ${total.toFixed(4)} (limit ${LIMIT})${lines.length ? `:\n${lines.join('\n')}` : ''}` };
}

test.describe('the game page holds still as it opens', () => {
  test('on a desktop screen', async ({ page }) => {
    const { total, report } = await openAndMeasure(page);
    expect(total, report).toBeLessThanOrEqual(LIMIT);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('390x844', async ({ page }) => {
      const { total, report } = await openAndMeasure(page);
      expect(total, report).toBeLessThanOrEqual(LIMIT);
    });
  });
});

test.describe('home holds still for a returning player', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // Continue playing comes once the app has read this device's plays, above everything else: the
  // page under it moved by the row's height (Lighthouse /fr/ after a play: CLS 0.157).
  // A layout measure: the scripts are held back so that the server's page paints first.
  test('the Continue playing row comes into the room kept for it (390x844)', async ({ page, request }) => {
    const [game] = (await (await request.get('/api/games?limit=1')).json()) as { id: number; slug: string; title: string; thumbUrl: string | null }[];
    await page.goto('/');
    await page.evaluate((played) => localStorage.setItem('recently_played', JSON.stringify([played])), {
      id: game!.id, slug: game!.slug, title: game!.title, thumbUrl: game!.thumbUrl, playedAt: new Date().toISOString(),
    });
    // The row shows on the next visit, and its height on this screen is kept.
    await page.reload();
    await expect(page.getByTestId('recent-game')).toBeVisible();
    await painted(page.mainFrame());
    // Home open at another width too (a second window; Lighthouse's own teardown did this): the
    // row's height there is kept as well, not instead of this screen's.
    const wide = await page.context().newPage();
    await wide.setViewportSize({ width: 780, height: 844 });
    await wide.goto('/');
    await expect(wide.getByTestId('recent-game').first()).toBeVisible();
    await painted(wide.mainFrame());
    await wide.close();
    await page.addInitScript(observeShifts);
    // The app's scripts late, as on a phone's network: the server's page paints before they run.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('recent-game')).toBeVisible();
    await painted(page.mainFrame());
    const shifts = await page.evaluate(() => window.layoutShifts ?? []);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, `layout shift ${total.toFixed(4)}:\n${shifts.map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join('; ')}`).join('\n')}`).toBeLessThanOrEqual(LIMIT);
    // The room is still held once the row is in: letting go of it as the app took the page over
    // (before it had read the device's plays) moved the page in Lighthouse's slower runs.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--recent-row-height'))).toMatch(/^\d+(\.\d+)?px$/);
  });
});
