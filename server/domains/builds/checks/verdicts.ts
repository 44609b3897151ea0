/**
 * The verdicts of a build's automatic checks, from its file list, its index.html and what headless
 * Chromium saw (protocol.ts). Pure: no browser, no clock. The limits are numbers in CHECK_LIMITS,
 * so the developer portal and the docs quote the same figures as the checks.
 */
import { BUILD_CHECK_IDS, BUILD_CHECKS_VERSION, type BuildCheck, type BuildCheckId, type BuildChecks, type CheckVerdict } from '../../../../shared/schemas/builds';
import { engineVerdict, NO_ENGINE, recogniseEngine, type Recognised } from './engines';
import { changeFor, compatTag, findPortalSdkScripts } from './portal-sdk';
import type { FirstLoad, Listing, OfflineLoad } from './protocol';
import type { Locale } from '../../../../src/i18n/locales';
import { text, type MessageValues, type Text } from '../../../i18n/translate';

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

const { totalSizeMB, initialDownloadMB, fileCount, startSeconds, phone } = CHECK_LIMITS;

/** The values of each check's limit in words (check-messages.ts). */
const LIMIT_VALUES: Record<BuildCheckId, MessageValues> = {
  'total-size': totalSizeMB,
  'initial-download': initialDownloadMB,
  'file-count': fileCount,
  starts: startSeconds,
  engine: {},
  'external-requests': {},
  'portal-sdk': {},
  'console-errors': {},
  'phone-fit': phone,
  offline: {},
};

const ADVICE_VALUES: Partial<Record<BuildCheckId, MessageValues>> = {
  'portal-sdk': { pokiTag: compatTag('Poki'), crazyGamesTag: compatTag('CrazyGames') },
  'phone-fit': { viewportTag: '<meta name="viewport" content="width=device-width, initial-scale=1">' },
};

/** Each check's fixed texts as messages with their values: stored in English, answered in the caller's language (localizedChecks). */
const FIXED = Object.fromEntries(
  BUILD_CHECK_IDS.map((id) => [id, { title: text(`checks.${id}.title`), limit: text(`checks.${id}.limit`, LIMIT_VALUES[id]), advice: text(`checks.${id}.advice`, ADVICE_VALUES[id]) }]),
) as Record<BuildCheckId, { title: Text; limit: Text; advice: Text }>;

/** Why a game that did not start failed, for the developer: what usually causes it (with its compressed files: their names). */
const START_FAILED_ADVICE = text('checks.starts.failedAdvice');
const START_FAILED_COMPRESSED_ADVICE = text('checks.starts.failedAdviceCompressed');
/** For a game that drew but asked for files its build does not hold. */
const MISSING_FILES_ADVICE = text('checks.starts.missingFilesAdvice');

/** What a check measured where it is a fixed text, not a figure. */
const MEASURED = {
  none: text('checks.measured.none'),
  notStarted: text('checks.measured.notStarted'),
  pageStoppedAnswering: text('checks.measured.pageStoppedAnswering'),
  notTried: text('checks.measured.notTried'),
  notLoadedInTime: text('checks.measured.notLoadedInTime'),
  notRun: text('checks.measured.notRun'),
  noEngine: NO_ENGINE,
};

/** Every fixed English text a stored verdict may hold, to its message: what localizedChecks translates (made on its first call). */
let byEnglish: Map<string, Text> | undefined;
function fixedTextOf(english: string): Text | undefined {
  byEnglish ??= new Map(
    [...Object.values(FIXED).flatMap((texts) => Object.values(texts)), START_FAILED_ADVICE, START_FAILED_COMPRESSED_ADVICE, MISSING_FILES_ADVICE, ...Object.values(MEASURED)].map((message) => [
      message.in('en'),
      message,
    ]),
  );
  return byEnglish.get(english);
}

/**
 * Stored verdicts in `locale`: each check's title, limit, advice and fixed measured text where they
 * are this version's; figures, lists and the browser's words stay as found, and so does an older
 * verdict's text.
 */
