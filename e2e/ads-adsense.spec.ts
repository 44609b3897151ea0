import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createProbe, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Frame, type Page } from '@playwright/test';
import { AD_LIMITS } from '../shared/constants';
import { answerOf, askBreak, countPauses, recordImpressions } from './ads-support';
import { openGame } from './saves-support';

/**
 * The AdSense adapter (src/features/ads/providers/adsense.tsx) against a local stand-in of Google's
 * adsbygoogle.js (e2e/fixtures/adsbygoogle-standin.js): the machines that run the suite have no
 * network, and nothing here reaches Google. The suite's shared server runs the house provider, so
 * this spec starts a second portal of its own with AD_PROVIDER=adsense, on the suite's build
 * (`${E2E_DATA_DIR}-dist`), a fresh embedded database, and ADSENSE_SCRIPT_URL pointing at the
 * stand-in served by a plain HTTP server on another origin: the pages' CSP must allow that origin
 * (adSourcesOf), or the script is blocked and no slot fills.
 */
const PUBLISHER = 'ca-pub-0000000000000000';
const SLOTS = { home: '1111111111', game: '2222222222', category: '3333333333' } as const;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAND_IN = join(ROOT, 'e2e', 'fixtures', 'adsbygoogle-standin.js');
const SCRIPT_PATH = '/pagead/js/adsbygoogle.js';
/** The suite's build (playwright.config.ts makes it); built here when the suite runs against E2E_BASE_URL and made none. */
const distDir = `${process.env.E2E_DATA_DIR}-dist`;

function ensureBuilt(): void {
  if (existsSync(join(distDir, 'index.html'))) return;
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, env, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx', '--outDir', join(distDir, '.ssr')], { cwd: ROOT, env, stdio: 'inherit' });
}

