import { expect, test, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { catalog, expectGameOver, readout } from './games-support';
import { liveBuildAddress, untilFrameDrawn } from './support';

/**
 * Every built-in game, played in the portal's frame: it loads from its own origin under the games
 * host (`http://{slug}.localhost:GAMES_PORT/`, a build of the portal's own account), talks to the
 * portal through the SDK (the frame bar's status, score and level come from its messages), and
 * answers real input. Quick games are played to game over or to the next level. The player around
 * the frame (scores and play time saved, pause, mute, fullscreen, the Kids Zone player) is game-player.spec.ts.
 */

interface Play {
  page: Page;
  frame: FrameLocator;
  /** The game's window, to read what its canvas shows. */
  gameFrame: Frame;
}
interface Script {
  /** The start screen's primary button (its accessible name). */
  start: string;
  play: (play: Play) => Promise<void>;
}

/**
 * A game's own origin: `{slug}.` under the games host, which is the portal's host on its port + 1
 * (playwright.config.ts starts both).
 */
function gameOrigin(baseURL: string | undefined, slug: string): string {
  const url = new URL(baseURL ?? 'http://localhost:3300');
  return `${url.protocol}//${slug}.${url.hostname}:${Number(url.port) + 1}`;
}

const number = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())?.replaceAll(',', ''));
const score = (page: Page) => number(page, 'score-readout');
const level = (page: Page) => number(page, 'level-readout');

/**
 * Presses keys in turn inside the focused game until `done` holds (or the poll gives up).
 * With `holdMs`, each key is held that long, as a player steers (a tap can fall between frames).
 */
async function pressUntil(page: Page, keys: string[], done: () => Promise<boolean>, timeout = 15_000, holdMs = 0) {
  let turn = 0;
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        for (let n = 0; n < 3; n++) {
          const key = keys[turn++ % keys.length]!;
          if (holdMs === 0) {
            await page.keyboard.press(key);
          } else {
            await page.keyboard.down(key);
            await page.waitForTimeout(holdMs);
            await page.keyboard.up(key);
          }
        }
        return done();
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
}

const scoreRises = (page: Page) => async () => (await score(page)) > 0;

