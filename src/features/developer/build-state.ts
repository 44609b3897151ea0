/**
 * The pure parts of uploaded builds in the web app (issue #24): sizes and speeds for people, what
 * a build's state lets its developer do, and whether a game is played from files uploaded here.
 */
import type { GameStatus } from '../../../shared/constants';
import type { Build, BuildCheck, BuildStatus, CheckVerdict } from '../../../shared/schemas';
import { defineMessages, type IntlShape } from '../../i18n';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** The largest zip the server takes (server/domains/builds/archive.ts BUILD_LIMITS.maxZipBytes): checked before a byte is sent. */
export const MAX_ZIP_BYTES = 300 * MB;

/**
 * A size for people: "812 B", "4.2 KB", "12.3 MB", "1.02 GB" (powers of 1024, as the server's
 * messages count), with the language's own digits and units ("12,3 Mo" in French).
 */
export function formatBytes(intl: Pick<IntlShape, 'formatMessage' | 'formatNumber'>, bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  // Bytes whole; one decimal, none past 100 (a long number jumps about while it changes); GB two.
  const shown = (value: number, decimals: number) => intl.formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
  const tenths = (value: number) => shown(value, value >= 100 ? 0 : 1);
  if (bytes < KB) return intl.formatMessage({ id: 'developer.size.bytes', defaultMessage: '{value} B' }, { value: shown(bytes, 0) });
  if (bytes < MB) return intl.formatMessage({ id: 'developer.size.kilobytes', defaultMessage: '{value} KB' }, { value: tenths(bytes / KB) });
  if (bytes < GB) return intl.formatMessage({ id: 'developer.size.megabytes', defaultMessage: '{value} MB' }, { value: tenths(bytes / MB) });
  return intl.formatMessage({ id: 'developer.size.gigabytes', defaultMessage: '{value} GB' }, { value: shown(bytes / GB, 2) });
}

/** An upload's speed: "1.4 MB/s". */
export function formatSpeed(intl: Pick<IntlShape, 'formatMessage' | 'formatNumber'>, bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '–';
  return intl.formatMessage({ id: 'developer.size.perSecond', defaultMessage: '{size}/s' }, { size: formatBytes(intl, bytesPerSecond) });
}

/** Time left at the current speed: "about 2 min left", "a few seconds left"; null when unknown. */
export function formatTimeLeft(intl: IntlShape, bytesLeft: number, bytesPerSecond: number): string | null {
  if (!(bytesPerSecond > 0) || bytesLeft <= 0) return null;
  const seconds = bytesLeft / bytesPerSecond;
  if (seconds < 5) return intl.formatMessage({ id: 'developer.upload.fewSecondsLeft', defaultMessage: 'a few seconds left' });
  if (seconds < 90) {
    const shown = seconds < 20 ? Math.round(seconds) : Math.round(seconds / 5) * 5;
    return intl.formatMessage({ id: 'developer.upload.secondsLeft', defaultMessage: 'about {seconds} s left' }, { seconds: shown });
  }
  return intl.formatMessage({ id: 'developer.upload.minutesLeft', defaultMessage: 'about {minutes} min left' }, { minutes: Math.round(seconds / 60) });
}

/** The line under the progress bar: "42% · 12.3 MB of 29.1 MB · 2.1 MB/s". */
export function describeProgress(intl: IntlShape, loaded: number, total: number, bytesPerSecond: number): string {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const parts = [
    intl.formatNumber(percent / 100, { style: 'percent' }),
    intl.formatMessage({ id: 'developer.upload.sizeOf', defaultMessage: '{loaded} of {total}' }, { loaded: formatBytes(intl, loaded), total: formatBytes(intl, total) }),
  ];
  if (bytesPerSecond > 0 && loaded < total) parts.push(formatSpeed(intl, bytesPerSecond));
  return parts.join(' · ');
}

/**
 * An upload's speed over its last few seconds (a whole-upload average hides a connection that has
 * just slowed down). Fed with each progress event; `now` is in milliseconds.
 */
