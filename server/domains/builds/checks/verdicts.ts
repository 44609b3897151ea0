/**
 * The verdicts of a build's automatic checks, from its file list, its index.html and what headless
 * Chromium saw (protocol.ts). Pure: no browser, no clock. The limits are numbers in CHECK_LIMITS,
 * so the developer portal and the docs quote the same figures as the checks.
 */
import { BUILD_CHECK_IDS, BUILD_CHECKS_VERSION, type BuildCheckId, type BuildChecks, type CheckVerdict, type StoredBuildCheck, type StoredBuildChecks, type StoredText } from '../../../../shared/schemas/builds';
import { engineVerdict, NO_ENGINE, recogniseEngine, type Recognised } from './engines';
import { changeFor, compatTag, findPortalSdkScripts } from './portal-sdk';
import type { FirstLoad, Listing, OfflineLoad } from './protocol';
import type { Locale } from '../../../../src/i18n/locales';
import { fromStored, toStored } from '../../../i18n/stored-text';
import { text, Text, type MessageValues } from '../../../i18n/translate';
import { listOf, sentencesOf } from './joined-texts';

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

/** A stored text in `locale`: its message's when it was written from one this version has, else as stored. */
function storedIn(english: string, stored: StoredText | undefined, locale: Locale): string {
  const written = stored && fromStored(stored);
  return written ? written.in(locale) : (fixedTextOf(english)?.in(locale) ?? english);
}

/**
 * Stored verdicts as the API answers them, in `locale`: each check's title, limit and fixed texts,
 * and what it measured and advised where that was written from a message (kept beside it). File
 * names, addresses and the browser's own words stay as found, and so does an older verdict's text.
 */
export function localizedChecks(checks: StoredBuildChecks, locale: Locale): BuildChecks {
  return {
    ...checks,
    items: checks.items.map(({ texts, ...check }) => {
      if (locale === 'en') return check;
      const inLocale = (english: string) => fixedTextOf(english)?.in(locale) ?? english;
      return {
        ...check,
        title: inLocale(check.title),
        measured: storedIn(check.measured, texts?.measured, locale),
        limit: inLocale(check.limit),
        advice: check.advice === null ? null : storedIn(check.advice, texts?.advice, locale),
        details: check.details.map((detail, at) => storedIn(detail, texts?.details?.[at] ?? undefined, locale)),
      };
    }),
  };
}

/** "850 KB", "3.2 MB". */
export function sizeText(bytes: number): Text {
  if (bytes < MB) return text('checks.size.kilobytes', { kb: Math.ceil(bytes / 1024) });
  return text('checks.size.megabytes', { mb: bytes / MB });
}

export function formatSize(bytes: number): string {
  return sizeText(bytes).in('en');
}

function byLimits(value: number, limits: { pass: number; warn: number }): CheckVerdict {
  if (value <= limits.pass) return 'pass';
  return value <= limits.warn ? 'warn' : 'fail';
}

const english = (value: Text | string) => (value instanceof Text ? value.in('en') : value);

/**
 * One check's verdict as stored: its texts in English, and those written from a message (a Text,
 * not a string found as is) kept beside them for the reader's language (localizedChecks).
 */
function item(id: BuildCheckId, verdict: CheckVerdict, measured: Text | string, details: readonly (Text | string)[] = [], advice?: Text | string): StoredBuildCheck {
  const fixed = FIXED[id];
  const given = advice ?? (verdict === 'pass' ? null : fixed.advice);
  const texts: NonNullable<StoredBuildCheck['texts']> = {};
  if (measured instanceof Text) texts.measured = toStored(measured);
  if (given instanceof Text && given !== fixed.advice) texts.advice = toStored(given);
  if (details.some((detail) => detail instanceof Text)) texts.details = details.map((detail) => (detail instanceof Text ? toStored(detail) : null));
  return {
    id, title: fixed.title.in('en'), verdict, measured: english(measured), limit: fixed.limit.in('en'), advice: given === null ? null : english(given),
    details: details.map(english),
    ...(Object.keys(texts).length > 0 ? { texts } : {}),
  };
}

/** The checks that need the browser, when it did not give an answer: each a warning. */
function unmeasured(measured: Text, advice: Text | string): StoredBuildCheck[] {
  const ids = ['initial-download', 'external-requests', 'console-errors', 'phone-fit', 'offline'] as const;
  return ids.map((id) => item(id, 'warn', measured, [], advice));
}

function listed(id: BuildCheckId, listing: Listing, counted: 'checks.measured.addresses' | 'checks.measured.errors'): StoredBuildCheck {
  if (listing.count === 0) return item(id, 'pass', MEASURED.none);
  return item(id, 'warn', text(counted, { count: listing.count }), listing.listed);
}

function startItem(firstLoad: FirstLoad, engine: Recognised | null): StoredBuildCheck {
  const { start } = firstLoad;
  if (!start.started) {
    let advice = START_FAILED_ADVICE;
    if (engine?.threads && firstLoad.isolated === false) advice = text('checks.starts.threadsAdvice', { engine: engine.name });
    else if (/\.(br|gz)\b.*could not be loaded|Unable to parse/.test(start.problem)) advice = START_FAILED_COMPRESSED_ADVICE;
    return item('starts', 'fail', start.problem, [], advice);
  }
  const verdict = byLimits(start.seconds, startSeconds);
  const why = start.sdk ? text('checks.measured.gameplayStartLate', { seconds: String(CHECK_LIMITS.gameplayStartGraceSeconds) }) : text('checks.measured.noGameplayStart');
  const measured = start.signal === 'gameplayStart'
    ? text(start.tapped ? 'checks.measured.toGameplayStartAfterTap' : 'checks.measured.toGameplayStart', { seconds: start.seconds })
    : text(start.tapped ? 'checks.measured.toFirstFrameAfterTap' : 'checks.measured.toFirstFrame', { seconds: start.seconds, why });
  const missing = firstLoad.missing ?? [];
  if (missing.length === 0) return item('starts', verdict, measured);
  // Its first frame may be a loading screen that never ends: a player sees that, not a game.
  const files = `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`;
  return item(
    'starts',
    verdict === 'pass' ? 'warn' : verdict,
    text('checks.measured.filesMissing', { measured, count: missing.length, files }),
    missing.slice(0, CHECK_LIMITS.listed),
    MISSING_FILES_ADVICE,
  );
}

