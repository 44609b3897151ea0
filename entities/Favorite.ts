import { defineEntity, p } from '@mikro-orm/core';
import { Game } from './Game';
import { User } from './User';

/**
 * A player's favourite game: a game in their Favorites collection (issue #25 made favourites the
 * first collection; collections/queries.ts writes them). A view, so the readers of favourites
 * (favourite marks on lists, the Favorites page, the data export) read them as they always did.
 */
export const FavoriteSchema = defineEntity({
  name: 'Favorite',
  tableName: 'favorites',
  view: true,
  expression:
    'select c.user_id, cg.game_id, cg.added_at as created_at from collection_games cg join collections c on c.id = cg.collection_id where c.is_favorites',
  properties: {
    user: () => p.manyToOne(User).primary(),
    game: () => p.manyToOne(Game).primary(),
    createdAt: p.datetime(),
  },
});

export class Favorite extends FavoriteSchema.class {}
FavoriteSchema.setClass(Favorite);