export class SpeedMeter {
  private samples: { at: number; loaded: number }[] = [];

  constructor(private readonly windowMs = 3000) {}

  add(at: number, loaded: number): number {
    this.samples.push({ at, loaded });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = at - first.at;
    return elapsed > 0 ? ((loaded - first.loaded) * 1000) / elapsed : 0;
  }
}

/** Why a chosen file is refused before it is sent, or null when it may be sent. */
export function fileProblem(intl: IntlShape, file: { name: string; size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return intl.formatMessage({ id: 'developer.upload.notZip', defaultMessage: 'Choose a .zip file: the game’s files zipped together, with index.html in it.' });
  if (file.size === 0) return intl.formatMessage({ id: 'developer.upload.empty', defaultMessage: 'This file is empty.' });
  if (file.size > MAX_ZIP_BYTES) {
    return intl.formatMessage(
      { id: 'developer.upload.tooLargeFile', defaultMessage: 'This zip is {size}: larger than the {max} a build may be. Make it smaller.' },
      { size: formatBytes(intl, file.size), max: formatBytes(intl, MAX_ZIP_BYTES) },
    );
  }
  return null;
}

/** What a failed upload tells its developer, and whether sending the same file again can help. */
export interface UploadFailure {
  message: string;
  /** A lost connection or a server fault: the same file may go through next time. */
  retry: boolean;
}

/** The failure of an upload from its HTTP status (0: no answer) and the server's `{ message }`, if any. */
/**
 * A refusal of the zip as a whole names its field the API's way ("build: the upload is not a zip
 * file"): shown to a person, the sentence alone, begun with a capital.
 */
function withoutBuildField(message: string | undefined): string | undefined {
  if (!message?.startsWith('build: ')) return message;
  const sentence = message.slice('build: '.length);
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

export function uploadFailure(intl: IntlShape, status: number, sent: string | undefined): UploadFailure {
  const serverMessage = withoutBuildField(sent);
  if (status === 0) return { message: intl.formatMessage({ id: 'developer.upload.connectionLost', defaultMessage: 'The connection was lost. Uploads start again from the beginning: try again.' }), retry: true };
  if (status === 401) return { message: serverMessage ?? intl.formatMessage({ id: 'developer.upload.sessionEnded', defaultMessage: 'Your session has ended: sign in again, then upload.' }), retry: false };
  if (status === 413) {
    const message = serverMessage ?? intl.formatMessage({ id: 'developer.upload.tooLarge', defaultMessage: 'The zip is too large: a build may be at most {max}.' }, { max: formatBytes(intl, MAX_ZIP_BYTES) });
    return { message, retry: false };
  }
  if (status >= 500) return { message: serverMessage ?? intl.formatMessage({ id: 'developer.upload.serverFault', defaultMessage: 'The server could not store the build. Try again in a moment.' }), retry: true };
  const message = serverMessage ?? intl.formatMessage({ id: 'developer.upload.refused', defaultMessage: 'The upload was refused (HTTP {status}).' }, { status });
  return { message, retry: status === 408 || status === 429 };
}

/** Words and colours of a check's verdict: never colour alone (the word and an icon go with it). */
const verdictWords = defineMessages({
  pass: { id: 'developer.verdict.pass', defaultMessage: 'Pass' },
  warn: { id: 'developer.verdict.warn', defaultMessage: 'Warning' },
  fail: { id: 'developer.verdict.fail', defaultMessage: 'Fail' },
});

const VERDICT_COLORS: Record<CheckVerdict, string> = { pass: 'teal', warn: 'yellow', fail: 'red' };

export function verdictLabel(intl: IntlShape, verdict: CheckVerdict): { label: string; color: string } {
  return { label: intl.formatMessage(verdictWords[verdict]), color: VERDICT_COLORS[verdict] };
}

const buildStatusWords = defineMessages({
  CHECKING: { id: 'developer.buildStatus.checking', defaultMessage: 'Checking' },
  READY: { id: 'developer.buildStatus.ready', defaultMessage: 'Ready to submit' },
  FAILED: { id: 'developer.buildStatus.failed', defaultMessage: 'Failed checks' },
  SUBMITTED: { id: 'developer.buildStatus.submitted', defaultMessage: 'In review' },
  APPROVED: { id: 'developer.buildStatus.approved', defaultMessage: 'Approved' },
  REJECTED: { id: 'developer.buildStatus.rejected', defaultMessage: 'Rejected' },
});

const BUILD_STATUS_COLORS: Record<BuildStatus, string> = { CHECKING: 'blue', READY: 'teal', FAILED: 'red', SUBMITTED: 'yellow', APPROVED: 'teal', REJECTED: 'red' };

/** A build's status in words and colour, for its badge. */
export function buildStatusLabel(intl: IntlShape, status: BuildStatus): { label: string; color: string } {
  return { label: intl.formatMessage(buildStatusWords[status]), color: BUILD_STATUS_COLORS[status] };
}

/** What the panel offers for a build: submit it (maybe not yet, and why), or only say where it stands. */
export type SubmitState =
  | { kind: 'submit'; enabled: true; warnings: BuildCheck[] }
  | { kind: 'submit'; enabled: false; reason: string }
  | { kind: 'done'; message: string };

/** What a build's developer may do with it now. `gamePublished`: the game itself is live (APPROVED). */
export function submitStateOf(intl: IntlShape, build: Pick<Build, 'status' | 'checks' | 'live' | 'reviewNote'>, gamePublished: boolean): SubmitState {
  const checkFailed = () => intl.formatMessage({ id: 'developer.builds.checkFailed', defaultMessage: 'A check failed: fix it and upload a new build.' });
  switch (build.status) {
    case 'CHECKING':
      return { kind: 'submit', enabled: false, reason: intl.formatMessage({ id: 'developer.builds.stillChecking', defaultMessage: 'The checks are still running.' }) };
    case 'FAILED':
      return { kind: 'submit', enabled: false, reason: checkFailed() };
    case 'READY': {
      const failing = build.checks?.items.some((item) => item.verdict === 'fail');
      if (failing) return { kind: 'submit', enabled: false, reason: checkFailed() };
      return { kind: 'submit', enabled: true, warnings: build.checks?.items.filter((item) => item.verdict === 'warn') ?? [] };
    }
    case 'SUBMITTED':
      return {
        kind: 'done',
        message: gamePublished
          ? intl.formatMessage({ id: 'developer.builds.waitingPublished', defaultMessage: 'Waiting for review. Once it is approved, players get this version at once.' })
          : intl.formatMessage({ id: 'developer.builds.waitingNew', defaultMessage: 'Waiting for review. It goes live with your game once the game is approved.' }),
      };
    case 'APPROVED':
      return {
        kind: 'done',
        message: build.live
          ? intl.formatMessage({ id: 'developer.builds.approvedLive', defaultMessage: 'Approved. Players get this version now.' })
          : intl.formatMessage({ id: 'developer.builds.approvedOther', defaultMessage: 'Approved. Another version is live now.' }),
      };
    case 'REJECTED':
      return {
        kind: 'done',
        message: build.reviewNote
          ? intl.formatMessage({ id: 'developer.builds.rejectedWithNote', defaultMessage: 'Not approved: {note} Upload a new build to try again.' }, { note: build.reviewNote })
          : intl.formatMessage({ id: 'developer.builds.rejected', defaultMessage: 'Not approved. Upload a new build to try again.' }),
      };
  }
}

/** Whether an approved build may be put live again (a rollback, or back to a newer version). */
export function canMakeLive(build: Pick<Build, 'status' | 'live'>, gameStatus: GameStatus): boolean {
  return gameStatus === 'APPROVED' && build.status === 'APPROVED' && !build.live;
}

