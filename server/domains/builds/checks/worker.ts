/**
 * One build check's child process (started by index.ts): starts headless Chromium, loads the
 * build as a phone would, then again with no network, and reports what it saw (protocol.ts) over
 * IPC. A game that hangs or eats memory takes down this process and its Chromium, never the portal.
 *
 * Chromium runs with its sandbox on, always (this process is never root: index.ts sees to it),
 * and Playwright drives it over a pipe, so no DevTools port is open for a page or a local process
 * to reach. Chromium quits when that pipe closes: when index.ts kills this process at the time
 * limit, its browser goes with it.
 */
import { rmSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, devices, type Page } from 'playwright-core';
import { ENGINE_GLOBALS, OFFLINE_SCRIPT, PAGE_SCRIPT, REPORT_BINDING, SCROLL_SIZE, STALL_STATE } from './page-script';
import type { FirstLoad, Listing, OfflineLoad, StartResult, StartSignal, WorkerJob, WorkerMessage } from './protocol';
import { type NetworkQuiet, PAGE_ANSWER_MS, tapWhenWaiting, watchNetwork, within } from './tap-to-play';
import { printedEngineVersion } from './engines';
import { CHECK_LIMITS } from './verdicts';

const job = JSON.parse(process.argv[2] ?? '{}') as WorkerJob;
const origin = new URL(job.url).origin;
const LAUNCH_TIMEOUT_MS = 30_000;
/** Time kept before the deadline to report and stop. */
const REPORT_MARGIN_MS = 1_000;

// The portal or checker stopped and the IPC channel closed: stop (Playwright closes Chromium on exit).
process.on('disconnect', () => {
  rmSync(job.tempDir, { recursive: true, force: true, maxRetries: 3 });
  process.exit(1);
});
setTimeout(() => process.exit(1), job.deadline - Date.now() + 10_000).unref();

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));


const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebGL games need a GPU; without one Chromium only renders WebGL in software when allowed to.
  '--enable-unsafe-swiftshader',
  '--mute-audio',
  // Containers often give /dev/shm 64 MB, which a big game's renderer outgrows.
  '--disable-dev-shm-usage',
  '--js-flags=--max-old-space-size=512',
];

