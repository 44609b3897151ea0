import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import french from '../../i18n/locales/developer/fr.json';
import russian from '../../i18n/locales/developer/ru.json';
import type { Build, BuildCheck } from '../../../shared/schemas';
import {
  canMakeLive,
  describeProgress,
  fileProblem,
  formatBytes,
  formatSpeed,
  formatTimeLeft,
  MAX_ZIP_BYTES,
  SpeedMeter,
  submitStateOf,
  uploadFailure,
} from './build-state';

const MB = 1024 * 1024;
const intl = createIntl({ locale: 'en', messages: {} });

function check(id: BuildCheck['id'], verdict: BuildCheck['verdict']): BuildCheck {
  return { id, title: id, verdict, measured: '1', limit: '2', advice: verdict === 'pass' ? null : 'Change it', details: [] };
}

function build(status: Build['status'], items: BuildCheck[] = [], extra: Partial<Build> = {}): Pick<Build, 'status' | 'checks' | 'live' | 'reviewNote'> {
  const worst = items.some((item) => item.verdict === 'fail') ? 'fail' : items.some((item) => item.verdict === 'warn') ? 'warn' : 'pass';
  return {
    status,
    live: false,
    reviewNote: null,
    checks: status === 'CHECKING' ? null : { verdict: worst, seconds: 4, browser: true, offline: true, loaded: [], items },
    ...extra,
  };
}

describe('formatBytes', () => {
  it('counts in powers of 1024, one decimal below 100', () => {
    expect(formatBytes(intl, 0)).toBe('0 B');
    expect(formatBytes(intl, 812)).toBe('812 B');
    expect(formatBytes(intl, 1024)).toBe('1.0 KB');
    expect(formatBytes(intl, 4.25 * 1024)).toBe('4.3 KB');
    expect(formatBytes(intl, 12.34 * MB)).toBe('12.3 MB');
    expect(formatBytes(intl, 300 * MB)).toBe('300 MB');
    expect(formatBytes(intl, 1.5 * 1024 * MB)).toBe('1.50 GB');
  });

  it("writes the developer's language's digits and units", () => {
    const fr = createIntl({ locale: 'fr', messages: french });
    expect(formatBytes(fr, 812)).toBe('812 o');
    expect(formatBytes(fr, 12.34 * MB)).toBe('12,3 Mo');
    expect(formatSpeed(fr, 1.44 * MB)).toBe('1,4 Mo/s');
    expect(describeProgress(fr, 5 * MB, 10 * MB, 0)).toBe(`${fr.formatNumber(0.5, { style: 'percent' })} · 5,0 Mo sur 10,0 Mo`);
    const ru = createIntl({ locale: 'ru', messages: russian });
    expect(formatBytes(ru, 1.5 * 1024 * MB)).toBe('1,50 ГБ');
  });

  it('shows a dash for what is not a size', () => {
    expect(formatBytes(intl, Number.NaN)).toBe('–');
    expect(formatBytes(intl, -1)).toBe('–');
  });
});

describe('upload progress', () => {
  it('reads percent, MB of MB and speed', () => {
    expect(describeProgress(intl, 12.3 * MB, 29.1 * MB, 2.1 * MB)).toBe('42% · 12.3 MB of 29.1 MB · 2.1 MB/s');
  });

  it('leaves the speed out before it is known and once everything is sent', () => {
    expect(describeProgress(intl, 0, 10 * MB, 0)).toBe('0% · 0 B of 10.0 MB');
    expect(describeProgress(intl, 10 * MB, 10 * MB, 3 * MB)).toBe('100% · 10.0 MB of 10.0 MB');
  });

  it('never passes 100%', () => {
    expect(describeProgress(intl, 11, 10, 0)).toBe('100% · 11 B of 10 B');
  });

  it('formats speeds and the time left', () => {
    expect(formatSpeed(intl, 1.44 * MB)).toBe('1.4 MB/s');
    expect(formatSpeed(intl, 0)).toBe('–');
    expect(formatTimeLeft(intl, 3 * MB, 1 * MB)).toBe('a few seconds left');
    expect(formatTimeLeft(intl, 8.2 * MB, 1 * MB)).toBe('about 8 s left');
    expect(formatTimeLeft(intl, 42 * MB, 1 * MB)).toBe('about 40 s left');
    expect(formatTimeLeft(intl, 300 * MB, 1 * MB)).toBe('about 5 min left');
    expect(formatTimeLeft(intl, 5 * MB, 0)).toBeNull();
  });

  it('measures the speed over the last seconds, not the whole upload', () => {
    const meter = new SpeedMeter(3000);
    expect(meter.add(0, 0)).toBe(0);
    expect(meter.add(1000, 10 * MB)).toBe(10 * MB);
    expect(meter.add(2000, 20 * MB)).toBe(10 * MB);
    // The connection slows to 1 MB/s: after a few seconds the meter says so.
    meter.add(3000, 21 * MB);
    meter.add(4000, 22 * MB);
    meter.add(5000, 23 * MB);
    expect(meter.add(6000, 24 * MB)).toBe(1 * MB);
  });
});

