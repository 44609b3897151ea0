import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { Game } from '../../../entities';

/** A published game by id, or NOT_FOUND: the signed-in actions (rate, favourite, report) only target public games. */
export async function requirePublishedGame(em: EntityManager, id: number, options: { lock?: boolean } = {}): Promise<Game> {
  const game = await em.findOne(Game, { id, status: 'APPROVED' }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!game) throw new TRPCError({ code: 'NOT_FOUND', message: 'Game not found' });
  return game;
}
