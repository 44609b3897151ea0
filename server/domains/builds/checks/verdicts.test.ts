import { describe, expect, it } from 'vitest';
import { BUILD_CHECK_IDS, storedBuildChecksSchema, type BuildCheck, type BuildCheckId } from '../../../../shared/schemas/builds';
import type { FirstLoad } from './protocol';
import { translate } from '../../../i18n/translate';
import { type BrowserOutcome, CHECK_LIMITS, formatSize, judgeBuild, localizedChecks } from './verdicts';

const MB = 1024 * 1024;

function firstLoad(overrides: Partial<FirstLoad> = {}): FirstLoad {
  return {
    start: { started: true, signal: 'gameplayStart', seconds: 1.4, sdk: true },
    requested: ['index.html', 'game.js'],
    external: { count: 0, listed: [] },
    errors: { count: 0, listed: [] },
    page: { width: 390, height: 844 },
    isolated: false,
    globals: {},
    ...overrides,
  };
}

const files = [
  { path: 'index.html', size: 2_000 },
  { path: 'game.js', size: 300_000 },
  { path: 'music/later.ogg', size: 4 * MB },
];

function ran(overrides: Partial<FirstLoad> = {}, offlineStarted = true): BrowserOutcome {
  return {
    kind: 'ran',
    firstLoad: firstLoad(overrides),
    offline: offlineStarted ? { started: true } : { started: false, problem: 'did not start within 7 s' },
  };
}

const INDEX_HTML = '<!doctype html><html><head><script src="/__playfree/sdk.js"></script></head><body><script src="game.js"></script></body></html>';

function judge(outcome: BrowserOutcome, buildFiles = files) {
  return judgeBuild({ files: buildFiles, index: { html: INDEX_HTML }, outcome, seconds: 4.26 });
}

function check(result: { items: readonly BuildCheck[] }, id: BuildCheckId) {
  const found = result.items.find((item) => item.id === id);
  if (!found) throw new Error(`no ${id} check`);
  return found;
}

/** A build of `count` files of `size` bytes each. */
function manyFiles(count: number, size: number) {
  return Array.from({ length: count }, (_, i) => ({ path: i === 0 ? 'index.html' : `f${i}.bin`, size }));
}

/** The verdict on a one-file build of `bytes`, loaded at start. */
function downloadVerdict(bytes: number) {
  return check(judge(ran({ requested: ['index.html'] }), [{ path: 'index.html', size: bytes }]), 'initial-download').verdict;
}

function totalVerdict(bytes: number) {
  return check(judge(ran(), [{ path: 'index.html', size: bytes }]), 'total-size').verdict;
}

function fileCountCheck(n: number) {
  return check(judge(ran(), manyFiles(n, 10)), 'file-count');
}

function startCheck(seconds: number, signal: 'gameplayStart' | 'firstFrame' = 'gameplayStart', sdk = true) {
  return check(judge(ran({ start: { started: true, signal, seconds, sdk } })), 'starts');
}

