/**
 * The verdicts of a build's automatic checks, from its file list, its index.html and what headless
 * Chromium saw (protocol.ts). Pure: no browser, no clock. The limits are numbers in CHECK_LIMITS,
 * so the developer portal and the docs quote the same figures as the checks.
 */
import { BUILD_CHECK_IDS, BUILD_CHECKS_VERSION, type BuildCheck, type BuildCheckId, type BuildChecks, type CheckVerdict } from '../../../../shared/schemas/builds';
import { engineVerdict, recogniseEngine, type Recognised } from './engines';
import { changeFor, compatTag, findPortalSdkScripts } from './portal-sdk';
import type { FirstLoad, Listing, OfflineLoad } from './protocol';

export const CHECK_LIMITS = {
  /** All the build's files (MB of 1024 × 1024 bytes, as the upload's own limits count). The upload refuses more than 250 MB. */
  totalSizeMB: { pass: 100, warn: 250 },
  /** What the game downloads before it starts (CrazyGames' limits). */
  initialDownloadMB: { pass: 20, warn: 50 },
  /** The upload refuses more than 1,500 files. */
  fileCount: { pass: 1000, warn: 1500 },
  /** Seconds from opening the page until the game has started; later than `warn`, or never, fails. */
  startSeconds: { pass: 10, warn: 20 },
  /** The phone the game is loaded on (CSS pixels, at 3 device pixels each). */
  phone: { width: 390, height: 844 },
  /** Seconds the page may go on loading after it started: files asked for then count as part of the start. */
  settleSeconds: 1,
  /** When the page has the SDK, seconds after its first frame to wait for gameplayStart before taking the frame. */
  gameplayStartGraceSeconds: 5,
  /** Offline, the game must start again within its first start × this + offlineExtraSeconds (and startSeconds.warn at most). */
  offlineStartFactor: 2,
  offlineExtraSeconds: 5,
  /** Blocked addresses and console errors listed (all are counted), each cut to `detailChars`. */
  listed: 20,
  detailChars: 300,
  /** The whole run, browser included, unless checkBuild is given another. */
  timeoutSeconds: 60,
} as const;

/** What became of the browser part of the checks. */
export type BrowserOutcome =
  | { kind: 'ran'; firstLoad: FirstLoad; offline: OfflineLoad }
  /** Killed at the time limit before the first load was reported. */
  | { kind: 'timed-out'; timeoutSeconds: number }
  /** No browser on this server, or it could not be started: `reason` is a sentence for the reviewer. */
  | { kind: 'not-run'; reason: string };

/** The build's index.html as served, read without the browser; `problem` when it could not be read. */
export type IndexHtml = { html: string } | { problem: string };

export interface BuildFacts {
  files: readonly { path: string; size: number }[];
  index: IndexHtml;
  outcome: BrowserOutcome;
  /** Wall time of the whole run. */
  seconds: number;
}

const MB = 1024 * 1024;
const ORDER: Record<CheckVerdict, number> = { pass: 0, warn: 1, fail: 2 };

const TITLES: Record<BuildCheckId, string> = {
  'total-size': 'Total size',
  'initial-download': 'Download before the game starts',
  'file-count': 'Number of files',
  starts: 'Time to start',
  engine: 'Engine',
  'external-requests': 'Files from other sites',
  'portal-sdk': 'Poki or CrazyGames SDK',
  'console-errors': 'Errors in the console',
  'phone-fit': 'Fits a phone screen',
  offline: 'Plays offline',
};

const { totalSizeMB, initialDownloadMB, fileCount, startSeconds, phone } = CHECK_LIMITS;

const LIMITS: Record<BuildCheckId, string> = {
  'total-size': `pass up to ${totalSizeMB.pass} MB, warn up to ${totalSizeMB.warn} MB, fail over ${totalSizeMB.warn} MB`,
  'initial-download': `pass up to ${initialDownloadMB.pass} MB, warn up to ${initialDownloadMB.warn} MB, fail over ${initialDownloadMB.warn} MB`,
  'file-count': `pass up to ${count(fileCount.pass)} files, warn up to ${count(fileCount.warn)}, fail over ${count(fileCount.warn)}`,
  starts: `pass up to ${startSeconds.pass} s, warn up to ${startSeconds.warn} s; fail if later or never (an uncaught error before anything was drawn is named, with its file and line, but fails only a game that then never draws), on a script, WebAssembly or data file that did not load before anything was drawn, or a canvas left blank; at least warn when files the game asked for at start are not in the build`,
  engine: 'names the engine the build was made with and its export advice; warns when the build needs threads but was not served cross-origin isolated, or stores big WebAssembly or data files uncompressed',
  'external-requests': 'pass when the game loads nothing from other sites; warn otherwise (players’ browsers block it)',
  'portal-sdk': 'pass when index.html loads no SDK from Poki’s or CrazyGames’ sites; warn otherwise (players’ browsers block it)',
  'console-errors': 'pass with no errors; warn with any',
  'phone-fit': `pass when the page fits a ${phone.width} × ${phone.height} px phone screen without scrolling; warn otherwise`,
  offline: 'pass when the game starts again with no network, from the files of its first load; warn otherwise (it is then not offered offline)',
};

