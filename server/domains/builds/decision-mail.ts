/**
 * The developer hears of a reviewer's decision on a new version of a published game, as they do of
 * the decision on the game itself (developer/review.ts decisionMail): approved (players get it
 * now) or rejected (with the reviewer's reason). A build approved with its game goes live in that
 * game's own approval mail.
 */
import { User } from '../../../entities';
import { localizedPath } from '../../../src/i18n/addresses';
import { DEFAULT_LOCALE, type Locale } from '../../../src/i18n/locales';
import type { Env } from '../../env';
import { storedLocale } from '../../i18n/locale';
import { translate } from '../../i18n/translate';
import { sendAfterCommit, type Mail } from '../../mail/mailer';
import type { AuthedContext } from '../context';
import type { BuildGame } from './queries';

export type BuildDecision = { version: number } & ({ approved: true } | { approved: false; reason: string });

/** In the owner's language (the one they last signed in from); its links open the pages in it. */
export function buildDecisionMail(
  env: Pick<Env, 'PUBLIC_URL'>,
  game: Pick<BuildGame, 'title' | 'slug' | 'id' | 'status'>,
  decision: BuildDecision,
  to: string,
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const title = game.title.replace(/\s+/g, ' ').trim();
  const builds = `${env.PUBLIC_URL}${localizedPath(locale, '/developer')}?builds=${game.id}`;
  if (decision.approved) {
    const values = { version: decision.version, title, play: `${env.PUBLIC_URL}${localizedPath(locale, `/games/${game.slug}`)}`, builds };
    return { to, subject: translate(locale, 'mail.build.approved.subject', values), text: translate(locale, 'mail.build.approved.text', values) };
  }
  const values = { version: decision.version, title, live: game.status === 'APPROVED' ? 'yes' : 'no', reason: decision.reason, builds };
  return { to, subject: translate(locale, 'mail.build.rejected.subject', values), text: translate(locale, 'mail.build.rejected.text', values) };
}

/** Mails the game's owner once the decision is committed (a failure is logged, never thrown). */
export async function sendBuildDecision(ctx: AuthedContext, game: BuildGame, decision: BuildDecision): Promise<void> {
  if (game.owner_id === null) return;
  const owner = await ctx.em.fork().findOne(User, { id: game.owner_id });
  if (!owner) return;
  void sendAfterCommit(ctx.services.mailer, buildDecisionMail(ctx.services.env, game, decision, owner.email, storedLocale(owner.locale)), `The decision on build version ${decision.version} of game #${game.id}`);
}