const scripts: Record<string, Script> = {
  'sky-hopper': {
    start: 'Fly!',
    // Without another flap the bird drops to the ground.
    play: async ({ page }) => {
      await expectGameOver(page);
      await expect(page.getByTestId('score-readout')).toHaveText('0');
    },
  },
  'snake-garden': {
    start: 'Play',
    play: async ({ page }) => {
      await page.keyboard.press('ArrowUp');
      await expectGameOver(page);
    },
  },
  'four-in-a-row': {
    start: '2 Players',
    // Red stacks four discs in column 1 while Yellow plays column 2. A drop is ignored while the
    // last disc still falls, so each waits for the turn marker (the HUD's dot) to change colour.
    play: async ({ page, gameFrame }) => {
      const turn = () =>
        gameFrame.evaluate(() => {
          const kit = (window as unknown as { Kit: { ctx: CanvasRenderingContext2D; scale: number; dpr: number } }).Kit;
          const s = kit.scale * kit.dpr;
          const [, green] = kit.ctx.getImageData(Math.round(24 * s), Math.round(28 * s), 1, 1).data;
          return green! > 150 ? 'yellow' : 'red';
        });
      const drops = ['Digit1', 'Digit2', 'Digit1', 'Digit2', 'Digit1', 'Digit2'];
      for (const [index, key] of drops.entries()) {
        await expect.poll(turn).toBe(index % 2 === 0 ? 'red' : 'yellow');
        await page.keyboard.press(key);
      }
      await expect.poll(turn).toBe('red');
      await page.keyboard.press('Digit1');
      await expectGameOver(page);
      await expect(page.getByTestId('score-readout')).toHaveText('1');
    },
  },
  'paddle-duel': {
    start: 'vs CPU',
    // The score is the rally (paddle hits); hiding the paddle at the top lets the CPU win a point: level 2.
    play: async ({ page }) => {
      await page.keyboard.down('ArrowUp');
      await expect
        .poll(async () => (await score(page)) > 0 || (await level(page)) >= 2)
        .toBe(true);
      await page.keyboard.up('ArrowUp');
    },
  },
  'spot-kick': {
    start: 'Kick off',
    // A shot at the middle may be saved three times, and each shot's flight and "SAVED!" run on game
    // frames, which a busy machine draws slowly: 15 s was not enough for three of them in one CI run.
    play: async ({ page }) => {
      await pressUntil(page, ['Space'], async () => (await score(page)) > 0 || (await readout(page).getAttribute('data-status')) === 'over', 45_000);
    },
  },
  'balloon-party': {
    start: 'Play',
    play: async ({ page }) => pressUntil(page, ['KeyB', 'KeyL', 'KeyO'], scoreRises(page)),
  },
  'mole-meadow': {
    start: 'Play',
    play: async ({ page }) =>
      pressUntil(page, ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5', 'Digit6', 'Digit7', 'Digit8', 'Digit9'], scoreRises(page)),
  },
  'merge-tiles': {
    start: 'Play',
    play: async ({ page }) => pressUntil(page, ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp'], scoreRises(page)),
  },
  'nova-blaster': {
    start: 'Launch',
    // The ship fires on its own and moves only while a key is held: sweeping from side to side
    // crosses the column of every drone of the first wave.
    // 60 s: one run under a load average of 19 scored only after the 30 s it had.
    play: async ({ page }) => pressUntil(page, ['ArrowLeft', 'ArrowRight', 'ArrowRight', 'ArrowLeft'], scoreRises(page), 60_000, 700),
  },
  'prism-breaker': {
    start: 'Play',
    play: async ({ page }) => pressUntil(page, ['Space'], scoreRises(page)),
  },
  'turbo-lanes': {
    start: 'Start engine',
    play: async ({ page }) => {
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => score(page)).toBeGreaterThan(0);
    },
  },
  'gem-sweeper': {
    start: 'Start digging',
    // The first square dug is never a bomb.
    play: async ({ page }) => {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await expect.poll(() => score(page)).toBeGreaterThan(0);
    },
  },
  'color-splash': {
    start: 'Play',
    // Arrow keys choose a part of the picture, Space paints it: a point per new part.
    play: async ({ page }) => {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await expect.poll(() => score(page)).toBe(1);
    },
  },
  'tower-guard': {
    start: 'Defend!',
    // Build towers along the first column, call the wave early: the towers score on the slimes.
    play: async ({ page }) => {
      for (const key of ['Digit1', 'Space', 'ArrowDown', 'Space', 'ArrowUp', 'ArrowUp', 'Space', 'KeyN']) await page.keyboard.press(key);
      await expect.poll(() => score(page)).toBeGreaterThan(0);
    },
  },
  'crystal-caverns': {
    start: 'Explore',
    // Running right and jumping: the first crystals, or at least the canvas moves with the hero.
    play: async ({ page, frame }) => {
      const before = await frame.locator('canvas').screenshot();
      await page.keyboard.down('ArrowRight');
      await pressUntil(page, ['Space'], async () => (await score(page)) > 0, 4_000).catch(() => undefined);
      await page.keyboard.up('ArrowRight');
      const after = await frame.locator('canvas').screenshot();
      expect(after.equals(before)).toBe(false);
    },
  },
  'shape-sorter': {
    start: 'Play',
    // Space picks a shape up, the next puts it in a hole, the next hole each try: one fits within a few.
    play: async ({ page }) => pressUntil(page, ['Space'], scoreRises(page)),
  },
  'animal-snacks': {
    start: 'Play',
    // Space picks a snack up, the next gives it to an animal, the next animal each try.
    play: async ({ page }) => pressUntil(page, ['Space'], scoreRises(page)),
  },
  'memory-zoo': {
    start: 'Play',
    // Turn card 1, then each other card in turn, until a pair matches (3 pairs on level 1).
    play: async ({ page, gameFrame }) => {
      const cols = 3;
      let at = 0;
      const goTo = async (index: number) => {
        const [row, col] = [Math.floor(index / cols), index % cols];
        const [fromRow, fromCol] = [Math.floor(at / cols), at % cols];
        for (let r = fromRow; r !== row; r = (r + 1) % 2) await page.keyboard.press('ArrowDown');
        for (let c = fromCol; c !== col; c = (c + 1) % cols) await page.keyboard.press('ArrowRight');
        at = index;
      };
      // Game time: a busy machine draws fewer frames, and the game's one-second lock runs on them.
      const gameTime = () => gameFrame.evaluate(() => (window as unknown as { Kit: { time: number } }).Kit.time);
      for (let other = 1; other < 6 && (await score(page)) === 0; other++) {
        await goTo(0);
        await page.keyboard.press('Space');
        await goTo(other);
        await page.keyboard.press('Space');
        const [flippedAt, flippedAtTime] = [Date.now(), await gameTime()];
        // A match scores after 0.35 s; a miss turns both cards back after 1 s, and unlocks after 1 s of game time.
        await expect
          .poll(async () => (await score(page)) > 0 || (Date.now() - flippedAt > 1_100 && (await gameTime()) - flippedAtTime > 1.1), {
            intervals: [100],
          })
          .toBe(true);
      }
      expect(await score(page)).toBe(10);
    },
  },
};

test.describe('built-in games in the portal frame', () => {
  test('every catalog game has a script', () => {
    expect(Object.keys(scripts).sort()).toEqual(catalog.map((game) => game.slug).sort());
  });

  for (const game of catalog) {
    test(`${game.title} loads from its own origin and answers input`, async ({ page, baseURL }) => {
      const script = scripts[game.slug];
      // A catalog game without an input script is a gap in this suite, not a reason to pass quietly.
      expect(script, `no input script for ${game.slug}`).toBeTruthy();
      await page.goto(`/games/${game.slug}`);
      const iframe = page.locator(`iframe[title="${game.title} game"]`);
      // The live build's version rides in the address, so a returning player never runs an older one (issue 38).
      await expect(iframe).toHaveAttribute('src', liveBuildAddress(gameOrigin(baseURL, game.slug)));
      // The SDK's "loaded" message reached the portal.
      await expect(readout(page)).toHaveAttribute('data-status', 'ready');
      const frame = page.frameLocator(`iframe[title="${game.title} game"]`);
      // Every status the frame bar shows from now on: a round may end (Sky Hopper's bird falls
      // within a second or two) before a poll of the attribute would see it playing.
      await readout(page).evaluate((element) => {
        const seen = [element.getAttribute('data-status')];
        (window as unknown as { statusesSeen: unknown[] }).statusesSeen = seen;
        new MutationObserver(() => seen.push(element.getAttribute('data-status'))).observe(element, { attributes: true, attributeFilter: ['data-status'] });
      });
      await untilFrameDrawn(frame);
      // The Kids games' big play buttons pulse, so they are never "stable": click without waiting for it.
      await frame.getByRole('button', { name: script!.start, exact: true }).click({ force: true });
      await expect.poll(() => page.evaluate(() => (window as unknown as { statusesSeen: unknown[] }).statusesSeen)).toContain('playing');
      await expect(page.getByTestId('score-readout')).toHaveText(/^\d[\d,]*$/);
      await expect(page.getByTestId('level-readout')).toHaveText(/^\d+$/);
      const gameFrame = (await (await iframe.elementHandle())!.contentFrame())!;
      await script!.play({ page, frame, gameFrame });
    });
  }
});
