/**
 * A hosted game's thumbnail is its live build's (`<games origin>/thumbs/{slug}`), which a game not
 * published yet does not have: that address is a 404 until approval. Its developer (My Games) and
 * its reviewer (Pending Games) see its newest build's thumbnail instead, from that build's preview
 * host, which only they are given.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { previewOriginOf } from '../../../shared/urls';
import { queryOf } from '../../db/kysely';
import { THUMBNAIL_NAMES, thumbnailUrlOf } from './thumbnails';

type ShownGame = { id: number; slug: string; thumbUrl: string | null; liveBuildId: number | null };

/**
 * The thumbnail address to show for each game: its own, or for a hosted game with no live build
 * yet, its newest build's thumbnail file (not a rejected build's) on that build's preview host.
 */
export async function thumbnailsToShow(em: EntityManager, gamesPublicUrl: string, games: readonly ShownGame[]): Promise<Map<number, string | null>> {
  const shown = new Map(games.map((game) => [game.id, game.thumbUrl]));
  const waiting = games.filter((game) => game.liveBuildId === null && game.thumbUrl === thumbnailUrlOf(gamesPublicUrl, game.slug)).map((game) => game.id);
  if (waiting.length === 0) return shown;
  const names = sql.join(THUMBNAIL_NAMES.map((name) => sql.lit(name)));
  const { rows } = await sql<{ game_id: number; preview_token: string; path: string }>`
    select distinct on (b.game_id) b.game_id, b.preview_token, f.path
      from game_builds b join game_build_files f on f.build_id = b.id
     where b.game_id in (${sql.join(waiting)}) and b.status <> 'REJECTED' and lower(f.path) in (${names})
     order by b.game_id, b.version desc, array_position(array[${names}], lower(f.path))`.execute(queryOf(em));
  for (const row of rows) shown.set(row.game_id, `${previewOriginOf(gamesPublicUrl, row.preview_token)}/${row.path.split('/').map(encodeURIComponent).join('/')}`);
  return shown;
}
