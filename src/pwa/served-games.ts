/**
 * Which game frames open a game the portal serves from an origin of its own (`{slug}.<games
 * host>`: a build, uploaded or built in), read from the game pages' data already loaded
 * (`games.bySlug`, on the game page and in the Kids Zone): a game with a `build` is served by the
 * portal, and its frame opens its own origin. A game linked by its address is not one.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { GameDetail } from '../../shared/schemas';
import { ownGameOrigin } from './offline-games';

export type ServedGame = { slug: string; origin: string; playsOffline: boolean };

/** The served game whose frame opens `src`, from the games already loaded, or null. */
export function servedGameOfFrame(queryClient: QueryClient, src: string): ServedGame | null {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [['games', 'bySlug']] })) {
    const game = query.state.data as Partial<GameDetail> | undefined;
    if (!game?.build || !game.slug || !game.srcUrl) continue;
    const origin = ownGameOrigin(src, game.slug);
    if (origin && origin === ownGameOrigin(game.srcUrl, game.slug)) return { slug: game.slug, origin, playsOffline: game.build.playsOffline };
  }
  return null;
}
