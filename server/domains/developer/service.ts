import type { z } from 'zod';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { splitTags, type developerSubmissionInput, type legacySubmissionInput } from '../../../shared/schemas';
import { Game, Submission, User } from '../../../entities';
import { slugify } from '../../../shared/text';
import { gameOriginOf } from '../../../shared/urls';
import { thumbnailUrlOf } from '../builds/thumbnails';
import type { AuthedContext } from '../context';
import { categoriesWithSlugs, searchFieldsFor, tagsNamed, uniqueSlug } from '../games/writer';
import { Conflict } from '../errors';
import { lockSlugChoice } from './queries';
import { text } from '../../i18n/translate';

export type NewGame = {
  title: string;
  description: string;
  instructions?: string | null;
  /** Null: hosted here (issue #24), played from its own origin on the games origin once a build is live. */
  srcUrl: string | null;
  /** Null for a hosted game: its build's thumbnail file, served by the games origin (thumbnailUrlOf). */
  thumbUrl: string | null;
  bannerUrl?: string | null;
  playType: Game['playType'];
  singlePlayer: boolean;
  multiplayer: boolean;
  ageRating: Game['ageRating'];
  categorySlugs: string[];
  tagNames: string[];
  /** The studio shown on the game, kept on the profile; left out: the profile's (the legacy form has none). */
  studio?: string | undefined;
  /** Undeclared (empty, null) when the submission left them out. */
  controls?: Game['controls'];
  contentFacts?: Game['contentFacts'];
};

const duplicateSource = () => new Conflict(text('developer.urlTaken'));
const SLUG_ATTEMPTS = 5;

/**
 * Creates a PENDING game owned by the caller, with the submission as sent, in one
 * transaction. Unique indexes settle races: a slug taken meanwhile is retried with
 * the next free one; a source URL taken meanwhile is a 409.
 */
export async function submitGame(
  ctx: AuthedContext,
  source: Submission['source'],
  payload: Record<string, unknown>,
  fields: NewGame,
): Promise<{ id: number; slug: string; status: Game['status'] }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const submitted = await insertSubmission(ctx, source, payload, fields);
      await ctx.services.frameOrigins.refresh(ctx.em);
      return submitted;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      if (error.message.includes('games_src_url_live_unique')) throw duplicateSource();
      if (!error.message.includes('games_slug_unique') || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

async function insertSubmission(
  ctx: AuthedContext,
  source: Submission['source'],
  payload: Record<string, unknown>,
  fields: NewGame,
): Promise<{ id: number; slug: string; status: Game['status'] }> {
  return ctx.em.fork().transactional(async (tx) => {
    if (fields.srcUrl) {
      const duplicate = await tx.count(Game, { srcUrl: fields.srcUrl, status: { $in: ['PENDING', 'APPROVED'] } });
      if (duplicate > 0) throw duplicateSource();
    }
    const categories = await categoriesWithSlugs(tx, fields.categorySlugs, source === 'DEVELOPER' ? 'categories' : 'category');
    const tags = await tagsNamed(tx, fields.tagNames);
    const owner = await tx.findOneOrFail(User, { id: ctx.user.id });
    if (fields.studio !== undefined) owner.studioName = fields.studio || null;
    // Same-title submissions take turns choosing a slug (the lock ends with the transaction).
    await lockSlugChoice(tx, slugify(fields.title));
    const slug = await uniqueSlug(tx, fields.title);
    const gamesPublicUrl = ctx.services.env.GAMES_PUBLIC_URL;
    const game = tx.create(Game, {
      slug,
      title: fields.title,
      description: fields.description,
      instructions: fields.instructions ?? null,
      controls: fields.controls ?? [],
      contentFacts: fields.contentFacts ?? null,
      srcUrl: fields.srcUrl ?? `${gameOriginOf(gamesPublicUrl, slug)}/`,
      thumbUrl: fields.thumbUrl ?? (fields.srcUrl ? null : thumbnailUrlOf(gamesPublicUrl, slug)),
      bannerUrl: fields.bannerUrl ?? null,
      playType: fields.playType,
      singlePlayer: fields.singlePlayer,
      multiplayer: fields.multiplayer,
      ageRating: fields.ageRating,
      status: 'PENDING',
      owner,
      studio: owner.studioName ?? null,
      submittedAt: new Date(),
      ...searchFieldsFor(fields.title, fields.description, tags.map((tag) => tag.name)),
    });
    game.categories.set(categories);
    game.tags.set(tags);
    tx.create(Submission, { game, user: owner, source, payload });
    await tx.flush();
    return { id: game.id, slug: game.slug, status: game.status };
  });
}

export function submitLegacy(ctx: AuthedContext, input: z.output<typeof legacySubmissionInput>) {
  return submitGame(ctx, 'LEGACY', input, {
    title: input.title,
    description: input.description,
    instructions: input.instructions || null,
    controls: input.controls,
    contentFacts: input.contentFacts,
    srcUrl: input.gameUrl,
    thumbUrl: input.thumbnailUrl || null,
    playType: 'IFRAME',
    singlePlayer: true,
    multiplayer: input.multiplayer,
    ageRating: input.ageRating,
    categorySlugs: [input.category],
    tagNames: splitTags(input.tags ?? ''),
  });
}

export function submitDeveloperGame(ctx: AuthedContext, input: z.output<typeof developerSubmissionInput>) {
  return submitGame(ctx, 'DEVELOPER', input, {
    title: input.title,
    description: input.description,
    instructions: input.instructions || null,
    controls: input.controls,
    contentFacts: input.contentFacts,
    srcUrl: input.hosted ? null : input.srcUrl!,
    thumbUrl: input.thumbUrl ?? null,
    bannerUrl: input.bannerUrl || null,
    playType: input.playType,
    singlePlayer: input.singlePlayer,
    multiplayer: input.multiplayer,
    ageRating: input.ageRating,
    categorySlugs: input.categories ?? [],
    tagNames: input.tags ?? [],
    studio: input.studio,
  });
}
