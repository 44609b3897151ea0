/**
 * The Kids Zone on a parent's account (issue #26): child profiles, devices paired to them with a
 * short code, a PIN kept as a slow hash with its wrong tries counted here, and play time counted by
 * the server from the player's heartbeats, summed over a profile's devices by day in the parent's
 * time zone. The rules live here; the SQL in ./queries.ts.
 */
import { createHash, randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { KID_SAFE_AGE_RATINGS } from '../../../shared/constants';
import {
  clockOfMinutes,
  inBedtime,
  KID_PLAY_RETENTION_DAYS,
  minutesOfClock,
  PAIRING_CODE_DIGITS,
  PAIRING_CODE_TTL_MS,
  pinWaitSeconds,
  PIN_FREE_TRIES,
  PLAY_BEAT_CAP_MS,
  RELEASE_MS,
  type KidAvatar,
  type KidAgeBand,
} from '../../../shared/kids-family';
import { isKidsZoneGame } from '../../../shared/kids-zone';
import type { ContentFacts, KidsDevice, KidsGame, KidProfileView } from '../../../shared/schemas';
import type { AgeRating } from '../../../shared/constants';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedContext, DomainContext } from '../context';
import { Forbidden, NotFound, TooManyRequests, Unauthorized, Validation } from '../errors';
import { hashToken, newToken } from '../auth/tokens';
import * as q from './queries';
import { listKidsGames } from './service';

// --- Time in the parent's zone -----------------------------------------------------------------

