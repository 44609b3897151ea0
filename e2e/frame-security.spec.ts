import { expect, test, type Frame, type Page } from '@playwright/test';
import { apiLogin, signInAs, uniqueEmail } from './support';

/**
 * The game frame is another origin: the portal believes only messages from that frame and its
 * allowlisted origin, in the exact SDK shape, and the game cannot reach the portal's storage.
 */
const GAME = { slug: 'merge-tiles', title: 'Merge Tiles' };
/** A host no test server answers: page.route serves it. */
const EVIL_ORIGIN = 'http://evil.test';
const FORGED = { source: 'playfree-sdk', version: 1, type: 'gameOver', value: 999_999 };

const readout = (page: Page) => page.getByTestId('game-readout');

async function openGame(page: Page): Promise<Frame> {
  await page.goto(`/games/${GAME.slug}`);
  await expect(readout(page)).toHaveAttribute('data-status', 'ready');
  const handle = await page.locator(`iframe[title="${GAME.title} game"]`).elementHandle();
  return (await handle!.contentFrame())!;
}

/** A real SDK message from the game: once the portal shows it, every message posted before it was handled. */
async function sendControlScore(page: Page, game: Frame, value: number) {
  await game.evaluate((n) => (window as unknown as { PlayFree: { score(n: number): void } }).PlayFree.score(n), value);
  await expect(page.getByTestId('score-readout')).toHaveText(String(value));
}

function countSubmits(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.url().includes('scores.submit')) seen.count++;
  });
  return seen;
}

async function expectNothingRecorded(page: Page, submits: { count: number }) {
  await expect(readout(page)).not.toHaveAttribute('data-status', 'over');
  await expect(page.getByTestId('game-over-badge')).toHaveCount(0);
  await expect(page.getByText('999,999')).toHaveCount(0);
  expect(submits.count).toBe(0);
}

test.describe('game frame messages', () => {
  test('a forged game over posted by the portal window itself is ignored', async ({ page }) => {
    await signInAs(page, uniqueEmail('forger'));
    const submits = countSubmits(page);
    const game = await openGame(page);
    await page.evaluate((forged) => {
      window.postMessage(forged, '*');
      window.postMessage({ ...forged, type: 'score' }, window.location.origin);
    }, FORGED);
    await sendControlScore(page, game, 3);
    await expectNothingRecorded(page, submits);
  });

  test('a frame of the game origin that is not the game frame is ignored', async ({ page }) => {
    await signInAs(page, uniqueEmail('forger'));
    const submits = countSubmits(page);
    const game = await openGame(page);
    const gameSrc = await page.locator(`iframe[title="${GAME.title} game"]`).getAttribute('src');
    // Every game has an origin of its own, so the one other frame of the game's (allowlisted) origin
    // is another copy of the game, framed by someone else on the page.
    expect(new URL(gameSrc!).hostname).toMatch(/^merge-tiles\./);
    await page.evaluate((src) => {
      const other = document.createElement('iframe');
      other.src = src;
      other.title = 'intruder';
      document.body.append(other);
    }, gameSrc!);
    const intruder = (await (await page.locator('iframe[title="intruder"]').elementHandle())!.contentFrame())!;
    // Polled by time: an off-screen frame of another origin gets no animation frames.
    await intruder.waitForFunction(() => 'PlayFree' in window, undefined, { polling: 100 });
    await intruder.evaluate(() => {
      const sdk = (window as unknown as { PlayFree: { gameplayStart(): void; score(n: number): void; gameOver(n: number): void } }).PlayFree;
      sdk.gameplayStart();
      sdk.score(999_999);
      sdk.gameOver(999_999);
    });
    await sendControlScore(page, game, 4);
    await expectNothingRecorded(page, submits);
  });

  test.describe('from another origin', () => {
    // The portal's CSP already refuses to frame other origins; turn it off to reach the bridge's own check.
    test.use({ bypassCSP: true });

    test('an iframe of another origin, and the game frame navigated away, are ignored', async ({ page }) => {
      await page.route(`${EVIL_ORIGIN}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>evil</title><script>
            const forged = ${JSON.stringify(FORGED)};
            parent.postMessage({ ...forged, type: 'gameplayStart' }, '*');
            parent.postMessage({ ...forged, type: 'score' }, '*');
            parent.postMessage(forged, '*');
            document.title = 'posted';
          </script>`,
        }),
      );
      await signInAs(page, uniqueEmail('forger'));
      const submits = countSubmits(page);
      const game = await openGame(page);

      await page.evaluate((src) => {
        const other = document.createElement('iframe');
        other.src = src;
        other.title = 'evil';
        document.body.append(other);
      }, `${EVIL_ORIGIN}/forge.html`);
      const evil = (await (await page.locator('iframe[title="evil"]').elementHandle())!.contentFrame())!;
      await expect.poll(() => evil.title()).toBe('posted');
      await sendControlScore(page, game, 5);
      await expectNothingRecorded(page, submits);

      // The game frame itself goes to another origin: same window, wrong origin.
      await game.evaluate((url) => window.location.assign(url), `${EVIL_ORIGIN}/navigated.html`);
      await expect.poll(() => game.title()).toBe('posted');
      await expect(page.getByTestId('score-readout')).toHaveText('5');
      await expectNothingRecorded(page, submits);
    });
  });

  test('malformed messages from the game frame are ignored, and never break the bridge', async ({ page }) => {
    await signInAs(page, uniqueEmail('forger'));
    const submits = countSubmits(page);
    const game = await openGame(page);
    await game.evaluate((forged) => {
      const bad: unknown[] = [
        null,
        'gameOver',
        JSON.stringify(forged),
        [forged],
        { ...forged, version: 2 },
        { ...forged, version: '1' },
        { ...forged, source: 'playfree-portal' },
        { ...forged, type: 'GAMEOVER' },
        { ...forged, type: 'gameover ' },
        { ...forged, value: '999999' },
        { ...forged, value: Infinity },
        { ...forged, value: Number.NaN },
        { ...forged, extra: true },
        { source: 'playfree-sdk', version: 1, type: 'score' },
        { source: 'playfree-sdk', version: 1, type: 'score', value: { valueOf: 999_999 } },
        { source: 'playfree-sdk', version: 1, type: 'level', value: [999_999] },
        new Date(),
        new Blob(['x']),
      ];
      for (const data of bad) window.parent.postMessage(data, '*');
    }, FORGED);
    await sendControlScore(page, game, 6);
    await expect(page.getByTestId('level-readout')).toHaveText('–');
    await expectNothingRecorded(page, submits);
  });
});

