import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright launches Chromium with `--disable-features=…ThirdPartyStoragePartitioning…`, which
 * makes Chromium deny localStorage and service workers to a cross-site frame. Every game is such a
 * frame (`http://{slug}.localhost:GAMES_PORT` inside the portal on `localhost:PORT` is another
 * site), and shipping Chrome, Firefox and Safari give it partitioned storage instead, so players'
 * games keep device saves and play offline. The browser under test launches as theirs does: without
 * Playwright's argument (`ignoreDefaultArgs` needs it exactly) and with the same list minus that one
 * feature. The list is copied from playwright-core's chromiumSwitches.ts (lib/coreBundle.js) of the
 * version below; a new version may change it, so the config refuses to run until it is read again.
 */
const PLAYWRIGHT_CORE_VERSION = '1.65.1';
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const installedCore = (JSON.parse(readFileSync(new URL('./node_modules/playwright-core/package.json', import.meta.url), 'utf8')) as { version: string }).version;
if (installedCore !== PLAYWRIGHT_CORE_VERSION) {
  throw new Error(
    `playwright.config.ts: PLAYWRIGHT_DISABLED_FEATURES was read from playwright-core ${PLAYWRIGHT_CORE_VERSION}, and ${installedCore} is installed: ` +
      'read its disabledFeatures again (node_modules/playwright-core/lib/coreBundle.js, chromiumSwitches.ts) and update both constants.',
  );
}
const chromiumFeatureArgs = {
  ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
  args: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.filter((feature) => feature !== 'ThirdPartyStoragePartitioning').join(',')}`],
};

/**
 * Browser tests against the real server. Without E2E_BASE_URL, Playwright builds the web app
 * into a folder of its own and starts the server on a free-ish port pair (3400-3499) with a
 * fresh embedded database, so every run starts from the seeded catalog. Sign-in codes are read from
 * the dev outbox in E2E_DATA_DIR (give it too when pointing E2E_BASE_URL at a running server).
 */
const external = process.env.E2E_BASE_URL;
// A random even port (the games origin takes the next one), chosen once in the runner and
// inherited by the workers, so two suites started side by side do not collide. 3400-3499 holds
// no usual service (3306, MariaDB's port, sat in the old 3300-3399 range and failed runs).
process.env.E2E_PORT ??= String(3400 + 2 * Math.floor(Math.random() * 50));
const port = Number(process.env.E2E_PORT);
const baseURL = external ?? `http://localhost:${port}`;
// Set once in the runner; workers inherit it, so the specs can read the dev outbox (sign-in codes).
process.env.E2E_DATA_DIR ??= join(tmpdir(), `playfree-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
// A production build made before the run (.ci/run makes one that Vitest shares too), or this run's own.
const prebuilt = process.env.WEB_BUILD_DIR;
const distDir = prebuilt ?? `${dataDir}-dist`;
const buildCommand = prebuilt
  ? ''
  : `NODE_ENV=production npx vite build --logLevel warn --outDir "${distDir}" --emptyOutDir && NODE_ENV=production npx vite build --logLevel warn --ssr src/entry-server.tsx --outDir "${distDir}/.ssr" && `;

export default defineConfig({
  testDir: './e2e',
  // Per run (the port is random), so two suites side by side do not delete each other's artifacts.
  outputDir: join('test-results', `run-${port}`),
  // Generous, because the flows are timed by nothing here (speed is the benchmarks' job): the CI
  // machine is a shared 2-core VM where two browsers, two games and the server compete, and the
  // longest flows (several accounts signing in, a submission reviewed) took 35-47 s on it when
  // busy; at 60 s a slower day failed them. A hung step still fails, only later.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  // Two files at a time. Four were tried (2026-11-28): the games' animations in four browsers
  // take every core (the suite's CPU use grows with what it is given), and the real-time rooms
  // specs, which count messages a second, failed at that load.
  workers: 2,
  // No retries, in CI either: a race is fixed, not retried away.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    // No trace in CI: recording one (a screencast and DOM snapshots of every action) took a third
    // of the suite's CPU and time (3 specs: 442 CPU-seconds and 3.8 min with it, 279 and 2.4 without,
    // 2026-11-29), and CI keeps nothing but its log. Locally, a failed test leaves its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      ignoreDefaultArgs: chromiumFeatureArgs.ignoreDefaultArgs,
      args: [
        ...chromiumFeatureArgs.args,
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: external
    ? undefined
    : {
        // Its own build in its own folder: a `vite build` run elsewhere meanwhile (which empties
        // dist/) cannot pull the assets from under the server this suite talks to.
        // NODE_ENV=test below is the server's; the build must be a production one (service worker, no dev React).
        command: `${buildCommand}npx tsx server/index.ts`,
        url: `${baseURL}/trpc/categories.list`,
        // The two builds and a first start: 2 minutes on a quiet machine was not enough at a load
        // of 30 (the server alone took 4-5 minutes to answer); a start that hangs still fails.
        timeout: 600_000,
        reuseExistingServer: false,
        // The server logs warnings and errors only (LOG_LEVEL below), on stdout: shown, so a server
        // that fails to start says why.
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          GAMES_PORT: String(port + 1),
          DATA_DIR: dataDir,
          WEB_DIST_DIR: distDir,
          ADMIN_EMAILS: 'admin@example.com',
          LOG_LEVEL: 'warn',
          AUTH_EMAIL_VERIFICATION: 'on',
          RATE_LIMIT_MULTIPLIER: '100',
          // A paired Kids Zone device beats every 15 s while playing: one whose data was cleared shows as silent to the parent within 20 s.
          KIDS_DEVICE_SILENT_SECONDS: '20',
          // Two browsers and this server share the machine's cores: a page built or rendered now and
          // then starves the event loop for a whole sampling second (under-pressure then reads the
          // delay as infinite), and load shedding would answer a flow under test 503. The flows are
          // what is tested here; load shedding has its own tests (tests/ops/load-shedding.test.ts).
          MAX_EVENT_LOOP_DELAY_MS: '0',
          // The feeds spec's distributor is a server on this machine (tests/support/feed-server.ts).
          FEEDS_ALLOW_PRIVATE: '1',
          NODE_ENV: 'test',
        },
      },
});
