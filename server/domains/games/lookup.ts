import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Game } from '../../../entities';
import { NotFound } from '../errors';
import { text } from '../../i18n/translate';

/** A published game by id, or NOT_FOUND: the signed-in actions (rate, favourite, report) only target public games. */
export async function requirePublishedGame(em: EntityManager, id: number, options: { lock?: boolean } = {}): Promise<Game> {
  const game = await em.findOne(Game, { id, status: 'APPROVED' }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!game) throw new NotFound(text('games.notFound'));
  return game;
}
