import { Migration } from '@mikro-orm/migrations';

/**
 * Issue #50: a batch of plays as one call (server/domains/games/plays.ts). The batch's statements
 * were sent one by one as text, so PostgreSQL parsed and planned nine statements for every batch
 * (44 % of its time under 100 plays a second); in PL/pgSQL their plans are kept per connection,
 * and the batch is one round trip. The constants stay in TypeScript: the dedup window, the
 * trending window's first day and the stats lock's key are arguments.
 *
 * count_plays: counts plays under the stats lock (held shared by the caller). Locks the published
 * games in id order; one visit per visitor and game (the latest play; on a tie the later one in
 * the arrays); every visit starts a play session; the visits whose last counted play is older
 * than the dedup window are counted (raw events, daily and country rollups, the games' counters).
 * Answers each published game's all-time plays. Plays of other games are dropped.
 *
 * record_plays: a whole batch in its own statement. Counts the plays when the stats lock is free,
 * else keeps them in pending_plays (kept = true) for countKeptPlays; either way notes signed-in
 * players' Recently played.
 */
export class Migration20261129030000_play_batch_functions extends Migration {

  override name = 'Migration20261129030000_play_batch_functions';

  override up(): void | Promise<void> {
    this.addSql(`create function "count_plays"("p_game_ids" int[], "p_user_ids" int[], "p_visitor_keys" text[], "p_countries" text[],
                                               "p_times" timestamptz[], "p_dedup" interval, "p_trending_since" date)
      returns table ("game_id" int, "plays" int) language plpgsql as $$
      #variable_conflict use_column
      declare
        v_published int[];
        v_games int[]; v_users int[]; v_keys text[]; v_countries text[]; v_times timestamptz[];
        c_games int[]; c_users int[]; c_keys text[]; c_countries text[]; c_times timestamptz[];
      begin
        -- In id order: batches of several servers never deadlock on the rows.
        select array_agg(g.id) into v_published
          from (select g.id from games g where g.id = any(p_game_ids) and g.status = 'APPROVED' order by g.id for update) g;
        if v_published is null then return; end if;

        select array_agg(p.game_id), array_agg(p.user_id), array_agg(p.visitor_key), array_agg(p.country), array_agg(p.at)
          into v_games, v_users, v_keys, v_countries, v_times
          from (select distinct on (u.visitor_key, u.game_id) u.*
                  from unnest(p_game_ids, p_user_ids, p_visitor_keys, p_countries, p_times) with ordinality
                         as u(game_id, user_id, visitor_key, country, at, ord)
                 where u.game_id = any(v_published)
                 order by u.visitor_key, u.game_id, u.at desc, u.ord desc) p;

        -- Seen when played; counted then unless the visitor's last counted play of the game is within
        -- the dedup window of it (a kept play is counted as of when it arrived).
        with play as (select * from unnest(v_games, v_users, v_keys, v_countries, v_times) as play(game_id, user_id, visitor_key, country, at)),
        upserted as (
          insert into visitor_game_activity (visitor_key, game_id, counted_at, last_play_at, seen_at)
            select visitor_key, game_id, at, at, at from play
          on conflict (visitor_key, game_id) do update set
            last_play_at = greatest(visitor_game_activity.last_play_at, excluded.last_play_at),
            seen_at = greatest(visitor_game_activity.seen_at, excluded.seen_at),
            counted_at = case when visitor_game_activity.counted_at is null
                                or visitor_game_activity.counted_at <= excluded.counted_at - p_dedup
                              then excluded.counted_at else visitor_game_activity.counted_at end
          returning visitor_key, game_id, counted_at)
        select array_agg(p.game_id), array_agg(p.user_id), array_agg(p.visitor_key), array_agg(p.country), array_agg(p.at)
          into c_games, c_users, c_keys, c_countries, c_times
          from upserted u join play p using (visitor_key, game_id) where u.counted_at = p.at;

        -- Every visit starts a session, counted or not (a repeat play is a new sitting), counted with
        -- the visitors new to the game that day and ever.
        with started as (
          insert into play_sessions (game_id, visitor_key, started_at, ended_at)
            select game_id, visitor_key, at, at from unnest(v_games, v_keys, v_times) as play(game_id, visitor_key, at)
          returning game_id, visitor_key, (started_at at time zone 'UTC')::date as day
        ), firsts as (
          insert into game_players (game_id, visitor_key, first_day)
            select game_id, visitor_key, min(day) from started group by 1, 2
          on conflict (game_id, visitor_key) do nothing
        ), new_days as (
          insert into game_player_days (game_id, day, visitor_key)
            select distinct game_id, day, visitor_key from started
          on conflict do nothing
          returning game_id, day
        )
        insert into game_daily_sessions (game_id, day, sessions, players)
          select game_id, day, sum(sessions)::int, sum(players)::int
            from (select game_id, day, 1 as sessions, 0 as players from started
                  union all select game_id, day, 0, 1 from new_days) counted
           group by 1, 2
        on conflict (game_id, day) do update set
          sessions = game_daily_sessions.sessions + excluded.sessions,
          players = game_daily_sessions.players + excluded.players;

        if c_games is not null then
          insert into play_events (game_id, user_id, visitor_key, country, created_at)
            select * from unnest(c_games, c_users, c_keys, c_countries, c_times);

          -- Rows in key order, so concurrent batches never deadlock; older days than the window are not kept.
          if exists (select from unnest(c_countries) as c(country) where country is not null) then
            insert into game_country_daily_plays (country, game_id, day, plays)
              select country, game_id, (at at time zone 'UTC')::date, count(*)::int
                from unnest(c_games, c_countries, c_times) as play(game_id, country, at)
               where country is not null and (at at time zone 'UTC')::date >= p_trending_since
               group by 1, 2, 3 order by 1, 2, 3
            on conflict (country, game_id, day) do update set plays = game_country_daily_plays.plays + excluded.plays;
            insert into game_country_trending (country, game_id, plays)
              select country, game_id, count(*)::int
                from unnest(c_games, c_countries, c_times) as play(game_id, country, at)
               where country is not null and (at at time zone 'UTC')::date >= p_trending_since
               group by 1, 2 order by 1, 2
            on conflict (country, game_id) do update set plays = game_country_trending.plays + excluded.plays;
          end if;

          insert into game_daily_plays (game_id, day, plays)
            select game_id, (at at time zone 'UTC')::date, count(*)::int from unnest(c_games, c_times) as play(game_id, at) group by 1, 2
          on conflict (game_id, day) do update set plays = game_daily_plays.plays + excluded.plays;

          update games g set plays = g.plays + c.plays, trending_plays = g.trending_plays + c.recent
            from (select game_id, count(*)::int as plays, (count(*) filter (where (at at time zone 'UTC')::date >= p_trending_since))::int as recent
                    from unnest(c_games, c_times) as play(game_id, at) group by game_id) c
           where g.id = c.game_id;
        end if;

        return query select g.id, g.plays from games g where g.id = any(v_published);
      end $$;`);

    this.addSql(`create function "record_plays"("p_game_ids" int[], "p_user_ids" int[], "p_visitor_keys" text[], "p_countries" text[],
                                                "p_times" timestamptz[], "p_dedup" interval, "p_trending_since" date, "p_stats_lock" bigint)
      returns table ("game_id" int, "plays" int, "kept" boolean) language plpgsql as $$
      #variable_conflict use_column
      declare
        -- The published games played and their all-time plays, read once for the steps below.
        v_published int[]; v_plays int[]; v_kept boolean;
      begin
        -- Without waiting: while maintenance holds (or waits for) the lock, the plays are kept.
        v_kept := not pg_try_advisory_xact_lock_shared(p_stats_lock);
        if v_kept then
          select array_agg(g.id), array_agg(g.plays) into v_published, v_plays
            from games g where g.id = any(p_game_ids) and g.status = 'APPROVED';
          insert into pending_plays (game_id, user_id, visitor_key, country, played_at)
            select u.game_id, u.user_id, u.visitor_key, u.country, u.at
              from unnest(p_game_ids, p_user_ids, p_visitor_keys, p_countries, p_times) as u(game_id, user_id, visitor_key, country, at)
             where u.game_id = any(v_published);
        else
          select array_agg(c.game_id), array_agg(c.plays) into v_published, v_plays
            from count_plays(p_game_ids, p_user_ids, p_visitor_keys, p_countries, p_times, p_dedup, p_trending_since) c;
        end if;
        -- Recently played is no statistic: each signed-in player's row moves at once, never back.
        insert into player_games (user_id, game_id, last_played_at)
          select user_id, game_id, max(at)
            from unnest(p_user_ids, p_game_ids, p_times) as play(user_id, game_id, at)
           where user_id is not null and game_id = any(v_published)
           group by 1, 2
        on conflict (user_id, game_id) do update set last_played_at = greatest(player_games.last_played_at, excluded.last_played_at);
        return query select p.game_id, p.plays, v_kept from unnest(v_published, v_plays) as p(game_id, plays);
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop function "record_plays"(int[], int[], text[], text[], timestamptz[], interval, date, bigint);`);
    this.addSql(`drop function "count_plays"(int[], int[], text[], text[], timestamptz[], interval, date);`);
  }

}
