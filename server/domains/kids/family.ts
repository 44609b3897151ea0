/**
 * The Kids Zone on a parent's account (issue #26), the parent's side: child profiles, their limits,
 * the devices paired to them with a short code, added time, activity, export and delete. The
 * child's device is in ./family-device.ts, its plays in ./family-plays.ts, the PIN in
 * ./family-pin.ts; the SQL in ./queries.ts.
 */
import { clockOfMinutes, minutesOfClock, type KidAvatar, type KidAgeBand } from '../../../shared/kids-family';
import type { KidProfileView } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { NotFound, Validation } from '../errors';
import { hashToken } from '../auth/tokens';
import { dayBefore, iso, todayOf, zonedClock } from './family-time';
import { hashPin } from './family-pin';
import * as q from './queries';
import { text } from '../../i18n/translate';

const MAX_PROFILES = 10;

function profileWrite(input: {
  name: string;
  avatar: KidAvatar;
  ageBand: KidAgeBand;
  dailyMinutes?: number | null | undefined;
  bedtime?: { start: string; end: string } | null | undefined;
  allowCartoonViolence?: boolean | undefined;
  approvedOnly?: boolean | undefined;
  onlinePlay?: boolean | undefined;
}): q.ProfileWrite {
  return {
    name: input.name,
    avatar: input.avatar,
    ageBand: input.ageBand,
    dailyMinutes: input.dailyMinutes ?? null,
    bedtimeStart: input.bedtime ? minutesOfClock(input.bedtime.start) : null,
    bedtimeEnd: input.bedtime ? minutesOfClock(input.bedtime.end) : null,
    // Violence none by default; cartoon only when the parent says so.
    allowCartoonViolence: input.allowCartoonViolence ?? false,
    approvedOnly: input.approvedOnly ?? false,
    // Online play with friends only when the parent turns it on (server/rooms/rules.ts).
    onlinePlay: input.onlinePlay ?? false,
  };
}

async function ownProfile(ctx: AuthedContext, profileId: number): Promise<q.ProfileRow> {
  const profile = await q.profileOf(ctx.em, ctx.user.id, profileId);
  if (!profile) throw new NotFound(text('kids.noProfile'));
  return profile;
}

async function profileViews(ctx: AuthedContext, profiles: q.ProfileRow[], timeZone: string): Promise<KidProfileView[]> {
  const ids = profiles.map((profile) => profile.id);
  const [devices, approved, played] = await Promise.all([
    q.devicesOf(ctx.em, ids),
    q.approvedGameIdsOf(ctx.em, ids),
    q.playedMsByProfileOn(ctx.em, ids, zonedClock(timeZone).day),
  ]);
  const views: KidProfileView[] = [];
  for (const profile of profiles) {
    views.push({
      id: profile.id,
      name: profile.name,
      avatar: profile.avatar as KidAvatar,
      ageBand: profile.age_band as KidAgeBand,
      dailyMinutes: profile.daily_minutes,
      bedtime:
        profile.bedtime_start === null || profile.bedtime_end === null
          ? null
          : { start: clockOfMinutes(profile.bedtime_start), end: clockOfMinutes(profile.bedtime_end) },
      allowCartoonViolence: profile.allow_cartoon_violence,
      approvedOnly: profile.approved_only,
      onlinePlay: profile.online_play,
      approvedGameIds: approved.filter((row) => row.profile_id === profile.id).map((row) => row.game_id),
      devices: devices
        .filter((device) => device.profile_id === profile.id)
        .map((device) => ({
          id: device.id,
          label: device.label,
          pairedAt: iso(device.paired_at),
          lastSeenAt: iso(device.last_seen_at),
          // Not heard from for a while: switched off, or unpaired by clearing its site data.
          silent: Date.now() - new Date(device.last_seen_at).getTime() > ctx.services.env.KIDS_DEVICE_SILENT_SECONDS * 1000,
        })),
      today: await todayOf(ctx.em, profile, timeZone, played.get(profile.id) ?? 0),
    });
  }
  return views;
}

export async function getFamily(ctx: AuthedContext) {
  const parent = await q.findParent(ctx.em, ctx.user.id);
  const timeZone = parent?.time_zone ?? 'UTC';
  const profiles = await q.profilesOf(ctx.em, ctx.user.id);
  return { timeZone, hasPin: Boolean(parent?.pin_hash), profiles: await profileViews(ctx, profiles, timeZone) };
}

export async function updateFamilySettings(ctx: AuthedContext, input: { timeZone?: string | undefined; pin?: string | undefined }) {
  await q.upsertParent(ctx.em, ctx.user.id, { timeZone: input.timeZone, pinHash: input.pin ? await hashPin(input.pin) : undefined });
  return getFamily(ctx);
}

export async function createProfile(ctx: AuthedContext, input: Parameters<typeof profileWrite>[0]): Promise<KidProfileView> {
  const count = Number((await q.countProfiles(ctx.em, ctx.user.id))[0]?.count ?? 0);
  if (count >= MAX_PROFILES) throw new Validation('name', text('kids.maxProfiles', { max: MAX_PROFILES }));
  const id = await q.insertProfile(ctx.em, ctx.user.id, profileWrite(input));
  return profileView(ctx, id);
}