/** The calendar day (YYYY-MM-DD) and minute after midnight of `at` in `timeZone`. */
export function zonedClock(timeZone: string, at: Date = new Date()): { day: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function dayText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

/** Today's allowance and what is left of it for a profile, and whether it is bedtime now. */
export async function todayOf(em: EntityManager, profile: q.ProfileRow, timeZone: string, playedMs?: number) {
  const { day, minute } = zonedClock(timeZone);
  const played = playedMs ?? (await q.playedMsOn(em, profile.id, day));
  const bonus = dayText(profile.bonus_day) === day ? profile.bonus_minutes : 0;
  const allowanceMs = profile.daily_minutes === null ? null : (profile.daily_minutes + bonus) * 60_000;
  return {
    day,
    playedMs: played,
    allowanceMs,
    remainingMs: allowanceMs === null ? null : Math.max(0, allowanceMs - played),
    bedtimeNow: inBedtime(minute, profile.bedtime_start, profile.bedtime_end),
  };
}

// --- The PIN: scrypt, five free tries, then a growing wait ---------------------------------------

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const;

function scrypt(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pin, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const key = await scrypt(pin, Buffer.from(salt, 'hex'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/**
 * Checks a PIN against the parent's, counting wrong tries on the parent's row (every paired device
 * of the family shares them, so a second tablet gives no fresh tries). Throws TooManyRequests while
 * a wait runs, Forbidden for a wrong PIN (saying how many tries are left before a wait).
 */
async function checkPin(ctx: DomainContext, parentId: number, pin: string): Promise<void> {
  // The wrong try is committed, so the transaction answers the outcome and the error is thrown after it.
  const outcome = await ctx.em.transactional(async (tx) => {
    const parent = await q.lockParent(tx, parentId);
    if (!parent?.pin_hash) return { kind: 'no-pin' as const };
    const blockedUntil = parent.pin_blocked_until ? new Date(parent.pin_blocked_until) : null;
    if (blockedUntil && blockedUntil > new Date()) return { kind: 'waiting' as const, seconds: Math.ceil((blockedUntil.getTime() - Date.now()) / 1000) };
    if (await pinMatches(pin, parent.pin_hash)) {
      await q.recordPinTry(tx, parentId, 0, null);
      return { kind: 'right' as const };
    }
    const failures = parent.pin_failures + 1;
    const wait = pinWaitSeconds(failures);
    await q.recordPinTry(tx, parentId, failures, wait > 0 ? new Date(Date.now() + wait * 1000) : null);
    return { kind: 'wrong' as const, failures, wait };
  });
  if (outcome.kind === 'right') return;
  if (outcome.kind === 'no-pin') throw new Forbidden('No parent PIN is set: the parent sets one from their account');
  if (outcome.kind === 'waiting') throw new TooManyRequests(outcome.seconds);
  const left = PIN_FREE_TRIES - outcome.failures;
  throw new Forbidden(
    outcome.wait > 0
      ? `That PIN isn't right. Too many wrong tries: wait ${outcome.wait} seconds before the next one.`
      : `That PIN isn't right. ${left} ${left === 1 ? 'try' : 'tries'} left before a wait.`,
  );
}

// --- The parent's side --------------------------------------------------------------------------

const MAX_PROFILES = 10;

function profileWrite(input: {
  name: string;
  avatar: KidAvatar;
  ageBand: KidAgeBand;
  dailyMinutes?: number | null | undefined;
  bedtime?: { start: string; end: string } | null | undefined;
  allowCartoonViolence?: boolean | undefined;
  approvedOnly?: boolean | undefined;
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
  };
}

async function ownProfile(ctx: AuthedContext, profileId: number): Promise<q.ProfileRow> {
  const profile = await q.profileOf(ctx.em, ctx.user.id, profileId);
  if (!profile) throw new NotFound('No such child profile');
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
  if (count >= MAX_PROFILES) throw new Validation('name', `A family has at most ${MAX_PROFILES} child profiles`);
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
  if (!parent?.pin_hash) throw new Validation('pin', 'Set the parent PIN before pairing a device');
  await ctx.em.transactional(async (tx) => {
    const pairing = await q.consumePairingCode(tx, hashToken(input.code));
    if (!pairing) throw new Validation('code', 'This code is not right or has expired: the device shows a new one');
    await q.upsertDevice(tx, profile.id, pairing.token_hash, pairing.label);
  });
  return profileView(ctx, profile.id);
}

export async function removeDevice(ctx: AuthedContext, input: { id: number; deviceId: number }): Promise<KidProfileView> {
  const profile = await ownProfile(ctx, input.id);
  if ((await q.deleteDevice(ctx.em, profile.id, input.deviceId)) === 0) throw new NotFound('No such device on this profile');
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

// --- The child's device --------------------------------------------------------------------------

/** "Chrome on Android", from the user agent: how the parent tells devices apart (nothing more is kept). */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'A browser';
  const system = /iPad/.test(userAgent)
    ? 'iPad'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'Chromebook'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Mac OS X/.test(userAgent)
              ? 'Mac'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : 'a device';
  return `${browser} on ${system}`;
}

/** A new pairing code for this device: a fresh device token goes into its cookie, the code is shown on its screen. */
export async function requestPairingCode(ctx: DomainContext) {
  const token = newToken();
  let code = '';
  // Two live codes never look alike: the parent's entry pairs exactly one device.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    code = String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');
    if (!(await q.activePairingCodeExists(ctx.em, hashToken(code)))) break;
  }
  const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_MS);
  await q.insertPairingCode(ctx.em, { codeHash: hashToken(code), tokenHash: hashToken(token), label: deviceLabel(ctx.userAgent), expiresAt });
  ctx.cookies.setKidsDeviceCookie?.(token);
  return { code, expiresAt: expiresAt.toISOString() };
}

async function pairedDevice(ctx: DomainContext): Promise<q.PairedDeviceRow | null> {
  const token = ctx.kidsDeviceToken;
  if (!token) return null;
  return (await q.pairedDeviceOf(ctx.em, hashToken(token))) ?? null;
}

async function requirePairedDevice(ctx: DomainContext): Promise<q.PairedDeviceRow> {
  const device = await pairedDevice(ctx);
  if (!device) throw new Unauthorized('This device is not paired with a parent account');
  return device;
}

/** Whether the device's cookie pairs it with a profile and it is held in the zone (the page gates ask this). */
export async function isHeldInZone(ctx: DomainContext): Promise<boolean> {
  const token = ctx.kidsDeviceToken;
  return token ? q.deviceHeld(ctx.em, hashToken(token)) : false;
}

export async function deviceState(ctx: DomainContext): Promise<KidsDevice> {
  const device = await pairedDevice(ctx);
  if (!device) return { paired: false };
  await q.touchDevice(ctx.em, device.id);
  const released = device.released_until && new Date(device.released_until) > new Date() ? iso(device.released_until) : null;
  const wait = device.parent.pin_blocked_until && new Date(device.parent.pin_blocked_until) > new Date() ? iso(device.parent.pin_blocked_until) : null;
  return {
    paired: true,
    profile: { name: device.profile.name, avatar: device.profile.avatar as KidAvatar },
    releasedUntil: released,
    pinWaitUntil: wait,
    today: await todayOf(ctx.em, device.profile, device.parent.time_zone),
    allowCartoonViolence: device.profile.allow_cartoon_violence,
    approvedOnly: device.profile.approved_only,
  };
}

/** The device is in the zone again: held there until a PIN lets it out. */
export async function enterZone(ctx: DomainContext) {
  const device = await requirePairedDevice(ctx);
  await q.setDeviceRelease(ctx.em, device.id, null);
  ctx.cookies.setKidsHoldCookie?.(true);
  return { ok: true as const };
}

/** The parent's PIN lets the device out of the zone for an hour (or until it enters the zone again). */
export async function unlockDevice(ctx: DomainContext, pin: string) {
  const device = await requirePairedDevice(ctx);
  await checkPin(ctx, device.parent.user_id, pin);
  await q.setDeviceRelease(ctx.em, device.id, new Date(Date.now() + RELEASE_MS));
  ctx.cookies.setKidsHoldCookie?.(false);
  return { ok: true as const };
}

const RESET_CODE_TTL_MS = 10 * 60_000;
const RESET_MAX_WRONG = 5;

function resetCodeHash(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Mails the parent a code that sets a new PIN (from the child's device, which never sees the address). */
export async function requestPinReset(ctx: DomainContext) {
  const device = await requirePairedDevice(ctx);
  const email = await q.parentEmail(ctx.em, device.parent.user_id);
  if (!email) throw new NotFound('The parent account is gone');
  const code = String(randomInt(0, 10 ** 8)).padStart(8, '0');
  const salt = randomBytes(16).toString('hex');
  await q.insertPinReset(ctx.em, device.parent.user_id, salt, resetCodeHash(salt, code), new Date(Date.now() + RESET_CODE_TTL_MS));
  ctx.services.mailer
    .send({
      to: email,
      subject: `Your Kids Zone PIN reset code: ${code.slice(0, 4)} ${code.slice(4)}`,
      text:
        `Someone asked to reset the Kids Zone PIN on ${device.label} (${device.profile.name}'s device).\n\n` +
        `The code is ${code.slice(0, 4)} ${code.slice(4)}. It works once, for ${RESET_CODE_TTL_MS / 60_000} minutes, and sets a new PIN.\n\n` +
        `If you did not ask, ignore this mail: the PIN stays as it is.`,
    })
    .catch((error: unknown) => console.error(`Kids Zone PIN reset mail could not be sent: ${error instanceof Error ? error.message : String(error)}`));
  return { ok: true as const };
}

/** Sets a new PIN with a mailed code: single use, 10 minutes, the 5th wrong code closes it. */
export async function confirmPinReset(ctx: DomainContext, input: { code: string; pin: string }) {
  const device = await requirePairedDevice(ctx);
  const parentId = device.parent.user_id;
  const outcome = await ctx.em.transactional(async (tx) => {
    const reset = await q.livePinReset(tx, parentId, RESET_MAX_WRONG);
    if (!reset) return 'none' as const;
    const right = timingSafeEqual(Buffer.from(reset.code_hash, 'hex'), Buffer.from(resetCodeHash(reset.code_salt, input.code), 'hex'));
    if (!right) {
      await q.failPinReset(tx, reset.id, reset.failed_attempts + 1 >= RESET_MAX_WRONG);
      return 'wrong' as const;
    }
    if (!(await q.consumePinReset(tx, reset.id))) return 'none' as const;
    await q.upsertParent(tx, parentId, { pinHash: await hashPin(input.pin) });
    return 'done' as const;
  });
  if (outcome !== 'done') throw new Validation('code', 'This code is not right or has expired: ask for a new one');
  return { ok: true as const };
}

/** Whether a profile may play a game: the Kids Zone's rules, cartoon violence only if allowed, approved games only if set. */
async function gameAllowed(ctx: DomainContext, profile: q.ProfileRow, game: { id: number; age_rating: string; content_facts: Record<string, unknown> | null }): Promise<boolean> {
  const zone = isKidsZoneGame(
    { ageRating: game.age_rating as AgeRating, contentFacts: game.content_facts as ContentFacts | null },
    { allowCartoonViolence: profile.allow_cartoon_violence },
  );
  if (!zone || !KID_SAFE_AGE_RATINGS.includes(game.age_rating as AgeRating)) return false;
  if (!profile.approved_only) return true;
  return (await q.approvedGameIdsOf(ctx.em, [profile.id])).some((row) => row.game_id === game.id);
}

export const TIMES_UP_MESSAGE = "Time's up for today";
export const BEDTIME_MESSAGE = "It's bedtime: no games until the morning";

/** Starts a play for the device's profile, or refuses it (time spent, bedtime, a game not allowed). */
export async function startKidPlay(ctx: DomainContext, slug: string) {
  const device = await requirePairedDevice(ctx);
  const game = await q.kidGameBySlug(ctx.em, slug);
  if (!game) throw new NotFound('Game not found');
  if (!(await gameAllowed(ctx, device.profile, game))) throw new Forbidden("This game isn't allowed for this profile");
  const today = await todayOf(ctx.em, device.profile, device.parent.time_zone);
  if (today.bedtimeNow) throw new Forbidden(BEDTIME_MESSAGE);
  if (today.remainingMs === 0) throw new Forbidden(TIMES_UP_MESSAGE);
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
    if (!play) throw new NotFound('No such play on this device');
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