describe('judgeBuild', () => {
  it('passes a small game that starts quickly, with every check in the schema’s order', () => {
    const result = judge(ran());
    expect(storedBuildChecksSchema.parse(result)).toEqual(result);
    expect(result.items.map((item) => item.id)).toEqual([...BUILD_CHECK_IDS]);
    expect(result).toMatchObject({ verdict: 'pass', seconds: 4.3, browser: true, offline: true, loaded: ['index.html', 'game.js'] });
    expect(result.items.every((item) => item.verdict === 'pass' && item.advice === null && item.limit.length > 0)).toBe(true);
    expect(check(result, 'starts').measured).toBe('1.4 s to gameplayStart');
    expect(check(result, 'initial-download').measured).toBe('295 KB in 2 files');
    expect(check(result, 'total-size').measured).toBe('4.3 MB');
    expect(check(result, 'portal-sdk').measured).toBe('none');
  });

  it('counts only the build’s own files, each once, in the initial download and in loaded', () => {
    const result = judge(ran({ requested: ['index.html', '__playfree/sdk.js', 'game.js', 'game.js', 'missing.png'] }));
    expect(result.loaded).toEqual(['index.html', 'game.js']);
    expect(check(result, 'initial-download').measured).toBe('295 KB in 2 files');
  });

  it('judges sizes and counts at the limits: pass up to the first, warn up to the second, fail over', () => {
    const { initialDownloadMB, totalSizeMB, fileCount } = CHECK_LIMITS;
    expect([downloadVerdict(initialDownloadMB.pass * MB), downloadVerdict(initialDownloadMB.pass * MB + 1)]).toEqual(['pass', 'warn']);
    expect([downloadVerdict(initialDownloadMB.warn * MB), downloadVerdict(initialDownloadMB.warn * MB + 1)]).toEqual(['warn', 'fail']);
    expect([totalVerdict(totalSizeMB.pass * MB), totalVerdict(totalSizeMB.pass * MB + 1)]).toEqual(['pass', 'warn']);
    expect([totalVerdict(totalSizeMB.warn * MB), totalVerdict(totalSizeMB.warn * MB + 1)]).toEqual(['warn', 'fail']);
    expect([fileCount.pass, fileCount.pass + 1, fileCount.warn, fileCount.warn + 1].map((n) => fileCountCheck(n).verdict)).toEqual([
      'pass',
      'warn',
      'warn',
      'fail',
    ]);
    expect(fileCountCheck(fileCount.pass + 1).measured).toBe('1,001');
  });

  it('judges the time to start and says which signal it took', () => {
    const { startSeconds } = CHECK_LIMITS;
    expect([startSeconds.pass, startSeconds.pass + 0.1, startSeconds.warn, startSeconds.warn + 0.1].map((s) => startCheck(s).verdict)).toEqual([
      'pass',
      'warn',
      'warn',
      'fail',
    ]);
    expect(startCheck(0.94, 'firstFrame', false).measured).toBe('0.9 s to first frame (the game does not call gameplayStart)');
    expect(startCheck(0.94, 'firstFrame', true).measured).toMatch(/^0\.9 s to first frame \(gameplayStart did not come within \d+ s of it\)$/);
    expect(startCheck(12).advice).toContain('PlayFree.gameplayStart()');
  });

  it('warns about a game that drew but asked for files its build does not hold, naming them (a loading screen that never ends)', () => {
    const missing = ['data/img/bg.png', 'data/img/pipe.png', 'data/sfx/hit.mp3', 'data/bgm/theme.mp3'];
    const starts = check(judge(ran({ start: { started: true, signal: 'firstFrame', seconds: 0.6, sdk: false }, missing })), 'starts');
    expect(starts.verdict).toBe('warn');
    expect(starts.measured).toBe('0.6 s to first frame (the game does not call gameplayStart); 4 files it asked for are not in the build: data/img/bg.png, data/img/pipe.png, data/sfx/hit.mp3, …');
    expect(starts.details).toEqual(missing);
    expect(starts.advice).toContain('Put them in the zip');
    // A start past the warning limit stays a failure, and none missing changes nothing.
    expect(check(judge(ran({ start: { started: true, signal: 'firstFrame', seconds: CHECK_LIMITS.startSeconds.warn + 1, sdk: false }, missing: ['a.png'] })), 'starts').verdict).toBe('fail');
    expect(check(judge(ran({ missing: [] })), 'starts').verdict).toBe('pass');
  });

  it('fails a game that never starts, and does not measure what needs a started game', () => {
    const result = judge(ran({ start: { started: false, problem: 'did not start within 20 s' }, page: null }, false));
    expect(result.verdict).toBe('fail');
    expect(check(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'did not start within 20 s' });
    expect(check(result, 'phone-fit')).toMatchObject({ verdict: 'warn', measured: 'not measured: the game did not start' });
    expect(check(result, 'offline')).toMatchObject({ verdict: 'warn', measured: 'not tried: the game did not start' });
    expect(result.offline).toBe(false);
  });

  it('names why a game did not start, and what a threaded build needs when its page was not isolated', () => {
    const problem = 'nothing was drawn on the canvas #canvas (300 × 150 px) within 20 s';
    const threaded = [
      { path: 'index.html', size: 2_000 },
      { path: 'index.js', size: 60_000 },
      { path: 'index.wasm', size: 20_000 },
      { path: 'index.worker.js', size: 3_000 },
    ];
    const result = judge(ran({ start: { started: false, problem }, page: null, isolated: false }, false), threaded);
    expect(result).toMatchObject({ verdict: 'fail', checksVersion: 2 });
    expect(check(result, 'starts')).toMatchObject({ verdict: 'fail', measured: problem });
    expect(check(result, 'starts').advice).toMatch(/^Emscripten, built with -pthread uses threads here .* mark the build as needing threads/);
    expect(check(result, 'engine')).toMatchObject({ verdict: 'warn', measured: 'Emscripten, built with -pthread, recognised by index.js (threaded export: needs SharedArrayBuffer)' });
    // Served isolated, the same failure is not blamed on threads.
    const isolated = judge(ran({ start: { started: false, problem }, page: null, isolated: true }, false), threaded);
    expect(check(isolated, 'starts').advice).toMatch(/^Players would get this too\. Open the preview with the browser’s developer tools/);
    expect(check(isolated, 'engine').verdict).toBe('pass');
  });

  it('warns about blocked addresses and console errors, listing them', () => {
    const result = judge(
      ran({ external: { count: 23, listed: ['https://cdn.example.com/x.js'] }, errors: { count: 1, listed: ['boom'] } }),
    );
    expect(result.verdict).toBe('warn');
    expect(check(result, 'external-requests')).toMatchObject({ verdict: 'warn', measured: '23 addresses', details: ['https://cdn.example.com/x.js'] });
    expect(check(result, 'external-requests').advice).toContain('the game must ship these files itself');
    expect(check(result, 'console-errors')).toMatchObject({ verdict: 'warn', measured: '1 error', details: ['boom'] });
  });

  it('warns when the page does not fit the phone, or does not start offline', () => {
    const wide = judge(ran({ page: { width: 980, height: 844 } }));
    expect(check(wide, 'phone-fit')).toMatchObject({ verdict: 'warn' });
    expect(check(wide, 'phone-fit').measured).toContain('players would have to scroll');
    const tall = judge(ran({ page: { width: 390, height: 845 } }));
    expect(check(tall, 'phone-fit').verdict).toBe('warn');

    const online = judge(ran({}, false));
    expect(online).toMatchObject({ verdict: 'warn', offline: false });
    expect(check(online, 'offline')).toMatchObject({ verdict: 'warn', measured: 'did not start again with no network: did not start within 7 s' });
  });

  it('fails a run killed at the time limit, leaving the rest unmeasured', () => {
    const result = judge({ kind: 'timed-out', timeoutSeconds: 60 });
    expect(result).toMatchObject({ verdict: 'fail', browser: true, offline: false, loaded: [] });
    expect(check(result, 'starts')).toMatchObject({ verdict: 'fail', measured: 'did not finish within 60 s' });
    for (const id of ['initial-download', 'external-requests', 'console-errors', 'phone-fit', 'offline'] as const) {
      expect(check(result, id).verdict).toBe('warn');
    }
  });

  it('without a browser, judges the files alone and leaves the rest to the reviewer', () => {
    const result = judge({ kind: 'not-run', reason: 'Chromium is not installed on this server' }, manyFiles(1_200, 10));
    expect(result).toMatchObject({ verdict: 'warn', browser: false, offline: false, loaded: [] });
    expect(check(result, 'file-count').verdict).toBe('warn');
    for (const id of ['initial-download', 'starts', 'external-requests', 'console-errors', 'phone-fit', 'offline'] as const) {
      expect(check(result, id)).toMatchObject({ verdict: 'warn', measured: 'not run' });
      expect(check(result, id).advice).toMatch(/^Chromium is not installed on this server, .*try the game by hand/);
    }
  });
});

