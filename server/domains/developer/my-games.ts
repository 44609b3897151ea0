/** My Games (issue #13): the developer's games with their place in the review queue, editing a pending one, the profile. */
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { DevGame, developerGameUpdateInput } from '../../../shared/schemas';
import { Game, Tag, User } from '../../../entities';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { categoriesWithSlugs, refreshSearchFields, tagsNamed } from '../games/writer';
import { queuePositions } from './review';
import { isHostedHere } from '../builds/service';
import { thumbnailsToShow } from '../builds/unpublished-thumbnails';
import { text } from '../../i18n/translate';

function toDevGame(game: Game, positions: Map<number, number>, gamesPublicUrl: string, thumbUrl: string | null = game.thumbUrl ?? null): DevGame {
  return {
    id: game.id,
    slug: game.slug,
    title: game.title,
    description: game.description,
    thumbUrl,
    status: game.status,
    metrics: { plays: game.plays },
    ratingSummary: { avg: Math.round(game.ratingAvg * 100) / 100, count: game.ratingCount },
    createdAt: game.createdAt.toISOString(),
    submittedAt: game.submittedAt?.toISOString() ?? null,
    queuePosition: game.status === 'PENDING' ? (positions.get(game.id) ?? null) : null,
    reviewedAt: game.reviewedAt?.toISOString() ?? null,
    rejectionReasons: game.status === 'REJECTED' ? (game.rejectionReasons ?? []) : [],
    srcUrl: game.srcUrl ?? null,
    hosted: isHostedHere(gamesPublicUrl, game),
    bannerUrl: game.bannerUrl ?? null,
    categories: game.categories.getItems().map(({ slug, name }) => ({ slug, name })),
    tags: game.tags.getItems().map((tag) => tag.name),
  };
}

export async function listMyGames(ctx: AuthedContext): Promise<DevGame[]> {
  const games = await ctx.em.find(Game, { owner: ctx.user.id }, { populate: ['categories', 'tags'], orderBy: { createdAt: 'desc', id: 'desc' } });
  const pending = games.filter((game) => game.status === 'PENDING').map((game) => game.id);
  const positions = pending.length > 0 ? await queuePositions(ctx.em, pending) : new Map<number, number>();
  const gamesPublicUrl = ctx.services.env.GAMES_PUBLIC_URL;
  const thumbnails = await thumbnailsToShow(ctx.em, gamesPublicUrl, games.map((game) => ({ id: game.id, slug: game.slug, thumbUrl: game.thumbUrl ?? null, liveBuildId: game.liveBuildId ?? null })));
  return games.map((game) => toDevGame(game, positions, gamesPublicUrl, thumbnails.get(game.id) ?? null));
}

/**
 * The owner edits a game still waiting for review; it keeps its place in the queue. Another
 * developer's game reads as missing; one already decided is a 409 (it is no longer in review).
 */
export async function updateMyGame(ctx: AuthedContext, input: z.output<typeof developerGameUpdateInput>): Promise<DevGame> {
  try {
    const edited = await ctx.em.transactional(async (tx) => {
      const game = await tx.findOne(Game, { id: input.id, owner: ctx.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!game) throw new NotFound(text('games.notFound'));
      if (game.status !== 'PENDING') throw new Conflict(text('developer.notPending', { status: game.status.toLowerCase() }));
      await tx.populate(game, ['categories', 'tags']);
      if (input.srcUrl !== undefined && input.srcUrl !== game.srcUrl) {
        const duplicate = await tx.count(Game, { srcUrl: input.srcUrl, status: { $in: ['PENDING', 'APPROVED'] }, id: { $ne: game.id } });
        if (duplicate > 0) throw new Conflict(text('developer.urlTaken'));
        game.srcUrl = input.srcUrl;
      }
      if (input.title !== undefined) game.title = input.title;
      if (input.description !== undefined) game.description = input.description;
      if (input.thumbUrl !== undefined) game.thumbUrl = input.thumbUrl;
      if (input.bannerUrl !== undefined) game.bannerUrl = input.bannerUrl || null;
      if (input.categories !== undefined) game.categories.set(await categoriesWithSlugs(tx, input.categories));
      if (input.tags !== undefined) game.tags.set(await tagsNamed(tx, input.tags));
      await refreshSearchFields(tx, game);
      await tx.flush();
      return game;
    });
    // A pending game can be previewed by admins: its (new) origin joins the frame allowlist.
    await ctx.services.frameOrigins.refresh(ctx.em);
    return toDevGame(edited, await queuePositions(ctx.em, [edited.id]), ctx.services.env.GAMES_PUBLIC_URL);
  } catch (error) {
    // Another submission took the URL between the check and the write.
    if (error instanceof UniqueConstraintViolationException && error.message.includes('games_src_url_live_unique')) {
      throw new Conflict(text('developer.urlTaken'));
    }
    throw error;
  }
}

export async function developerProfile(ctx: AuthedContext): Promise<{ studioName: string | null }> {
  const user = await ctx.em.findOne(User, { id: ctx.user.id });
  return { studioName: user?.studioName ?? null };
}

/** The tags games already use, for the submission form's picker (new ones may still be typed). */
export async function listTags(ctx: AuthedContext): Promise<{ id: number; name: string }[]> {
  const tags = await ctx.em.find(Tag, {}, { orderBy: { name: 'asc' } });
  return tags.map(({ id, name }) => ({ id, name }));
}