const ADVICE: Record<BuildCheckId, string> = {
  'total-size':
    'Players on phones and slow connections pay for every file. Remove unused files, and compress images (WebP) and sounds (Ogg or MP3).',
  'initial-download':
    'Players wait for all of this before they can play. Load only what the first screen needs at first, and the rest (later levels, music) once the game runs.',
  'file-count': 'Each file is a separate download. Pack small images into sprite sheets and bundle scripts into a few files.',
  starts:
    'Players leave when a game takes long to appear. Show something quickly (a loading screen), and call PlayFree.gameplayStart() from the PlayFree SDK when play can begin, so the portal knows the game is ready.',
  engine: 'Follow the engine’s export advice below.',
  'external-requests':
    'Blocked for players: the game must ship these files itself. Put them in the zip (scripts, fonts, images, sounds) and load them by relative paths.',
  'portal-sdk':
    `If index.html loads Poki’s or CrazyGames’ SDK from their sites, players’ browsers block it here. Load PlayFree’s compatible version from the game’s own site instead: ` +
    `${compatTag('Poki')} for Poki, ${compatTag('CrazyGames')} for CrazyGames.`,
  'console-errors':
    'These errors appeared while the game loaded on a phone. They often mean a missing file or a bug players will meet: open the game with the browser’s developer tools to see where they come from.',
  'phone-fit':
    'Players would have to scroll to see the whole game. Add <meta name="viewport" content="width=device-width, initial-scale=1"> and size the game to the window (for example a canvas resized to window.innerWidth × window.innerHeight).',
  offline:
    'For offline play the portal keeps exactly the files the game loaded before it started. Load everything the game needs to start by then, and do not wait for the network to start.',
};

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "850 KB", "3.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)} s`;
}

function byLimits(value: number, limits: { pass: number; warn: number }): CheckVerdict {
  if (value <= limits.pass) return 'pass';
  return value <= limits.warn ? 'warn' : 'fail';
}

function item(id: BuildCheckId, verdict: CheckVerdict, measured: string, details: string[] = []): BuildCheck {
  return { id, title: TITLES[id], verdict, measured, limit: LIMITS[id], advice: verdict === 'pass' ? null : ADVICE[id], details };
}

function plural(n: number, word: string): string {
  if (n === 1) return `1 ${word}`;
  return `${count(n)} ${word}${word.endsWith('s') ? 'es' : 's'}`;
}

/** The checks that need the browser, when it did not give an answer: each a warning. */
function unmeasured(measured: string, advice: string): BuildCheck[] {
  const ids = ['initial-download', 'external-requests', 'console-errors', 'phone-fit', 'offline'] as const;
  return ids.map((id) => ({ ...item(id, 'warn', measured), advice }));
}

function listed(id: BuildCheckId, listing: Listing, word: string): BuildCheck {
  if (listing.count === 0) return item(id, 'pass', 'none');
  return item(id, 'warn', plural(listing.count, word), listing.listed);
}

/** Why a game that did not start failed, for the developer: the problem found, and what usually causes it. */
const START_FAILED_ADVICE =
  'Players would get this too. Open the preview with the browser’s developer tools (Console and Network) to see it happen: a file missing from the zip, a path with different capitals, or an error in the first script. A game whose canvas stays blank has not drawn its first frame.';

function startItem(firstLoad: FirstLoad, engine: Recognised | null): BuildCheck {
  const { start } = firstLoad;
  if (!start.started) {
    let advice = START_FAILED_ADVICE;
    if (engine?.threads && firstLoad.isolated === false) {
      advice = `${engine.name} uses threads here (SharedArrayBuffer), and the page was not cross-origin isolated, so it could not start: mark the build as needing threads, or export it without threads.`;
    } else if (/\.(br|gz)\b.*could not be loaded|Unable to parse/.test(start.problem)) {
      advice = `${START_FAILED_ADVICE} Compressed files must keep the names the loader asks for (Build/name.wasm.br).`;
    }
    return { ...item('starts', 'fail', start.problem), advice };
  }
  const time = formatSeconds(start.seconds);
  const tap = start.tapped ? ' after a tap to play' : '';
  const verdict = byLimits(start.seconds, startSeconds);
  const why = start.sdk
    ? `gameplayStart did not come within ${CHECK_LIMITS.gameplayStartGraceSeconds} s of it`
    : 'the game does not call gameplayStart';
  const measured = start.signal === 'gameplayStart' ? `${time} to gameplayStart${tap}` : `${time} to first frame${tap} (${why})`;
  const missing = firstLoad.missing ?? [];
  if (missing.length === 0) return item('starts', verdict, measured);
  // Its first frame may be a loading screen that never ends: a player sees that, not a game.
  const shown = `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`;
  return {
    ...item('starts', verdict === 'pass' ? 'warn' : verdict, `${measured}; ${plural(missing.length, 'file')} it asked for ${missing.length === 1 ? 'is' : 'are'} not in the build: ${shown}`, missing.slice(0, CHECK_LIMITS.listed)),
    advice: MISSING_FILES_ADVICE,
  };
}

