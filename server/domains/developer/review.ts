/**
 * The open review queue (issue #13): queue positions, turnaround statistics, the reasons and the
 * e-mail and webhook payloads of a decision. The decisions themselves are the admin domain's.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { REJECTION_RULES, REVIEW_STATS_DAYS, type RejectionRule } from '../../../shared/constants';
import type { RejectionReason, ReviewStats } from '../../../shared/schemas';
import type { Game } from '../../../entities';
import type { Env } from '../../env';
import { localizedPath } from '../../../src/i18n/addresses';
import { DEFAULT_LOCALE, type Locale } from '../../../src/i18n/locales';
import { translate } from '../../i18n/translate';
import type { Mail } from '../../mail/mailer';
import type { DomainContext } from '../context';
import { pendingGameCount, pendingQueuePositions, reviewTurnaround } from './queries';

const RULE_TEXT = new Map<string, string>(REJECTION_RULES.map((entry) => [entry.rule, entry.text]));

/** The stored reasons: each rule with the admin's words, or else the guidelines' text of the rule. */
export function toRejectionReasons(reasons: readonly { rule: RejectionRule; message?: string | undefined }[] | undefined): RejectionReason[] {
  const seen = new Set<string>();
  const stored: RejectionReason[] = [];
  for (const reason of reasons ?? []) {
    const message = reason.message || RULE_TEXT.get(reason.rule) || '';
    const key = `${reason.rule}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    stored.push({ rule: reason.rule, message });
  }
  return stored;
}

/** Pending games' places in the queue (1 = next), by game id: the order of submission. */
export async function queuePositions(em: EntityManager, gameIds?: readonly number[]): Promise<Map<number, number>> {
  const rows = await pendingQueuePositions(em, gameIds);
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** The queue's length now, and the median time from submission to decision in the last REVIEW_STATS_DAYS days. */
export async function reviewStats(ctx: DomainContext): Promise<ReviewStats> {
  const [queueLength, turnaround] = await Promise.all([pendingGameCount(ctx.em), reviewTurnaround(ctx.em, REVIEW_STATS_DAYS)]);
  return {
    queueLength,
    medianTurnaroundHours: turnaround.median === null ? null : Math.round((turnaround.median / 3600) * 10) / 10,
    reviewedCount: turnaround.count,
    days: REVIEW_STATS_DAYS,
  };
}

/** What a game event's `data.game` says. */
export function gameEventData(env: Pick<Env, 'PUBLIC_URL'>, game: Game): Record<string, unknown> {
  return { id: game.id, slug: game.slug, title: game.title, status: game.status, url: `${env.PUBLIC_URL}/games/${game.slug}` };
}

/** The e-mail that tells the developer the decision, in their language (the one they last signed in from); its links open the pages in it. */
export function decisionMail(env: Pick<Env, 'PUBLIC_URL'>, game: Game, to: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const title = game.title.replace(/\s+/g, ' ').trim();
  const page = (path: string) => `${env.PUBLIC_URL}${localizedPath(locale, path)}`;
  if (game.status === 'APPROVED') {
    const values = { title, play: page(`/games/${game.slug}`), portal: page('/developer') };
    return { to, subject: translate(locale, 'mail.game.approved.subject', values), text: translate(locale, 'mail.game.approved.text', values) };
  }
  const reasons = game.rejectionReasons ?? [];
  const values = {
    title,
    why: reasons.length > 0 ? 'yes' : 'no',
    reasons: reasons.map((reason) => `- ${reason.message}`).join('\n'),
    guidelines: page('/guidelines'),
    portal: page('/developer'),
  };
  return { to, subject: translate(locale, 'mail.game.rejected.subject', values), text: translate(locale, 'mail.game.rejected.text', values) };
}
