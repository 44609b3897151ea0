/**
 * An admin's word on single games beside the feeds (issue #58): an imported game enters the Kids
 * Zone only when an admin approves it there, one at a time, with a kid-safe rating (imports are
 * rated E13 and never KIDS otherwise); a withdrawal puts it back to E13. The portal's own games keep
 * their place on home among the imported ones: pinned or boosted (games/home-placement.ts).
 */
import { HOME_PLACED_MAX, type FeedGame, type HomePlacement } from '../../../shared/schemas/feeds';
import type { AuthedContext } from '../context';
import { audit } from '../admin/audit';
import { Conflict, NotFound } from '../errors';
import { text } from '../../i18n/translate';
import { IMPORT_AGE_RATING } from './importer';
import { countPlaced, feedGameRows, lockGame, setHomePlacement, setKidsApproval } from './placement-queries';

/** The most games one list of the Feeds tab shows: the admin narrows it by searching. */
const FEED_GAMES_SHOWN = 30;

export function listFeedGames(ctx: AuthedContext, input: { kind: 'imported' | 'own'; search?: string | undefined }): Promise<FeedGame[]> {
  return feedGameRows(ctx.em, input.kind, input.search || undefined, FEED_GAMES_SHOWN);
}

export async function setKidsZone(ctx: AuthedContext, input: { id: number; approved: boolean; ageRating: 'KIDS' | 'E7' }): Promise<{ ok: true }> {
  await ctx.em.transactional(async (tx) => {
    const game = await lockGame(tx, input.id);
    if (!game) throw new NotFound(text('games.notFound'));
    // The portal's own games are rated by their developer and checked at review.
    if (game.distributor === null) throw new Conflict(text('feeds.kidsZoneImportedOnly'));
    await setKidsApproval(tx, game.id, input.approved ? input.ageRating : null, IMPORT_AGE_RATING);
    audit(tx, ctx, input.approved ? 'GAME_KIDS_ZONE_APPROVED' : 'GAME_KIDS_ZONE_WITHDRAWN', 'game', game.id, input.approved ? { ageRating: input.ageRating } : {});
  });
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [input.id]);
  return { ok: true };
}

export async function setHomePlace(ctx: AuthedContext, input: { id: number; placement: HomePlacement | null }): Promise<{ ok: true }> {
  await ctx.em.transactional(async (tx) => {
    const game = await lockGame(tx, input.id);
    if (!game) throw new NotFound(text('games.notFound'));
    if (game.distributor !== null) throw new Conflict(text('feeds.homeOwnOnly'));
    const { placement } = input;
    if (placement !== null && game.home_placement !== placement && (await countPlaced(tx, placement)) >= HOME_PLACED_MAX[placement]) {
      throw new Conflict(text('feeds.homeFull', { max: HOME_PLACED_MAX[placement], placement }));
    }
    await setHomePlacement(tx, game.id, placement);
    audit(tx, ctx, 'GAME_HOME_PLACEMENT', 'game', game.id, { placement });
  });
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [input.id]);
  return { ok: true };
}
