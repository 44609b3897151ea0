/**
 * The games part of the public API (/api/v1), in the documented snake_case shapes: the portal's
 * published games, or the key owner's own games by review status; submitting and editing the
 * owner's games. Calls are made with an API key: the key's owner is `ctx.user`.
 */
import type { z } from 'zod';
import type { V1Game, v1GamesListInput, v1SubmitInput, v1SubmittedOutput, v1UpdateInput } from '../../../shared/schemas';
import { Game } from '../../../entities';
import { GAME_CONTROLS } from '../../../shared/constants';
import type { ApiKeyContext } from '../context';
import { submitGame } from '../developer/service';
import { NotFound } from '../errors';
import { refreshSearchFields } from '../games/writer';
import { v1GameOf, v1GamesPage, type V1GameRow, type V1GamesFilter } from './queries';
import { text } from '../../i18n/translate';

function toV1Game(row: V1GameRow): V1Game {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    thumbnail: row.thumb_url,
    category: row.category,
    plays: row.plays,
    rating: Math.round(Number(row.rating_avg) * 100) / 100,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function listV1Games(ctx: ApiKeyContext, input: z.output<typeof v1GamesListInput>) {
  // With a status, the list is the key owner's own games in it; without, the portal's published games.
  const filter: V1GamesFilter = input.status ? { ownerId: ctx.user.id, status: input.status } : { status: 'APPROVED' };
  const { rows, total } = await v1GamesPage(ctx.em, { ...filter, category: input.category, featured: input.featured }, input.limit, (input.page - 1) * input.limit);
  return { games: rows.map(toV1Game), total, page: input.page, limit: input.limit };
}

async function findOwnGame(ctx: ApiKeyContext, id: number): Promise<V1Game> {
  const row = await v1GameOf(ctx.em, id, ctx.user.id);
  if (!row) throw new NotFound(text('games.notFound'));
  return toV1Game(row);
}

/** A PENDING game of the key's owner, reviewed like every submission. */
export async function submitV1Game(ctx: ApiKeyContext, input: z.output<typeof v1SubmitInput>): Promise<z.input<typeof v1SubmittedOutput>> {
  const submitted = await submitGame(ctx, 'API', input, {
    title: input.title,
    description: input.description,
    instructions: input.instructions || null,
    controls: input.controls && GAME_CONTROLS.filter((control) => input.controls!.includes(control)),
    contentFacts: input.content_facts && {
      ads: input.content_facts.ads,
      chat: input.content_facts.chat,
      externalLinks: input.content_facts.external_links,
      inAppPurchases: input.content_facts.in_app_purchases,
      saves: input.content_facts.saves,
      violence: input.content_facts.violence,
    },
    srcUrl: input.hosted ? null : input.game_url!,
    thumbUrl: input.thumbnail ?? null,
    playType: 'IFRAME',
    singlePlayer: true,
    multiplayer: false,
    ageRating: input.age_rating,
    categorySlugs: [input.category],
    tagNames: input.tags ?? [],
  });
  const game = await findOwnGame(ctx, submitted.id);
  return { id: game.id, title: game.title, slug: game.slug, status: submitted.status, created_at: game.created_at };
}

/** Changes the listing of one of the owner's games; any other game is a 404, whoever owns it. */
export async function updateV1Game(ctx: ApiKeyContext, input: z.output<typeof v1UpdateInput>): Promise<V1Game> {
  const published = await ctx.em.fork().transactional(async (tx) => {
    const game = await tx.findOne(Game, { id: input.id, owner: ctx.user.id }, { populate: ['tags'] });
    if (!game) throw new NotFound(text('games.notFound'));
    if (input.title !== undefined) game.title = input.title;
    if (input.description !== undefined) game.description = input.description;
    if (input.thumbnail !== undefined) game.thumbUrl = input.thumbnail;
    await refreshSearchFields(tx, game);
    await tx.flush();
    return game.status === 'APPROVED';
  });
  // A published game's new listing shows at once on the portal: the answers go once it has committed.
  if (published) await ctx.services.catalogCache.invalidateCommitted(ctx.em, [input.id]);
  return findOwnGame(ctx, input.id);
}