test.describe('game frame isolation', () => {
  test("a game cannot read the portal's cookies or storage", async ({ page, context }) => {
    // Signed in as the app does it: the token in the portal's storage (support's signInAs would
    // store it in every frame, the game's too), and the session cookie.
    const { token } = await apiLogin(page.request, uniqueEmail('isolated'));
    await page.addInitScript((value) => {
      if (window.top === window) window.localStorage.setItem('auth_token', value);
    }, token);
    const game = await openGame(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    // The portal has a session to steal: its cookie and its stored token.
    expect((await context.cookies()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeTruthy();

    const seen = await game.evaluate(() => {
      // oxlint-disable-next-line unicorn/consistent-function-scoping -- it runs inside the game frame
      const attempt = (read: () => unknown) => {
        try {
          read();
          return 'read';
        } catch (error) {
          return error instanceof DOMException ? error.name : String(error);
        }
      };
      return {
        origin: window.location.origin,
        cookie: document.cookie,
        ownToken: window.localStorage.getItem('auth_token'),
        // Its own storage works (partitioned under the portal, as shipping browsers give a framed
        // origin of another site), and holds nothing of the portal's.
        ownStorage: attempt(() => {
          window.localStorage.setItem('probe', 'kept');
          if (window.localStorage.getItem('probe') !== 'kept') throw new Error('not kept');
        }),
        parentStorage: attempt(() => window.parent.localStorage.getItem('auth_token')),
        parentCookie: attempt(() => window.parent.document.cookie),
        topSession: attempt(() => window.top!.sessionStorage.length),
      };
    });
    expect(seen.origin).not.toBe(new URL(page.url()).origin);
    expect(seen.cookie).toBe('');
    expect(seen.ownToken).toBeNull();
    expect(seen.ownStorage).toBe('read');
    expect(seen.parentStorage).toBe('SecurityError');
    expect(seen.parentCookie).toBe('SecurityError');
    expect(seen.topSession).toBe('SecurityError');
  });
});