describe('fileProblem', () => {
  it('takes a zip up to the limit', () => {
    expect(fileProblem(intl, { name: 'game.zip', size: 10 })).toBeNull();
    expect(fileProblem(intl, { name: 'GAME.ZIP', size: MAX_ZIP_BYTES })).toBeNull();
  });

  it('refuses other files, empty files and zips past the limit before sending them', () => {
    expect(fileProblem(intl, { name: 'game.rar', size: 10 })).toMatch(/Choose a \.zip file/);
    expect(fileProblem(intl, { name: 'game.zip', size: 0 })).toBe('This file is empty.');
    expect(fileProblem(intl, { name: 'game.zip', size: 412 * MB })).toBe('This zip is 412 MB: larger than the 300 MB a build may be. Make it smaller.');
    expect(fileProblem(intl, { name: 'game.zip', size: MAX_ZIP_BYTES + 1 })).toMatch(/larger than the 300 MB/);
  });
});

describe('uploadFailure', () => {
  it('offers Retry after a lost connection or a server fault', () => {
    expect(uploadFailure(intl, 0, undefined)).toEqual({ message: expect.stringMatching(/connection was lost/), retry: true });
    expect(uploadFailure(intl, 503, 'Busy')).toEqual({ message: 'Busy', retry: true });
    expect(uploadFailure(intl, 429, 'Too many requests: try again in 60 seconds')).toEqual({ message: 'Too many requests: try again in 60 seconds', retry: true });
  });

  it('shows the server’s words as sent, without Retry, when the file itself must change', () => {
    const message = 'index.html: the zip holds no index.html';
    expect(uploadFailure(intl, 400, message)).toEqual({ message, retry: false });
    expect(uploadFailure(intl, 413, "file: the zip is larger than 300 MB; a build's zip may be at most 300 MB").retry).toBe(false);
    expect(uploadFailure(intl, 413, undefined).message).toMatch(/at most 300 MB/);
  });

  it('drops the API’s field name "build:" from a refusal of the zip itself, a sentence a person reads (issue #38, point 13)', () => {
    expect(uploadFailure(intl, 400, "build: the upload is not a zip file; upload the game's folder as a .zip")).toEqual({
      message: "The upload is not a zip file; upload the game's folder as a .zip",
      retry: false,
    });
    expect(uploadFailure(intl, 400, 'build: "../evil.js" points outside the build; zip the game\'s folder itself').message).toBe('"../evil.js" points outside the build; zip the game\'s folder itself');
  });
});

describe('submitStateOf', () => {
  it('waits while the checks run', () => {
    expect(submitStateOf(intl, build('CHECKING'), false)).toEqual({ kind: 'submit', enabled: false, reason: 'The checks are still running.' });
  });

  it('blocks a build that failed a check, saying why', () => {
    const state = submitStateOf(intl, build('FAILED', [check('starts', 'fail')]), false);
    expect(state).toEqual({ kind: 'submit', enabled: false, reason: 'A check failed: fix it and upload a new build.' });
  });

  it('lets a checked build be submitted, listing its warnings for the reviewer', () => {
    const warn = check('phone-fit', 'warn');
    expect(submitStateOf(intl, build('READY', [check('starts', 'pass'), warn]), false)).toEqual({ kind: 'submit', enabled: true, warnings: [warn] });
    expect(submitStateOf(intl, build('READY', [check('starts', 'pass')]), true)).toEqual({ kind: 'submit', enabled: true, warnings: [] });
  });

  it('never offers Submit for a READY build whose checks hold a fail', () => {
    expect(submitStateOf(intl, build('READY', [check('starts', 'fail')]), false)).toMatchObject({ enabled: false });
  });

  it('says where a submitted or reviewed build stands', () => {
    expect(submitStateOf(intl, build('SUBMITTED'), false)).toEqual({ kind: 'done', message: 'Waiting for review. It goes live with your game once the game is approved.' });
    expect(submitStateOf(intl, build('SUBMITTED'), true)).toEqual({ kind: 'done', message: 'Waiting for review. Once it is approved, players get this version at once.' });
    expect(submitStateOf(intl, build('APPROVED', [], { live: true }), true)).toEqual({ kind: 'done', message: 'Approved. Players get this version now.' });
    expect(submitStateOf(intl, build('REJECTED', [], { reviewNote: 'The sound never stops.' }), true)).toEqual({
      kind: 'done',
      message: 'Not approved: The sound never stops. Upload a new build to try again.',
    });
  });
});

describe('canMakeLive', () => {
  it('offers an approved build that is not live, of a published game', () => {
    expect(canMakeLive({ status: 'APPROVED', live: false }, 'APPROVED')).toBe(true);
    expect(canMakeLive({ status: 'APPROVED', live: true }, 'APPROVED')).toBe(false);
    expect(canMakeLive({ status: 'READY', live: false }, 'APPROVED')).toBe(false);
    expect(canMakeLive({ status: 'APPROVED', live: false }, 'UNPUBLISHED')).toBe(false);
  });
});

