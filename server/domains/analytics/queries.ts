/**
 * Every query the analytics service sends (the play sessions' and rollups' own writes are in
 * sessions.ts and rollups.ts). Days are UTC days; a period of `days` days is today and the days before it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression } from 'kysely';
import { queryOf } from '../../db/kysely';
import { UTC_TODAY } from '../games/stats-days';

const today = sql<string>`${sql.raw(UTC_TODAY)}`;
/** `day` plus `n` days (date arithmetic, which the builder has no operator for). */
const daysAfter = (day: Expression<string>, n: number) => sql<string>`${day} + ${sql.lit(n)}`;

export type DayRow = { day: string; plays: number; players: number; sessions: number; seconds: number; completions: number };

/** One row per day of the period, oldest first, days without play included (zeros). */
export function dailyRows(em: EntityManager, gameId: number, days: number): Promise<DayRow[]> {
  return (
    queryOf(em)
      // A set-returning function as a table, which the builder cannot name: the period's days.
      .selectFrom(sql<{ day: string }>`(select ${today} - n as day from generate_series(0, ${days}::int - 1) as n)`.as('d'))
      .leftJoin('game_daily_plays as p', (join) => join.on('p.game_id', '=', gameId).onRef('p.day', '=', 'd.day'))
      .leftJoin('game_daily_sessions as s', (join) => join.on('s.game_id', '=', gameId).onRef('s.day', '=', 'd.day'))
      .select((eb) => [
        eb.cast<string>('d.day', 'text').as('day'),
        eb.cast<number>(eb.fn.coalesce('p.plays', eb.lit(0)), 'integer').as('plays'),
        eb.cast<number>(eb.fn.coalesce('s.players', eb.lit(0)), 'integer').as('players'),
        eb.cast<number>(eb.fn.coalesce('s.sessions', eb.lit(0)), 'integer').as('sessions'),
        eb.cast<number>(eb.fn.coalesce('s.session_seconds', eb.lit(0)), 'float8').as('seconds'),
        eb.cast<number>(eb.fn.coalesce('s.completions', eb.lit(0)), 'integer').as('completions'),
      ])
      .orderBy('d.day')
      .execute()
  );
}

/** How many visitors played the game in the period. */
export async function uniquePlayers(em: EntityManager, gameId: number, days: number): Promise<number> {
  const row = await queryOf(em)
    .selectFrom('game_player_days')
    .select((eb) => eb.cast<number>(eb.fn.count('visitor_key').distinct(), 'integer').as('players'))
    .where('game_id', '=', gameId)
    .where('day', '>', sql<string>`${today} - ${days}::int`)
    .executeTakeFirst();
  return row?.players ?? 0;
}

/**
 * Of the players first seen in the period, for each of `afterDays`: how many have seen that day
 * come (first day + n is today or earlier, `eligible`), and how many of those played again on it
 * (`returned`).
 */
export async function returningPlayers(
  em: EntityManager,
  gameId: number,
  days: number,
  afterDays: readonly number[],
): Promise<Map<number, { eligible: number; returned: number }>> {
  const row = await queryOf(em)
    .selectFrom('game_players as p')
    .select((eb) =>
      afterDays.flatMap((n) => {
        const dayCame = eb(daysAfter(eb.ref('p.first_day'), n), '<=', today);
        const playedThen = eb.exists(
          eb
            .selectFrom('game_player_days as d')
            .select(eb.lit(1).as('one'))
            .whereRef('d.game_id', '=', 'p.game_id')
            .where('d.day', '=', daysAfter(eb.ref('p.first_day'), n))
            .whereRef('d.visitor_key', '=', 'p.visitor_key'),
        );
        return [
          eb.cast<number>(eb.fn.countAll().filterWhere(dayCame), 'integer').as(`eligible_${n}`),
          eb.cast<number>(eb.fn.countAll().filterWhere(eb.and([dayCame, playedThen])), 'integer').as(`returned_${n}`),
        ];
      }),
    )
    .where('p.game_id', '=', gameId)
    .where('p.first_day', '>', sql<string>`${today} - ${days}::int`)
    .executeTakeFirst();
  const counts = (row ?? {}) as Record<string, number | undefined>;
  return new Map(afterDays.map((n) => [n, { eligible: counts[`eligible_${n}`] ?? 0, returned: counts[`returned_${n}`] ?? 0 }]));
}
