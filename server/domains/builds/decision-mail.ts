/**
 * The developer hears of a reviewer's decision on a new version of a published game, as they do of
 * the decision on the game itself (developer/review.ts decisionMail): approved (players get it
 * now) or rejected (with the reviewer's reason). A build approved with its game goes live in that
 * game's own approval mail.
 */
import { User } from '../../../entities';
import type { Env } from '../../env';
import { sendAfterCommit, type Mail } from '../../mail/mailer';
import type { AuthedContext } from '../context';
import type { BuildGame } from './queries';

export type BuildDecision = { version: number } & ({ approved: true } | { approved: false; reason: string });

export function buildDecisionMail(env: Pick<Env, 'PUBLIC_URL'>, game: Pick<BuildGame, 'title' | 'slug' | 'id' | 'status'>, decision: BuildDecision, to: string): Mail {
  const title = game.title.replace(/\s+/g, ' ').trim();
  const builds = `${env.PUBLIC_URL}/developer?builds=${game.id}`;
  if (decision.approved) {
    return {
      to,
      subject: `Version ${decision.version} of "${title}" is live`,
      text:
        `Version ${decision.version} of "${title}" was approved: players get it from now on.\n\n` +
        `Play it here: ${env.PUBLIC_URL}/games/${game.slug}\n\n` +
        `If something is wrong with it, you can put an earlier version back live from its builds: ${builds}\n\n— The PlayFree team`,
    };
  }
  return {
    to,
    subject: `Version ${decision.version} of "${title}" was not approved`,
    text:
      `Version ${decision.version} of "${title}" was reviewed and not approved; ` +
      (game.status === 'APPROVED' ? 'the version live before stays live.\n\n' : 'the game waits for a build that can go live with it.\n\n') +
      `Why: ${decision.reason}\n\n` +
      `Upload a build that fixes this and submit it again: ${builds}\n\n— The PlayFree team`,
  };
}

/** Mails the game's owner once the decision is committed (a failure is logged, never thrown). */
export async function sendBuildDecision(ctx: AuthedContext, game: BuildGame, decision: BuildDecision): Promise<void> {
  if (game.owner_id === null) return;
  const owner = await ctx.em.fork().findOne(User, { id: game.owner_id });
  if (!owner) return;
  void sendAfterCommit(ctx.services.mailer, buildDecisionMail(ctx.services.env, game, decision, owner.email), `The decision on build version ${decision.version} of game #${game.id}`);
}
