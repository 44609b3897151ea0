/** A paired device's play: started by the server within the profile's rules and day, counted from its heartbeats. */
import { KID_SAFE_AGE_RATINGS, type AgeRating } from '../../../shared/constants';
import { KID_PLAY_RETENTION_DAYS, PLAY_BEAT_CAP_MS } from '../../../shared/kids-family';
import { isKidsZoneGame } from '../../../shared/kids-zone';
import type { ContentFacts, KidsGame } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { Forbidden, NotFound } from '../errors';
import { requirePairedDevice } from './family-device';
import { dayBefore, todayOf, zonedClock } from './family-time';
import * as q from './queries';
import { listKidsGames } from './service';
import { text } from '../../i18n/translate';

/** Whether a profile may play a game: the Kids Zone's rules, cartoon violence only if allowed, approved games only if set. */
async function gameAllowed(ctx: DomainContext, profile: q.ProfileRow, game: q.KidGame): Promise<boolean> {
  if (!game.in_kids_zone_if_imported) return false;
  const zone = isKidsZoneGame(
    { ageRating: game.age_rating as AgeRating, contentFacts: game.content_facts as ContentFacts | null },
    { allowCartoonViolence: profile.allow_cartoon_violence },
  );
  if (!zone || !KID_SAFE_AGE_RATINGS.includes(game.age_rating as AgeRating)) return false;
  if (!profile.approved_only) return true;
  return (await q.approvedGameIdsOf(ctx.em, [profile.id])).some((row) => row.game_id === game.id);
}

/** Starts a play for the device's profile, or refuses it (time spent, bedtime, a game not allowed). */
export async function startKidPlay(ctx: DomainContext, slug: string) {
  const device = await requirePairedDevice(ctx);
  const game = await q.kidGameBySlug(ctx.em, slug);
  if (!game) throw new NotFound(text('games.notFound'));
  if (!(await gameAllowed(ctx, device.profile, game))) throw new Forbidden(text('kids.gameNotAllowed'));
  const today = await todayOf(ctx.em, device.profile, device.parent.time_zone);
  if (today.bedtimeNow) throw new Forbidden(text('kids.bedtime'));
  if (today.remainingMs === 0) throw new Forbidden(text('kids.timesUp'));
  await q.pruneProfilePlays(ctx.em, device.profile.id, dayBefore(today.day, KID_PLAY_RETENTION_DAYS));
  const playId = await q.startPlayRow(ctx.em, device.profile.id, device.id, game.id, new Date());
  await q.touchDevice(ctx.em, device.id);
  return { playId, remainingMs: today.remainingMs };
}

/**
 * A heartbeat of a running play: the time since the last beat counts (at most PLAY_BEAT_CAP_MS,
 * none after a pause) on today's date in the parent's zone. Once the allowance is spent or bedtime
 * begins the play ends, and the answer says why.
 */
export async function beatKidPlay(ctx: DomainContext, input: { id: number; paused?: boolean | undefined }) {
  const device = await requirePairedDevice(ctx);
  return ctx.em.transactional(async (tx) => {
    const play = await q.lockPlay(tx, input.id, device.id);
    if (!play) throw new NotFound(text('kids.noPlay'));
    const now = new Date();
    const { day } = zonedClock(device.parent.time_zone, now);
    if (play.ended_at === null && play.last_beat_at !== null) {
      // Never more than is left: two devices playing at once do not overspend the day together.
      const left = (await todayOf(tx, device.profile, device.parent.time_zone)).remainingMs ?? Number.POSITIVE_INFINITY;
      const counted = Math.min(Math.max(0, now.getTime() - new Date(play.last_beat_at).getTime()), PLAY_BEAT_CAP_MS, left);
      if (counted > 0) await q.addPlayedMs(tx, device.profile.id, day, play.game_id, counted);
    }
    const today = await todayOf(tx, device.profile, device.parent.time_zone);
    const stopped = today.bedtimeNow ? ('bedtime' as const) : today.remainingMs === 0 ? ('budget' as const) : null;
    const running = play.ended_at === null && stopped === null;
    if (play.ended_at === null) await q.beatPlayRow(tx, play.id, running && !input.paused ? now : null, !running);
    await q.touchDevice(tx, device.id);
    return { running, stopped, remainingMs: today.remainingMs };
  });
}

/** The Kids Zone's games as this device's profile may see them. */
export async function deviceGames(ctx: DomainContext, input: Parameters<typeof listKidsGames>[1]): Promise<KidsGame[]> {
  const device = await requirePairedDevice(ctx);
  const games = await listKidsGames(ctx, input, { allowCartoonViolence: device.profile.allow_cartoon_violence });
  if (!device.profile.approved_only) return games;
  const approved = new Set((await q.approvedGameIdsOf(ctx.em, [device.profile.id])).map((row) => row.game_id));
  return games.filter((game) => approved.has(game.id));
}