function phoneItem(firstLoad: FirstLoad): StoredBuildCheck {
  const { page } = firstLoad;
  if (!page) return item('phone-fit', 'warn', firstLoad.start.started ? MEASURED.pageStoppedAnswering : MEASURED.notStarted);
  if (page.width <= phone.width && page.height <= phone.height) return item('phone-fit', 'pass', text('checks.measured.fitsPhone', { width: String(phone.width), height: String(phone.height) }));
  return item('phone-fit', 'warn', text('checks.measured.pageTooBig', { width: String(phone.width), height: String(phone.height), pageWidth: String(page.width), pageHeight: String(page.height) }));
}

function offlineItem(firstLoad: FirstLoad, offline: OfflineLoad): StoredBuildCheck {
  if (!firstLoad.start.started) return item('offline', 'warn', MEASURED.notTried);
  if (offline.started) return item('offline', 'pass', text('checks.measured.startsOffline'));
  return item('offline', 'warn', text('checks.measured.notOffline', { problem: offline.problem }));
}

/** Script tags loading another portal's SDK: which line of index.html to change, and to what. */
function portalSdkItem(index: IndexHtml): StoredBuildCheck {
  if ('problem' in index) return item('portal-sdk', 'warn', text('checks.measured.indexUnreadable', { problem: index.problem }));
  const scripts = findPortalSdkScripts(index.html);
  if (scripts.length === 0) return item('portal-sdk', 'pass', MEASURED.none);
  const measured = listOf(scripts.map((script) => text('checks.measured.sdkOnLine', { portal: script.portal, line: String(script.line) })));
  const advice = text('checks.portal-sdk.blockedAdvice', { count: scripts.length, changes: sentencesOf(scripts.map(changeFor)) });
  return item('portal-sdk', 'warn', measured, scripts.map((script) => text('checks.detail.scriptOnLine', { line: String(script.line), src: script.src })), advice);
}

/** The build's own files the first load asked for, each once, in the order asked. */
function loadedFiles(files: BuildFacts['files'], requested: readonly string[]): { paths: string[]; bytes: number } {
  const sizes = new Map(files.map((file) => [file.path, file.size]));
  const paths = [...new Set(requested)].filter((path) => sizes.has(path));
  return { paths, bytes: paths.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0) };
}

export function judgeBuild({ files, index, outcome, seconds }: BuildFacts): StoredBuildChecks {
  const ran = outcome.kind === 'ran' ? outcome.firstLoad : null;
  const engine = recogniseEngine({ files, html: 'html' in index ? index.html : null, globals: ran?.globals ?? {} });
  const engineCheck = engineVerdict(engine, files, ran?.isolated ?? null, initialDownloadMB.warn);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const items: StoredBuildCheck[] = [
    item('total-size', byLimits(totalBytes / MB, totalSizeMB), sizeText(totalBytes)),
    item('file-count', byLimits(files.length, fileCount), text('checks.measured.count', { count: files.length })),
    portalSdkItem(index),
    item('engine', engineCheck.verdict, engineCheck.measured, engineCheck.details, engineCheck.advice ?? undefined),
  ];
  let loaded: string[] = [];
  let offline = false;
  if (outcome.kind === 'ran') {
    const { firstLoad } = outcome;
    const first = loadedFiles(files, firstLoad.requested);
    loaded = first.paths;
    offline = firstLoad.start.started && outcome.offline.started;
    items.push(
      item('initial-download', byLimits(first.bytes / MB, initialDownloadMB), text('checks.measured.downloadInFiles', { size: sizeText(first.bytes), count: first.paths.length })),
      startItem(firstLoad, engine),
      listed('external-requests', firstLoad.external, 'checks.measured.addresses'),
      listed('console-errors', firstLoad.errors, 'checks.measured.errors'),
      phoneItem(firstLoad),
      offlineItem(firstLoad, outcome.offline),
    );
  } else if (outcome.kind === 'timed-out') {
    items.push(
      item('starts', 'fail', text('checks.measured.timedOut', { seconds: String(outcome.timeoutSeconds) })),
      ...unmeasured(MEASURED.notLoadedInTime, FIXED.starts.advice),
    );
  } else {
    const advice = text('checks.notRunAdvice', { reason: outcome.reason });
    items.push(item('starts', 'warn', MEASURED.notRun, [], advice), ...unmeasured(MEASURED.notRun, advice));
  }
  items.sort((a, b) => BUILD_CHECK_IDS.indexOf(a.id) - BUILD_CHECK_IDS.indexOf(b.id));
  const verdict = items.reduce<CheckVerdict>((worst, check) => (ORDER[check.verdict] > ORDER[worst] ? check.verdict : worst), 'pass');
  return { verdict, checksVersion: BUILD_CHECKS_VERSION, seconds: Math.round(seconds * 10) / 10, browser: outcome.kind !== 'not-run', offline, loaded, items };
}