describe('formatSize', () => {
  it('says KB under a megabyte and MB with one decimal above', () => {
    expect([formatSize(0), formatSize(1), formatSize(1024 * 1023), formatSize(3.24 * MB)]).toEqual(['0 KB', '1 KB', '1023 KB', '3.2 MB']);
  });
});

describe('localizedChecks', () => {
  it('answers a stored verdict’s titles, limits and advice in the caller’s language, and what was measured as found', () => {
    const stored = judge(ran({ start: { started: false, problem: 'index.js could not be loaded (404 Not Found)' } }));
    const english = JSON.stringify(stored);
    const french = localizedChecks(stored, 'fr');
    const starts = check(french, 'starts');
    expect(starts.title).toBe(translate('fr', 'checks.starts.title'));
    expect(starts.title).not.toBe('Time to start');
    expect(starts.limit).toBe(translate('fr', 'checks.starts.limit', CHECK_LIMITS.startSeconds));
    expect(starts.advice).toBe(translate('fr', 'checks.starts.failedAdvice'));
    expect(starts.measured).toBe('index.js could not be loaded (404 Not Found)');
    expect(check(french, 'file-count').limit).toBe(translate('fr', 'checks.file-count.limit', CHECK_LIMITS.fileCount));
    // Stored as it was: the verdicts keep their English.
    expect(JSON.stringify(stored)).toBe(english);
    // In English as stored, without the messages kept beside the texts (not part of the API).
    expect(localizedChecks(stored, 'en')).toEqual({ ...stored, items: stored.items.map(({ texts: _texts, ...item }) => item) });
    expect(JSON.stringify(french)).not.toContain('"texts"');
  });

  it('answers what was measured, with its figures, and the advice made for the build in the caller’s language', () => {
    const stored = judge(ran({ start: { started: true, seconds: 1.04, signal: 'firstFrame', tapped: true, sdk: false }, missing: ['a.png', 'b.png'] }));
    const french = localizedChecks(stored, 'fr');
    const english = localizedChecks(stored, 'en');
    expect(check(english, 'starts').measured).toBe('1.0 s to first frame after a tap to play (the game does not call gameplayStart); 2 files it asked for are not in the build: a.png, b.png');
    expect(check(french, 'starts').measured).toBe(
      translate('fr', 'checks.measured.filesMissing', {
        measured: translate('fr', 'checks.measured.toFirstFrameAfterTap', { seconds: 1.04, why: translate('fr', 'checks.measured.noGameplayStart') }),
        count: 2,
        files: 'a.png, b.png',
      }),
    );
    expect(check(french, 'starts').measured).not.toBe(check(english, 'starts').measured);
    expect(check(french, 'starts').advice).toBe(translate('fr', 'checks.starts.missingFilesAdvice'));
    // The file names stay as found.
    expect(check(french, 'starts').details).toEqual(['a.png', 'b.png']);
    expect(check(french, 'initial-download').measured).toBe(
      translate('fr', 'checks.measured.downloadInFiles', { size: translate('fr', 'checks.size.kilobytes', { kb: 295 }), count: 2 }),
    );
    expect(check(french, 'engine').details.at(-1)).toBe(translate('fr', 'checks.engine.firstDownload', { mb: CHECK_LIMITS.initialDownloadMB.warn }));
  });

  it('names an engine and lists an SDK tag in the caller’s language, its address as found', () => {
    const html = '<!doctype html><html><head>\n<script src="//game-cdn.poki.com/scripts/v2/poki-sdk.js"></script></head><body><script src="html5game/Puzzle.js"></script></body></html>';
    const stored = judgeBuild({ files: [{ path: 'index.html', size: 2_000 }, { path: 'html5game/Puzzle.js', size: 90_000 }], index: { html }, outcome: ran(), seconds: 4 });
    expect(check(localizedChecks(stored, 'en'), 'engine').measured).toBe('GameMaker (HTML5 export), recognised by html5game/Puzzle.js');
    expect(check(localizedChecks(stored, 'en'), 'portal-sdk').details).toEqual(['line 2: //game-cdn.poki.com/scripts/v2/poki-sdk.js']);
    const french = localizedChecks(stored, 'fr');
    expect(check(french, 'engine').measured).toBe('GameMaker (export HTML5), reconnu grâce à html5game/Puzzle.js');
    expect(check(french, 'portal-sdk').details).toEqual(['ligne 2 : //game-cdn.poki.com/scripts/v2/poki-sdk.js']);
  });

  it('answers a text kept from a message this version no longer has as its English', () => {
    const stored = judge(ran());
    const renamed = { ...stored, items: stored.items.map((item) => (item.id === 'phone-fit' ? { ...item, texts: { measured: { id: 'checks.measured.gone', values: {} } } } : item)) };
    expect(check(localizedChecks(renamed, 'fr'), 'phone-fit').measured).toBe('fits 390 × 844 px');
  });

  it('leaves a text it does not know as it is (an older version’s, or one with the build’s own words)', () => {
    const stored = judge(ran());
    const older = { ...stored, items: stored.items.map((item) => (item.id === 'total-size' ? { ...item, title: 'Build size', advice: 'Make it smaller.' } : item)) };
    expect(check(localizedChecks(older, 'de'), 'total-size')).toMatchObject({ title: 'Build size', advice: 'Make it smaller.', limit: translate('de', 'checks.total-size.limit', CHECK_LIMITS.totalSizeMB) });
  });
});
