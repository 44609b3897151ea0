/**
 * `npm run db:seed:demo`: generated plays and ratings for a lively demo. Everything
 * it writes belongs to demo users whose e-mails end in DEMO_EMAIL_DOMAIN, so demo
 * data is recognisable and never mistaken for real activity. Runs once per database.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Game, Rating, User } from '../../entities';

export const DEMO_EMAIL_DOMAIN = 'demo.playfree.invalid';
const DEMO_USERS = 25;
const DEMO_COMMENTS = ['So much fun!', 'Great on my phone.', 'My kids love it.', 'Hard but fair.', 'Played it all evening.', null];

export async function seedDemo(em: EntityManager): Promise<{ users: number; plays: number; ratings: number }> {
  return em.transactional(async (tx) => {
    if ((await tx.count(User, { email: { $like: `%@${DEMO_EMAIL_DOMAIN}` } })) > 0) {
      return { users: 0, plays: 0, ratings: 0 };
    }
    const users = Array.from({ length: DEMO_USERS }, (_, index) =>
      tx.create(User, { email: `player${index + 1}@${DEMO_EMAIL_DOMAIN}`, name: `Demo Player ${index + 1}`, role: 'USER' }),
    );
    await tx.flush();
    const games = await tx.find(Game, { status: 'APPROVED' });
    const connection = tx.getConnection();
    let plays = 0;
    let ratings = 0;
    for (const game of games) {
      const count = 200 + Math.floor(Math.random() * 4800);
      await connection.execute(
        `insert into play_events (game_id, user_id, created_at)
           select ?, null, now() - random() * interval '30 days' from generate_series(1, ?)`,
        [game.id, count],
        'run',
        tx.getTransactionContext(),
      );
      game.plays += count;
      plays += count;
      const raters = users.filter(() => Math.random() < 0.5);
      const bias = 3 + Math.random() * 2;
      for (const user of raters) {
        const score = Math.max(1, Math.min(5, Math.round(bias + (Math.random() - 0.5) * 2)));
        const comment = DEMO_COMMENTS[Math.floor(Math.random() * DEMO_COMMENTS.length)] ?? null;
        tx.create(Rating, { game, user, score, comment });
      }
      ratings += raters.length;
    }
    await tx.flush();
    await connection.execute(
      `update games g set rating_avg = coalesce(r.avg, 0), rating_count = coalesce(r.count, 0)
         from (select game_id, avg(score)::float8 as avg, count(*)::int as count from ratings group by game_id) r
        where r.game_id = g.id`,
      [],
      'run',
      tx.getTransactionContext(),
    );
    return { users: users.length, plays, ratings };
  });
}