/** Starts Chromium with its sandbox (a root process would need --no-sandbox, which is never given). */
async function startChromium(): Promise<Browser> {
  if (process.getuid?.() === 0) throw new Error('the build check worker runs as root, where Chromium has no sandbox');
  return chromium.launch({
    executablePath: job.chromiumPath,
    args: CHROMIUM_ARGS,
    chromiumSandbox: true,
    headless: true,
    timeout: LAUNCH_TIMEOUT_MS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** The build's own path a URL names (`index.html` for a folder), or null for another origin. */
function ownPath(url: string): string | null {
  const parsed = new URL(url);
  if (parsed.origin !== origin) return null;
  let path = parsed.pathname.replace(/^\/+/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape names no file of the build; keep it as asked.
  }
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

/** A WebSocket's origin in http terms, to compare with the build's. */
function webSocketOrigin(url: string): string {
  const parsed = new URL(url);
  parsed.protocol = parsed.protocol === 'wss:' ? 'https:' : 'http:';
  return parsed.origin;
}

/** Texts seen, each listed once; `countRepeats`: the count is of every time one was seen, not of different ones. */
class Collected {
  private readonly seen = new Set<string>();
  private times = 0;
  constructor(private readonly countRepeats: boolean) {}
  add(text: string): void {
    this.seen.add(text.slice(0, CHECK_LIMITS.detailChars));
    this.times++;
  }
  has(text: string): boolean {
    return this.seen.has(text.slice(0, CHECK_LIMITS.detailChars));
  }
  listing(): Listing {
    return { count: this.countRepeats ? this.times : this.seen.size, listed: [...this.seen].slice(0, CHECK_LIMITS.listed) };
  }
}

/** What a page has reported through the binding (seconds since its navigation). */
interface Signals {
  gameplayStart?: number;
  firstFrame?: number;
  /** When the first frame was reported (epoch ms), for the grace given to gameplayStart. */
  firstFrameAt?: number;
  sdk: boolean;
  crashed: boolean;
  /** What the games origin's CSP blocked that is not a request to another site: inline scripts, eval… */
  policyBlocks: string[];
  /** Why the game cannot have started, seen before its first frame: its own code refused or missing. */
  fatal?: string;
  /**
   * The first uncaught error (or unhandled rejection) before anything was drawn: named as the cause
   * when the game never draws, and no more than a console error when it draws all the same
   * (Construct 2 leaves screen.orientation.lock()'s refusal unhandled, then starts).
   */
  uncaughtBeforeDrawing?: string;
  /** The last console error, named when the game never draws. */
  lastError?: string;
  /** The build's own downloads: a page waiting for a tap has none going. */
  network: NetworkQuiet;
}

const signalsOf = new WeakMap<Page, Signals>();

function watchPage(page: Page): Signals {
  const signals: Signals = { sdk: false, crashed: false, policyBlocks: [], network: watchNetwork(page, (url) => ownPath(url) !== null) };
  signalsOf.set(page, signals);
  page.on('crash', () => (signals.crashed = true));
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
  page.on('popup', (popup) => void popup.close().catch(() => {}));
  return signals;
}

/**
 * Waits until the page started: gameplayStart, or its first frame. With the SDK on the page, a
 * first frame waits a little for gameplayStart, which comes once the game has loaded. `want`
 * asks for one signal only (the offline load must start the way the first did). A page that waits
 * for the player is tapped once (tapWhenWaiting).
 */
async function waitForStart(page: Page, signals: Signals, navigationAt: number, endAt: number, want?: StartSignal): Promise<StartResult> {
  const graceMs = CHECK_LIMITS.gameplayStartGraceSeconds * 1000;
  let tapped = false;
  for (;;) {
    const last = Date.now() >= endAt;
    if (signals.crashed) return { started: false, problem: 'the page crashed (it may have run out of memory)' };
    // The first load fails at once on what stops a game; the offline load (`want`) only has to start again.
    if (signals.fatal && want === undefined) return { started: false, problem: signals.fatal };
    if (signals.gameplayStart !== undefined && want !== 'firstFrame') {
      return { started: true, signal: 'gameplayStart', seconds: signals.gameplayStart, sdk: true, tapped };
    }
    if (signals.firstFrame !== undefined && want !== 'gameplayStart') {
      if (want === 'firstFrame' || !signals.sdk || last || Date.now() >= signals.firstFrameAt! + graceMs) {
        return { started: true, signal: 'firstFrame', seconds: signals.firstFrame, sdk: signals.sdk, tapped };
      }
    }
    if (last) return { started: false, problem: `did not start within ${seconds(endAt - navigationAt)} s` };
    if (!tapped && signals.firstFrame === undefined && signals.gameplayStart === undefined) tapped = await tapWhenWaiting(page, signals.network, navigationAt);
    await sleep(Math.min(50, endAt - Date.now()));
  }
}

const seconds = (ms: number) => Math.round(ms / 1000);

/** Files a game cannot start without when they fail to load: scripts, WebAssembly, engine data (compressed or not). */
function isEssential(path: string, resourceType: string): boolean {
  return resourceType === 'script' || /\.(m?js|wasm|data|pck|mem|unityweb)$/i.test(path.replace(/\.(br|gz)$/i, ''));
}

/** Sets the first cause of a failed start, unless the game already started. */
function failStart(signals: Signals, cause: string): void {
  if (signals.firstFrame === undefined && signals.gameplayStart === undefined) signals.fatal ??= cause;
}

/** Why a game never drew within the limit, in the page's own terms: its blank canvas, its last error. */
async function stallProblem(page: Page, signals: Signals, limitSeconds: number): Promise<string> {
  type Stall = { canvases: { id: string; width: number; height: number }[]; text: string };
  const state = await within(page.evaluate<Stall>(STALL_STATE), PAGE_ANSWER_MS);
  const canvas = state?.canvases[0];
  let problem = canvas
    ? `nothing was drawn on the canvas${canvas.id ? ` #${canvas.id}` : ''} (${canvas.width} × ${canvas.height} px) within ${limitSeconds} s`
    : `nothing was drawn within ${limitSeconds} s`;
  // The error that stopped the game, with its file and line, comes first: it is what to fix.
  if (signals.uncaughtBeforeDrawing) return `an uncaught error before anything was drawn: ${signals.uncaughtBeforeDrawing}; ${problem}`;
  if (signals.lastError) problem += `; the last console error: ${signals.lastError.replace(/\s+/g, ' ').slice(0, 200)}`;
  else if (state?.text) problem += `; the page shows: ${state.text.slice(0, 200)}`;
  return problem;
}

/** Opens the build, or says why it could not be opened. */
async function open(page: Page, timeoutMs: number): Promise<string | null> {
  try {
    const response = await page.goto(job.url, { waitUntil: 'commit', timeout: timeoutMs });
    if (response && !response.ok()) return `the page answered ${response.status()} ${response.statusText()}`.trim();
    return null;
  } catch (error) {
    return `the page could not be opened: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
  }
}

async function firstLoad(context: BrowserContext, external: Collected, received: Set<string>): Promise<FirstLoad> {
  const page = await context.newPage();
  const signals = watchPage(page);
  const errors = new Collected(true);
  const requested: string[] = [];
  const missing = new Set<string>();
  let recording = true;
  page.on('request', (request) => {
    const path = recording ? ownPath(request.url()) : null;
    if (path !== null) requested.push(path);
  });
  page.on('response', (response) => {
    const path = ownPath(response.url());
    if (path === null) return;
    if (response.ok()) {
      received.add(path);
      return;
    }
    if (recording && response.status() === 404 && !response.request().isNavigationRequest() && path !== 'favicon.ico') missing.add(path);
    if (response.status() >= 400 && !response.request().isNavigationRequest() && isEssential(path, response.request().resourceType())) {
      failStart(signals, `${path} could not be loaded (${`${response.status()} ${response.statusText()}`.trim()})`);
    }
  });
  page.on('requestfailed', (request) => {
    const path = ownPath(request.url());
    const why = request.failure()?.errorText ?? 'failed';
    // Aborted: the page dropped the request itself (a navigation, an AbortController).
    if (path === null || why === 'net::ERR_ABORTED' || request.isNavigationRequest() || !isEssential(path, request.resourceType())) return;
    failStart(signals, `${path} could not be loaded (${why})`);
  });
  const printedVersions: Record<string, string> = {};
  page.on('console', (message) => {
    const printed = printedEngineVersion(message.text());
    if (printed) printedVersions[printed.engine] = printed.version;
    // A blocked address is reported once, as such, not again as a failed load; what the security
    // policy blocked comes from its own event (page-script.ts), in plainer words.
    if (message.type() !== 'error' || external.has(message.location().url) || /Content Security Policy/.test(message.text())) return;
    errors.add(message.text());
    signals.lastError = message.text();
  });
  page.on('pageerror', (error) => errors.add(`${error.name}: ${error.message}`));

  // Not cut short by the deadline: a game that has not started when index.ts's time limit comes
  // is killed there, and fails as such.
  const navigationAt = Date.now();
  const endAt = navigationAt + CHECK_LIMITS.startSeconds.warn * 1000;
  const problem = await open(page, endAt - navigationAt);
  let start = problem ? { started: false as const, problem } : await waitForStart(page, signals, navigationAt, endAt);
  if (!start.started && !problem && !signals.fatal && !signals.crashed) {
    start = { started: false, problem: await stallProblem(page, signals, seconds(endAt - navigationAt)) };
  }
  if (start.started) await sleep(CHECK_LIMITS.settleSeconds * 1000);
  recording = false;
  for (const blocked of signals.policyBlocks) errors.add(blocked);
  const size = start.started ? await within(page.evaluate<{ width: number; height: number }>(SCROLL_SIZE), PAGE_ANSWER_MS) : null;
  const isolated = await within(page.evaluate<boolean>('Boolean(window.crossOriginIsolated)'), PAGE_ANSWER_MS);
  const globals = { ...(await within(page.evaluate<Record<string, string>>(ENGINE_GLOBALS), PAGE_ANSWER_MS)), ...printedVersions };
  const result: FirstLoad = { start, requested, missing: [...missing], external: external.listing(), errors: errors.listing(), page: size, isolated, globals };
  await within(page.close(), PAGE_ANSWER_MS);
  return result;
}

/**
 * Loads the build again in a fresh page where only what the first load received before it
 * started is answered (by path, as the portal's offline worker matches) and everything else fails
 * as with no network: the portal's offline store keeps exactly those files, and the SDK. A build's
 * files never change, so the server answers what the first load got; holding the bodies here
 * instead would pass a big game's whole download through this process's small heap (as base64
 * over CDP).
 */
async function offlineLoad(context: BrowserContext, first: FirstLoad, received: ReadonlySet<string>): Promise<OfflineLoad> {
  if (!first.start.started) return { started: false, problem: 'not tried: the game did not start' };
  const allowed = new Set(first.requested.filter((path) => received.has(path)));
  const limitMs = Math.min(
    CHECK_LIMITS.startSeconds.warn,
    first.start.seconds * CHECK_LIMITS.offlineStartFactor + CHECK_LIMITS.offlineExtraSeconds,
  ) * 1000;
  const navigationAt = Date.now();
  const endAt = Math.min(navigationAt + limitMs, job.deadline - REPORT_MARGIN_MS);
  if (endAt - navigationAt < 1000) return { started: false, problem: 'not tried: no time was left within the time limit' };
  const page = await context.newPage();
  const signals = watchPage(page);
  await page.addInitScript({ content: OFFLINE_SCRIPT });
  await page.route(
    () => true,
    (route) => {
      const path = ownPath(route.request().url());
      return (path !== null && allowed.has(path) ? route.continue() : route.abort('internetdisconnected')).catch(() => {});
    },
  );
  const problem = await open(page, endAt - navigationAt);
  const start = problem ? { started: false as const, problem } : await waitForStart(page, signals, navigationAt, endAt, first.start.signal);
  return start.started ? { started: true } : start;
}

async function main(): Promise<void> {
  const browser = await startChromium();
  const context = await browser.newContext({
    viewport: { width: CHECK_LIMITS.phone.width, height: CHECK_LIMITS.phone.height },
    screen: { width: CHECK_LIMITS.phone.width, height: CHECK_LIMITS.phone.height },
    userAgent: devices['Pixel 7']!.userAgent,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
    acceptDownloads: false,
    // The game's own service worker would answer requests out of the routes' sight.
    serviceWorkers: 'block',
  });
  const external = new Collected(false);
  // Players' browsers load nothing from other origins (the games origin's CSP); here each such
  // request, navigations away included, is listed and refused.
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      external.add(route.request().url());
      return route.abort('blockedbyclient').catch(() => {});
    },
  );
  // The builds origin serves files only, so no WebSocket can work; those to other origins are listed.
  await context.routeWebSocket(
    () => true,
    (socket) => {
      if (webSocketOrigin(socket.url()) !== origin) external.add(socket.url());
      return socket.close();
    },
  );
  await context.exposeBinding(REPORT_BINDING, ({ page }, signal: unknown, ms: unknown, sdk: unknown) => {
    const signals = signalsOf.get(page);
    if (signals && signal === 'csp' && typeof ms === 'string') {
      // An address of another site is a blocked request like those the routes see; anything else
      // (inline code, eval) is an error players will meet.
      if (/^(https?|wss?):/.test(ms) && (/^wss?:/.test(ms) ? webSocketOrigin(ms) : new URL(ms).origin) !== origin) external.add(ms);
      else {
        const what = ms === 'inline' ? 'An inline script or style' : ms === 'eval' ? 'eval()' : ms === 'wasm-eval' ? 'Compiling WebAssembly' : ms ? (ownPath(ms) ?? ms) : 'Something';
        const directive = String(sdk);
        signals.policyBlocks.push(`${what} was blocked by the games' security policy (${directive}): players' browsers block it too`);
        // The game's own code refused: it cannot run as written (eval is often only probed for, in a try).
        if (/^(script-src|worker-src)/.test(directive) && ms !== 'eval') failStart(signals, `${what} was refused by the games' security policy (${directive})`);
      }
      return;
    }
    if (signals && signal === 'uncaught' && typeof ms === 'string') {
      if (sdk === true) signals.uncaughtBeforeDrawing ??= ms.slice(0, CHECK_LIMITS.detailChars);
      return;
    }
    if (!signals || (signal !== 'gameplayStart' && signal !== 'firstFrame') || typeof ms !== 'number') return;
    signals.sdk ||= sdk === true;
    if (signals[signal] !== undefined) return;
    signals[signal] = ms / 1000;
    if (signal === 'firstFrame') signals.firstFrameAt = Date.now();
  });
  await context.addInitScript({ content: PAGE_SCRIPT });

  /** The build's own paths the first load got a successful answer for. */
  const received = new Set<string>();
  const first = await firstLoad(context, external, received);
  await send({ type: 'firstLoad', firstLoad: first });
  await send({ type: 'offline', offline: await offlineLoad(context, first, received) });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  },
);
