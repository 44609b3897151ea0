/**
 * The pure parts of uploaded builds in the web app (issue #24): sizes and speeds for people, what
 * a build's state lets its developer do, and whether a game is played from files uploaded here.
 */
import type { GameStatus } from '../../../shared/constants';
import type { Build, BuildCheck, BuildStatus, CheckVerdict } from '../../../shared/schemas';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** The largest zip the server takes (server/domains/builds/archive.ts BUILD_LIMITS.maxZipBytes): checked before a byte is sent. */
export const MAX_ZIP_BYTES = 300 * MB;

/** A size for people: "812 B", "4.2 KB", "12.3 MB", "1.02 GB" (powers of 1024, as the server's messages count). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < MB) return `${oneDecimal(bytes / KB)} KB`;
  if (bytes < GB) return `${oneDecimal(bytes / MB)} MB`;
  return `${(bytes / GB).toFixed(2)} GB`;
}

/** One decimal, none past 100 (a long number jumps about while it changes). */
function oneDecimal(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

/** An upload's speed: "1.4 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '–';
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Time left at the current speed: "about 2 min left", "a few seconds left"; null when unknown. */
export function formatTimeLeft(bytesLeft: number, bytesPerSecond: number): string | null {
  if (!(bytesPerSecond > 0) || bytesLeft <= 0) return null;
  const seconds = bytesLeft / bytesPerSecond;
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 20) return `about ${Math.round(seconds)} s left`;
  if (seconds < 90) return `about ${Math.round(seconds / 5) * 5} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}

/** The line under the progress bar: "42% · 12.3 MB of 29.1 MB · 2.1 MB/s". */
export function describeProgress(loaded: number, total: number, bytesPerSecond: number): string {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const parts = [`${percent}%`, `${formatBytes(loaded)} of ${formatBytes(total)}`];
  if (bytesPerSecond > 0 && loaded < total) parts.push(formatSpeed(bytesPerSecond));
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
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return 'Choose a .zip file: the game’s files zipped together, with index.html in it.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_ZIP_BYTES) return `This zip is ${formatBytes(file.size)}: larger than the ${formatBytes(MAX_ZIP_BYTES)} a build may be. Make it smaller.`;
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

export function uploadFailure(status: number, sent: string | undefined): UploadFailure {
  const serverMessage = withoutBuildField(sent);
  if (status === 0) return { message: 'The connection was lost. Uploads start again from the beginning: try again.', retry: true };
  if (status === 401) return { message: serverMessage ?? 'Your session has ended: sign in again, then upload.', retry: false };
  if (status === 413) return { message: serverMessage ?? `The zip is too large: a build may be at most ${formatBytes(MAX_ZIP_BYTES)}.`, retry: false };
  if (status >= 500) return { message: serverMessage ?? 'The server could not store the build. Try again in a moment.', retry: true };
  return { message: serverMessage ?? `The upload was refused (HTTP ${status}).`, retry: status === 408 || status === 429 };
}

/** Words and colours of a check's verdict: never colour alone (the word and an icon go with it). */
export const VERDICTS: Record<CheckVerdict, { label: string; color: string }> = {
  pass: { label: 'Pass', color: 'teal' },
  warn: { label: 'Warning', color: 'yellow' },
  fail: { label: 'Fail', color: 'red' },
};

/** A build's status in words, for its badge. */
export const BUILD_STATUS_LABELS: Record<BuildStatus, { label: string; color: string }> = {
  CHECKING: { label: 'Checking', color: 'blue' },
  READY: { label: 'Ready to submit', color: 'teal' },
  FAILED: { label: 'Failed checks', color: 'red' },
  SUBMITTED: { label: 'In review', color: 'yellow' },
  APPROVED: { label: 'Approved', color: 'teal' },
  REJECTED: { label: 'Rejected', color: 'red' },
};

/** What the panel offers for a build: submit it (maybe not yet, and why), or only say where it stands. */
export type SubmitState =
  | { kind: 'submit'; enabled: true; warnings: BuildCheck[] }
  | { kind: 'submit'; enabled: false; reason: string }
  | { kind: 'done'; message: string };

/** What a build's developer may do with it now. `gamePublished`: the game itself is live (APPROVED). */
export function submitStateOf(build: Pick<Build, 'status' | 'checks' | 'live' | 'reviewNote'>, gamePublished: boolean): SubmitState {
  switch (build.status) {
    case 'CHECKING':
      return { kind: 'submit', enabled: false, reason: 'The checks are still running.' };
    case 'FAILED':
      return { kind: 'submit', enabled: false, reason: 'A check failed: fix it and upload a new build.' };
    case 'READY': {
      const failing = build.checks?.items.some((item) => item.verdict === 'fail');
      if (failing) return { kind: 'submit', enabled: false, reason: 'A check failed: fix it and upload a new build.' };
      return { kind: 'submit', enabled: true, warnings: build.checks?.items.filter((item) => item.verdict === 'warn') ?? [] };
    }
    case 'SUBMITTED':
      return {
        kind: 'done',
        message: gamePublished
          ? 'Waiting for review. Once it is approved, players get this version at once.'
          : 'Waiting for review. It goes live with your game once the game is approved.',
      };
    case 'APPROVED':
      return { kind: 'done', message: build.live ? 'Approved. Players get this version now.' : 'Approved. Another version is live now.' };
    case 'REJECTED':
      return { kind: 'done', message: `Not approved${build.reviewNote ? `: ${build.reviewNote}` : '.'} Upload a new build to try again.` };
  }
}

/** Whether an approved build may be put live again (a rollback, or back to a newer version). */
export function canMakeLive(build: Pick<Build, 'status' | 'live'>, gameStatus: GameStatus): boolean {
  return gameStatus === 'APPROVED' && build.status === 'APPROVED' && !build.live;
}