/** For a game that drew but asked for files its build does not hold. */
const MISSING_FILES_ADVICE =
  'Players may be left on the loading screen: the game asked for these files and the build does not have them (404). Put them in the zip under the same paths, with the same capitals; a folder a .gitignore or an export filter left out (data/, assets/) is the usual cause.';

function phoneItem(firstLoad: FirstLoad): BuildCheck {
  const { page } = firstLoad;
  if (!page) return item('phone-fit', 'warn', firstLoad.start.started ? 'not measured: the page stopped answering' : 'not measured: the game did not start');
  if (page.width <= phone.width && page.height <= phone.height) return item('phone-fit', 'pass', `fits ${phone.width} × ${phone.height} px`);
  return item(
    'phone-fit',
    'warn',
    `the page is ${page.width} × ${page.height} px on a ${phone.width} × ${phone.height} px screen: players would have to scroll`,
  );
}

function offlineItem(firstLoad: FirstLoad, offline: OfflineLoad): BuildCheck {
  if (!firstLoad.start.started) return item('offline', 'warn', 'not tried: the game did not start');
  if (offline.started) return item('offline', 'pass', 'starts again with no network');
  return item('offline', 'warn', `did not start again with no network: ${offline.problem}`);
}

/** Script tags loading another portal's SDK: which line of index.html to change, and to what. */
function portalSdkItem(index: IndexHtml): BuildCheck {
  if ('problem' in index) return item('portal-sdk', 'warn', `not checked: index.html could not be read (${index.problem})`);
  const scripts = findPortalSdkScripts(index.html);
  if (scripts.length === 0) return item('portal-sdk', 'pass', 'none');
  const measured = scripts.map((script) => `${script.portal}${script.portal.endsWith('s') ? '’' : '’s'} SDK on line ${script.line}`).join(', ');
  const one = scripts.length === 1;
  const advice =
    `Players’ browsers block scripts from other sites here, so the game would run without ${one ? 'this SDK' : 'these SDKs'}. ` +
    `PlayFree serves a compatible version of ${one ? 'it' : 'each'} from the game’s own site. ` +
    scripts.map(changeFor).join(' ');
  return { ...item('portal-sdk', 'warn', measured, scripts.map((script) => `line ${script.line}: ${script.src}`)), advice };
}

/** The build's own files the first load asked for, each once, in the order asked. */
function loadedFiles(files: BuildFacts['files'], requested: readonly string[]): { paths: string[]; bytes: number } {
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  const paths = [...new Set(requested)].filter((path) => sizes.has(path));
  return { paths, bytes: paths.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0) };
}

export function judgeBuild({ files, index, outcome, seconds }: BuildFacts): BuildChecks {
  const ran = outcome.kind === 'ran' ? outcome.firstLoad : null;
  const engine = recogniseEngine({ files, html: 'html' in index ? index.html : null, globals: ran?.globals ?? {} });
  const engineCheck = engineVerdict(engine, files, ran?.isolated ?? null, initialDownloadMB.warn);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const items: BuildCheck[] = [
    item('total-size', byLimits(totalBytes / MB, totalSizeMB), formatSize(totalBytes)),
    item('file-count', byLimits(files.length, fileCount), count(files.length)),
    portalSdkItem(index),
    { ...item('engine', engineCheck.verdict, engineCheck.measured, engineCheck.details), advice: engineCheck.advice },
  ];
  let loaded: string[] = [];
  let offline = false;
  if (outcome.kind === 'ran') {
    const { firstLoad } = outcome;
    const first = loadedFiles(files, firstLoad.requested);
    loaded = first.paths;
    offline = firstLoad.start.started && outcome.offline.started;
    items.push(
      item('initial-download', byLimits(first.bytes / MB, initialDownloadMB), `${formatSize(first.bytes)} in ${plural(first.paths.length, 'file')}`),
      startItem(firstLoad, engine),
      listed('external-requests', firstLoad.external, 'address'),
      listed('console-errors', firstLoad.errors, 'error'),
      phoneItem(firstLoad),
      offlineItem(firstLoad, outcome.offline),
    );
  } else if (outcome.kind === 'timed-out') {
    items.push(
      item('starts', 'fail', `did not finish within ${outcome.timeoutSeconds} s`),
      ...unmeasured('not measured: the game did not finish loading in time', ADVICE.starts),
    );
  } else {
    const advice = `${outcome.reason}, so this was not checked: the reviewer must try the game by hand.`;
    items.push({ ...item('starts', 'warn', 'not run'), advice }, ...unmeasured('not run', advice));
  }
  items.sort((a, b) => BUILD_CHECK_IDS.indexOf(a.id) - BUILD_CHECK_IDS.indexOf(b.id));
  const verdict = items.reduce<CheckVerdict>((worst, check) => (ORDER[check.verdict] > ORDER[worst] ? check.verdict : worst), 'pass');
  return { verdict, checksVersion: BUILD_CHECKS_VERSION, seconds: Math.round(seconds * 10) / 10, browser: outcome.kind !== 'not-run', offline, loaded, items };
}