type AdSensePortal = { url: string; standInOrigin: string; scriptRequests: string[] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createProbe();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The stand-in, served as Google serves its script to a `crossorigin="anonymous"` tag (CORS allowed). */
async function serveStandIn(scriptRequests: string[]) {
  const server = createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://stand-in').pathname !== SCRIPT_PATH) {
      response.writeHead(404).end();
      return;
    }
    scriptRequests.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    response.end(readFileSync(STAND_IN));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const test = base.extend<object, { adsensePortal: AdSensePortal }>({
  adsensePortal: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      ensureBuilt();
      const scriptRequests: string[] = [];
      const standIn = await serveStandIn(scriptRequests);
      const [port, gamesPort] = [await freePort(), await freePort()];
      const portalDataDir = mkdtempSync(join(tmpdir(), 'playfree-e2e-adsense-'));
      const env: NodeJS.ProcessEnv = { ...process.env };
      // A fresh embedded database and the addresses of this server, whatever the runner's shell holds.
      for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'GAMES_PUBLIC_URL', 'E2E_BASE_URL']) delete env[name];
      Object.assign(env, {
        PORT: String(port),
        GAMES_PORT: String(gamesPort),
        DATA_DIR: portalDataDir,
        WEB_DIST_DIR: distDir,
        ADMIN_EMAILS: 'admin@example.com',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '100',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // Nothing is uploaded here: no checker child competing for the machine's cores.
        LOCAL_CHECKERS: '0',
        NODE_ENV: 'test',
        AD_PROVIDER: 'adsense',
        ADSENSE_PUBLISHER_ID: PUBLISHER,
        ADSENSE_SLOTS: Object.entries(SLOTS).map(([place, id]) => `${place}:${id}`).join(','),
        ADSENSE_SCRIPT_URL: `${standIn.origin}${SCRIPT_PATH}`,
      });
      // One process (node with tsx's loader), so stopping it stops the whole server.
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const url = `http://localhost:${port}`;
      try {
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`the adsense portal exited (${child.exitCode}):\n${output}`);
          const ready = await fetch(`${url}/trpc/categories.list`).then((response) => response.ok, () => false);
          if (ready) break;
          if (Date.now() > deadline) throw new Error(`the adsense portal did not answer within 120 s:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        await use({ url, standInOrigin: standIn.origin, scriptRequests });
      } finally {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
        standIn.server.closeAllConnections();
        await new Promise((resolve) => standIn.server.close(resolve));
        rmSync(portalDataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
// The pages of this spec are the adsense portal's (openGame's relative address included).
test.use({ baseURL: async ({ adsensePortal }, use) => use(adsensePortal.url) });

type StandInBreak = { type: string; name: string; nonPersonalised: boolean; calls: string[]; status: string | null };
type StandInState = {
  scriptClient: string | null;
  scriptCrossOrigin: string | null;
  units: { client: string; slot: string; nonPersonalised: boolean }[];
  breaks: StandInBreak[];
  configs: { preloadAdBreaks?: string; sound?: string }[];
  errors: string[];
};
type StandInWindow = Window & { adsStandIn: StandInState & { plan: string[]; endAd(result: 'viewed' | 'dismissed'): void } };

/** What the stand-in saw on this page. */
const seen = (page: Page) =>
  page.evaluate(() => {
    const { scriptClient, scriptCrossOrigin, units, breaks, configs, errors } = (window as unknown as StandInWindow).adsStandIn;
    return JSON.parse(JSON.stringify({ scriptClient, scriptCrossOrigin, units, breaks, configs, errors })) as StandInState;
  });
const lastBreak = async (page: Page) => (await seen(page)).breaks.at(-1) ?? null;
const plan = (page: Page, outcome: string) => page.evaluate((next) => (window as unknown as StandInWindow).adsStandIn.plan.push(next), outcome);
const endAd = (page: Page, result: 'viewed' | 'dismissed') => page.evaluate((how) => (window as unknown as StandInWindow).adsStandIn.endAd(how), result);
const gameplayStart = (frame: Frame) => frame.evaluate(() => (window as unknown as { PlayFree: { gameplayStart(): void } }).PlayFree.gameplayStart());

/** The server starts a page view's breaks AD_LIMITS.breakSpacingSeconds apart in real time, which the page's installed clock does not move. */
function spaceBreaks(page: Page): Promise<void> {
  return page.waitForTimeout(AD_LIMITS.breakSpacingSeconds * 1000);
}

test.describe('the AdSense adapter against a local stand-in of adsbygoogle.js (issue #37)', () => {

  test("the home page's slots are AdSense units the stand-in fills with the publisher id and the place's slot id, personalised; the CSP allows the script's origin", async ({ page, adsensePortal }) => {
    const response = await page.goto('/');
    const scriptSrc = (response!.headers()['content-security-policy'] ?? '').split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc?.split(' ')).toContain(adsensePortal.standInOrigin);

    const slots = page.locator('aside[data-ad-slot]');
    await expect(slots).not.toHaveCount(0);
    const places = await slots.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-ad-slot') as keyof typeof SLOTS));
    for (const [index, place] of places.entries()) {
      const unit = slots.nth(index).locator('ins.adsbygoogle');
      await expect(unit).toHaveAttribute('data-adsbygoogle-status', 'done');
      await expect(unit).toHaveAttribute('data-ad-client', PUBLISHER);
      await expect(unit).toHaveAttribute('data-ad-slot', SLOTS[place]);
      const box = await unit.boundingBox();
      expect({ width: Math.round(box!.width), height: Math.round(box!.height) }).toEqual({ width: 728, height: 90 });
    }
    await expect(page.getByTestId('house-ad')).toHaveCount(0);

    const standIn = await seen(page);
    expect(standIn.units).toEqual(places.map((place) => ({ client: PUBLISHER, slot: SLOTS[place], nonPersonalised: false })));
    expect(standIn.scriptClient).toBe(PUBLISHER);
    expect(standIn.scriptCrossOrigin).toBe('anonymous');
    expect(standIn.configs).toEqual([{ preloadAdBreaks: 'on', sound: 'on' }]);
    expect(standIn.errors).toEqual([]);
    expect(adsensePortal.scriptRequests.length).toBeGreaterThan(0);
  });

  test("a game page's slot and breaks, non-personalised once refused: midgame goes to adBreak 'next' and pauses the game until the ad ends; a rewarded break rewards only when viewed; a refused or unanswered one answers unfilled", async ({ page }) => {
    // The visitor refused personalised ads (the choice kept on this device, as the consent prompt keeps it).
    await page.addInitScript(() => {
      if (window.top === window) localStorage.setItem('playfree-ad-consent', 'non-personalised');
    });
    await page.clock.install();
    const impressions = recordImpressions(page);
    const frame = await openGame(page);
    await expect(page.locator('aside[data-ad-slot="game"] ins.adsbygoogle')).toHaveAttribute('data-adsbygoogle-status', 'done');
    expect((await seen(page)).units).toEqual([{ client: PUBLISHER, slot: SLOTS.game, nonPersonalised: true }]);

    const counts = await countPauses(frame);
    const breakLayer = page.getByTestId('ad-break');

    // The portal's rules still come first: no midgame before a minute of play, and Google is not asked.
    await askBreak(frame, 'PlayFree.ads.midgame()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'capped' });
    expect((await seen(page)).breaks).toEqual([]);

    // Midgame: adBreak({ type: 'next' }); the game is paused before the ad and resumed once it ended.
    await page.clock.fastForward('01:01');
    await askBreak(frame, 'PlayFree.ads.midgame()');
    await expect(breakLayer).toHaveAttribute('data-kind', 'midgame');
    await expect.poll(() => lastBreak(page)).toEqual({ type: 'next', name: 'midgame', nonPersonalised: true, calls: ['beforeAd'], status: null });
    await expect.poll(counts).toEqual([1, 0]);
    expect(await answerOf(frame)).toBe('pending');
    await page.clock.fastForward(1_100); // a break counts once on screen a second (its impression's timer)
    await endAd(page, 'viewed');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: false, reason: null });
    await expect(breakLayer).toHaveCount(0);
    await expect.poll(counts).toEqual([1, 1]);
    expect(await lastBreak(page)).toMatchObject({ calls: ['beforeAd', 'afterAd', 'adBreakDone'], status: 'viewed' });

    // Rewarded, asked right after a tap in the game: beforeReward, showAdFn, the ad, then adViewed: rewarded.
    await spaceBreaks(page);
    await gameplayStart(frame);
    await askBreak(frame, 'PlayFree.ads.rewarded()');
    await expect(breakLayer).toHaveAttribute('data-kind', 'rewarded');
    await expect.poll(() => lastBreak(page)).toEqual({ type: 'reward', name: 'rewarded', nonPersonalised: true, calls: ['beforeReward', 'beforeAd'], status: null });
    await expect.poll(counts).toEqual([2, 1]);
    await page.clock.fastForward(1_100); // a break counts once on screen a second (its impression's timer)
    await endAd(page, 'viewed');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: true, reason: null });
    await expect.poll(counts).toEqual([2, 2]);
    expect(await lastBreak(page)).toMatchObject({ calls: ['beforeReward', 'beforeAd', 'adViewed', 'afterAd', 'adBreakDone'], status: 'viewed' });

    // The same, closed before its end (adDismissed): shown, not rewarded.
    await spaceBreaks(page);
    await gameplayStart(frame);
    await askBreak(frame, 'PlayFree.ads.rewarded()');
    await expect.poll(() => lastBreak(page)).toMatchObject({ type: 'reward', calls: ['beforeReward', 'beforeAd'] });
    await page.clock.fastForward(1_100);
    await endAd(page, 'dismissed');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: true, rewarded: false, reason: null });
    await expect.poll(counts).toEqual([3, 3]);
    expect(await lastBreak(page)).toMatchObject({ calls: ['beforeReward', 'beforeAd', 'adDismissed', 'afterAd', 'adBreakDone'], status: 'dismissed' });

    // Google refuses: adBreakDone alone ('frequencyCapped', 'notReady'); the game resumes and is answered unfilled.
    await page.clock.fastForward('03:01');
    await spaceBreaks(page);
    await plan(page, 'frequencyCapped');
    await askBreak(frame, 'PlayFree.ads.midgame()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'unfilled' });
    expect(await lastBreak(page)).toEqual({ type: 'next', name: 'midgame', nonPersonalised: true, calls: ['adBreakDone'], status: 'frequencyCapped' });
    await expect.poll(counts).toEqual([4, 4]);
    await spaceBreaks(page);
    await gameplayStart(frame);
    await plan(page, 'notReady');
    await askBreak(frame, 'PlayFree.ads.rewarded()');
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'unfilled' });
    expect(await lastBreak(page)).toMatchObject({ type: 'reward', calls: ['adBreakDone'], status: 'notReady' });
    await expect.poll(counts).toEqual([5, 5]);
    await expect(breakLayer).toHaveCount(0);

    // A script that never answers (an ad blocker's surrogate): the break the API did not start within
    // 10 s (adsense.tsx ADSENSE_BREAK_START_MS) ends unfilled and the game resumes.
    await spaceBreaks(page);
    await gameplayStart(frame);
    await plan(page, 'silent');
    const asked = await page.evaluate(() => Date.now());
    await askBreak(frame, 'PlayFree.ads.rewarded()');
    await expect.poll(() => lastBreak(page)).toEqual({ type: 'reward', name: 'rewarded', nonPersonalised: true, calls: [], status: null });
    await expect(breakLayer).toBeVisible();
    await expect.poll(counts).toEqual([6, 5]);
    // 9 s after the ask in the page's time, however long the steps above took on a busy machine (the
    // installed clock runs on with real time: a fast-forward of 9 s after them once went past 10 s).
    await page.clock.pauseAt(asked + 9_000);
    expect(await answerOf(frame)).toBe('pending');
    await page.clock.resume();
    await page.clock.fastForward(2_000);
    await expect.poll(() => answerOf(frame)).toEqual({ shown: false, rewarded: false, reason: 'unfilled' });
    await expect(breakLayer).toHaveCount(0);
    await expect.poll(counts).toEqual([6, 6]);

    // An impression per break shown (at beforeAd), none for those refused or unanswered; the stand-in saw no misuse.
    await expect.poll(() => impressions.filter((impression) => impression.kind === 'break').map((impression) => impression.place)).toEqual(['midgame', 'rewarded', 'rewarded']);
    expect((await seen(page)).errors).toEqual([]);
  });
});

test.describe('consent to personalised ads with AdSense (issue 49)', () => {
  test('a visitor from Germany who accepts personalised ads, then refuses them in Ad choices, gets every unit after it non-personalised: those on screen asked again, and the next page opened from a game card', async ({ page, adsensePortal }) => {
    // Germany as a CDN in front of the portal says it (COUNTRY_HEADER, CF-IPCountry), on the portal's requests only.
    await page.route(`${adsensePortal.url}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': 'DE' } }));
    // The units the stand-in has filled so far (none before adsbygoogle.js ran).
    const units = () => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as Partial<StandInWindow>).adsStandIn?.units ?? [])) as StandInState['units']);
    const scriptsBefore = adsensePortal.scriptRequests.length;
    await page.goto('/');
    const prompt = page.getByTestId('ad-consent');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Personalised ads', exact: true }).click();
    await expect(prompt).toBeHidden();

    const slots = page.locator('aside[data-ad-slot]');
    await expect(slots).not.toHaveCount(0);
    const places = await slots.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-ad-slot') as keyof typeof SLOTS));
    const personalised = places.map((place) => ({ client: PUBLISHER, slot: SLOTS[place], nonPersonalised: false }));
    await expect.poll(units).toEqual(personalised);

    // Footer → Ad choices → non-personalised only: the units on screen are asked again, non-personalised.
    await page.getByRole('button', { name: 'Ad choices' }).click();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Non-personalised ads only' }).click();
    await expect(prompt).toBeHidden();
    const refused = places.map((place) => ({ client: PUBLISHER, slot: SLOTS[place], nonPersonalised: true }));
    await expect.poll(units).toEqual([...personalised, ...refused]);
    for (const index of places.keys()) await expect(slots.nth(index).locator('ins.adsbygoogle')).toHaveAttribute('data-adsbygoogle-status', 'done');

    // In-app navigation (no new document: the script and its queue stay): the game page's unit is non-personalised.
    await page.getByTestId('game-card').first().click();
    await expect(page).toHaveURL(/\/games\/[^/]+$/);
    await expect(page.locator('aside[data-ad-slot="game"] ins.adsbygoogle')).toHaveAttribute('data-adsbygoogle-status', 'done');
    const standIn = await seen(page);
    expect(standIn.units).toEqual([...personalised, ...refused, { client: PUBLISHER, slot: SLOTS.game, nonPersonalised: true }]);
    expect(standIn.errors).toEqual([]);
    // One script for the whole visit: the game page was opened in the app, not loaded anew.
    expect(adsensePortal.scriptRequests).toHaveLength(scriptsBefore + 1);
  });
});