async function profileView(ctx: AuthedContext, profileId: number): Promise<KidProfileView> {
  const parent = await q.findParent(ctx.em, ctx.user.id);
  return (await profileViews(ctx, [await ownProfile(ctx, profileId)], parent?.time_zone ?? 'UTC'))[0]!;
}

export async function updateProfile(ctx: AuthedContext, input: Partial<Parameters<typeof profileWrite>[0]> & { id: number }): Promise<KidProfileView> {
  const current = await ownProfile(ctx, input.id);
  const bedtime =
    input.bedtime !== undefined
      ? input.bedtime
      : current.bedtime_start === null || current.bedtime_end === null
        ? null
        : { start: clockOfMinutes(current.bedtime_start), end: clockOfMinutes(current.bedtime_end) };
  await q.updateProfileRow(
    ctx.em,
    current.id,
    profileWrite({
      name: input.name ?? current.name,
      avatar: input.avatar ?? (current.avatar as KidAvatar),
      ageBand: input.ageBand ?? (current.age_band as KidAgeBand),
      dailyMinutes: input.dailyMinutes !== undefined ? input.dailyMinutes : current.daily_minutes,
      bedtime,
      allowCartoonViolence: input.allowCartoonViolence ?? current.allow_cartoon_violence,
      approvedOnly: input.approvedOnly ?? current.approved_only,
      onlinePlay: input.onlinePlay ?? current.online_play,
    }),
  );
  return profileView(ctx, current.id);
}

/** Deletes a profile and everything kept for it: its devices (unpaired), approved games, plays and play time. */
export async function deleteProfile(ctx: AuthedContext, profileId: number) {
  const profile = await ownProfile(ctx, profileId);
  await q.deleteProfileRow(ctx.em, profile.id);
  return { ok: true as const };
}

export async function pairDevice(ctx: AuthedContext, input: { id: number; code: string }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  const parent = await q.findParent(ctx.em, ctx.user.id);
  // A device held in the zone with no PIN could never be let out.
  if (!parent?.pin_hash) throw new Validation('pin', text('kids.pinBeforePairing'));
  await ctx.em.transactional(async (tx) => {
    const pairing = await q.consumePairingCode(tx, hashToken(input.code));
    if (!pairing) throw new Validation('code', text('kids.pairingCodeWrong'));
    await q.upsertDevice(tx, profile.id, pairing.token_hash, pairing.label);
  });
  return profileView(ctx, profile.id);
}

export async function removeDevice(ctx: AuthedContext, input: { id: number; deviceId: number }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  if ((await q.deleteDevice(ctx.em, profile.id, input.deviceId)) === 0) throw new NotFound(text('kids.noDevice'));
  return profileView(ctx, profile.id);
}

/** Names a device as the parent calls it; it keeps the name until it is unpaired. */
export async function renameDevice(ctx: AuthedContext, input: { id: number; deviceId: number; label: string }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  if ((await q.renameDevice(ctx.em, profile.id, input.deviceId, input.label)) === 0) throw new NotFound(text('kids.noDevice'));
  return profileView(ctx, profile.id);
}

/** Adds minutes to today's allowance (today in the parent's time zone). */
export async function addTime(ctx: AuthedContext, input: { id: number; minutes: number }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  const parent = await q.findParent(ctx.em, ctx.user.id);
  await q.addBonusMinutes(ctx.em, profile.id, zonedClock(parent?.time_zone ?? 'UTC').day, input.minutes);
  return profileView(ctx, profile.id);
}

export async function setApprovedGames(ctx: AuthedContext, input: { id: number; gameIds: number[] }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  await ctx.em.transactional((tx) => q.replaceApprovedGames(tx, profile.id, [...new Set(input.gameIds)]));
  return profileView(ctx, profile.id);
}

function toGames(rows: { game_id: number; title: string; ms: string | number }[]) {
  return rows.map((row) => ({ gameId: row.game_id, title: row.title, ms: Number(row.ms) }));
}

/** Today's and the last 7 days' play time per game, and the time per day. */
export async function profileActivity(ctx: AuthedContext, profileId: number) {
  const profile = await ownProfile(ctx, profileId);
  const parent = await q.findParent(ctx.em, ctx.user.id);
  const today = zonedClock(parent?.time_zone ?? 'UTC').day;
  const weekStart = dayBefore(today, 6);
  const [todayRows, weekRows, days] = await Promise.all([
    q.playTimeByGame(ctx.em, profile.id, today, today),
    q.playTimeByGame(ctx.em, profile.id, weekStart, today),
    q.playTimeByDay(ctx.em, profile.id, weekStart, today),
  ]);
  return { today: toGames(todayRows), week: toGames(weekRows), days: days.map((row) => ({ day: row.day, ms: Number(row.ms) })) };
}

/** Everything kept for a profile, as one file. */
export async function exportProfile(ctx: AuthedContext, profileId: number) {
  const view = await profileView(ctx, profileId);
  const [playTime, plays] = await Promise.all([q.playTimeRows(ctx.em, profileId), q.playRows(ctx.em, profileId)]);
  return {
    profile: view,
    playTime: playTime.map((row) => ({ day: row.day, game: row.game, ms: Number(row.ms) })),
    plays: plays.map((row) => ({ game: row.game, startedAt: iso(row.started_at), endedAt: row.ended_at === null ? null : iso(row.ended_at) })),
    exportedAt: new Date().toISOString(),
  };
}