export function localizedChecks(checks: BuildChecks, locale: Locale): BuildChecks {
  if (locale === 'en') return checks;
  const inLocale = (english: string) => fixedTextOf(english)?.in(locale) ?? english;
  return {
    ...checks,
    items: checks.items.map((check) => ({
      ...check,
      title: inLocale(check.title),
      measured: inLocale(check.measured),
      limit: inLocale(check.limit),
      advice: check.advice === null ? null : inLocale(check.advice),
    })),
  };
}

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
  const fixed = FIXED[id];
  return { id, title: fixed.title.in('en'), verdict, measured, limit: fixed.limit.in('en'), advice: verdict === 'pass' ? null : fixed.advice.in('en'), details };
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
  if (listing.count === 0) return item(id, 'pass', MEASURED.none.in('en'));
  return item(id, 'warn', plural(listing.count, word), listing.listed);
}

function startItem(firstLoad: FirstLoad, engine: Recognised | null): BuildCheck {
  const { start } = firstLoad;
  if (!start.started) {
    let advice = START_FAILED_ADVICE.in('en');
    if (engine?.threads && firstLoad.isolated === false) {
      advice = `${engine.name} uses threads here (SharedArrayBuffer), and the page was not cross-origin isolated, so it could not start: mark the build as needing threads, or export it without threads.`;
    } else if (/\.(br|gz)\b.*could not be loaded|Unable to parse/.test(start.problem)) {
      advice = START_FAILED_COMPRESSED_ADVICE.in('en');
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
    advice: MISSING_FILES_ADVICE.in('en'),
  };
}

function phoneItem(firstLoad: FirstLoad): BuildCheck {
  const { page } = firstLoad;
  if (!page) return item('phone-fit', 'warn', (firstLoad.start.started ? MEASURED.pageStoppedAnswering : MEASURED.notStarted).in('en'));
  if (page.width <= phone.width && page.height <= phone.height) return item('phone-fit', 'pass', `fits ${phone.width} × ${phone.height} px`);
  return item(
    'phone-fit',
    'warn',
    `the page is ${page.width} × ${page.height} px on a ${phone.width} × ${phone.height} px screen: players would have to scroll`,
  );
}

function offlineItem(firstLoad: FirstLoad, offline: OfflineLoad): BuildCheck {
  if (!firstLoad.start.started) return item('offline', 'warn', MEASURED.notTried.in('en'));
  if (offline.started) return item('offline', 'pass', 'starts again with no network');
  return item('offline', 'warn', `did not start again with no network: ${offline.problem}`);
}

/** Script tags loading another portal's SDK: which line of index.html to change, and to what. */
function portalSdkItem(index: IndexHtml): BuildCheck {
  if ('problem' in index) return item('portal-sdk', 'warn', `not checked: index.html could not be read (${index.problem})`);
  const scripts = findPortalSdkScripts(index.html);
  if (scripts.length === 0) return item('portal-sdk', 'pass', MEASURED.none.in('en'));
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
      ...unmeasured(MEASURED.notLoadedInTime.in('en'), FIXED.starts.advice.in('en')),
    );
  } else {
    const advice = `${outcome.reason}, so this was not checked: the reviewer must try the game by hand.`;
    items.push({ ...item('starts', 'warn', MEASURED.notRun.in('en')), advice }, ...unmeasured(MEASURED.notRun.in('en'), advice));
  }
  items.sort((a, b) => BUILD_CHECK_IDS.indexOf(a.id) - BUILD_CHECK_IDS.indexOf(b.id));
  const verdict = items.reduce<CheckVerdict>((worst, check) => (ORDER[check.verdict] > ORDER[worst] ? check.verdict : worst), 'pass');
  return { verdict, checksVersion: BUILD_CHECKS_VERSION, seconds: Math.round(seconds * 10) / 10, browser: outcome.kind !== 'not-run', offline, loaded, items };
}
