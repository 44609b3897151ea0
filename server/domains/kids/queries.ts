/** Every query the Kids Zone sends of its own (its game lists are the catalog's, games/read-model.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS } from '../../../shared/constants';
import { DEFAULT_KIDS_CONTENT_RULES, kidsZoneViolence, undeclaredKidsRatings, type KidsContentRules } from '../../../shared/kids-zone';
import type { Category } from '../../../shared/schemas';
import { sqlIn } from '../../db/sql';
import { KIDS_ZONE_IMPORTS_SQL, violenceSql, withoutFactsSql } from '../games/read-model';

/**
 * Categories that have at least one published game the Kids Zone shows under `rules` (the
 * ratings, facts and violence levels are the code's own constants). Raw SQL: it shares the
 * catalog's content filters, which are SQL text, and tests/scale/query-plans.test.ts checks its plan.
 */
export function kidSafeCategoriesSql(rules: KidsContentRules): string {
  return `select c.id, c.slug, c.name, c.icon from categories c
  where exists (select 1 from game_categories gc join games g on g.id = gc.game_id
                 where gc.category_id = c.id and g.status = 'APPROVED'
                   and g.age_rating in (${KID_SAFE_AGE_RATINGS.map((rating) => `'${rating}'`).join(', ')})
                   and ${withoutFactsSql(KIDS_ZONE_EXCLUDED_FACTS)}
                   and ${violenceSql(kidsZoneViolence(rules), undeclaredKidsRatings(rules))}
                   and ${KIDS_ZONE_IMPORTS_SQL})
  order by c.sort_order, c.id`;
}

export const KID_SAFE_CATEGORIES_SQL = kidSafeCategoriesSql(DEFAULT_KIDS_CONTENT_RULES);

export function findKidSafeCategories(em: EntityManager, rules: KidsContentRules): Promise<Category[]> {
  return em.getConnection().execute<Category[]>(kidSafeCategoriesSql(rules));
}

// --- Parent accounts, child profiles, paired devices and server-counted play (issue #26) --------
// Raw SQL with `?` placeholders (sqlIn), in the caller's transaction when it has one.

export type ParentRow = { user_id: number; time_zone: string; pin_hash: string | null; pin_failures: number; pin_blocked_until: string | Date | null };
export type ProfileRow = {
  id: number;
  parent_id: number;
  name: string;
  avatar: string;
  age_band: string;
  daily_minutes: number | null;
  bedtime_start: number | null;
  bedtime_end: number | null;
  allow_cartoon_violence: boolean;
  approved_only: boolean;
  /** The parent's switch for online play with friends (rooms); off by default. */
  online_play: boolean;
  bonus_day: string | Date | null;
  bonus_minutes: number;
};
export type DeviceRow = { id: number; profile_id: number; label: string; paired_at: string | Date; last_seen_at: string | Date; released_until: string | Date | null };

export async function findParent(em: EntityManager, userId: number): Promise<ParentRow | undefined> {
  return (await sqlIn<ParentRow>(em, 'select user_id, time_zone, pin_hash, pin_failures, pin_blocked_until from kid_parents where user_id = ?', [userId]))[0];
}

/** The parent's row, locked for this transaction (PIN tries are counted under it). */
export async function lockParent(em: EntityManager, userId: number): Promise<ParentRow | undefined> {
  return (await sqlIn<ParentRow>(em, 'select user_id, time_zone, pin_hash, pin_failures, pin_blocked_until from kid_parents where user_id = ? for update', [userId]))[0];
}

export async function upsertParent(em: EntityManager, userId: number, changes: { timeZone?: string | undefined; pinHash?: string | undefined }): Promise<void> {
  await sqlIn(
    em,
    `insert into kid_parents (user_id, time_zone, pin_hash) values (?, coalesce(?, 'UTC'), ?)
     on conflict (user_id) do update set time_zone = coalesce(?, kid_parents.time_zone),
       pin_hash = coalesce(?, kid_parents.pin_hash),
       pin_failures = case when ? is null then kid_parents.pin_failures else 0 end,
       pin_blocked_until = case when ? is null then kid_parents.pin_blocked_until else null end`,
    [userId, changes.timeZone ?? null, changes.pinHash ?? null, changes.timeZone ?? null, changes.pinHash ?? null, changes.pinHash ?? null, changes.pinHash ?? null],
  );
}

export async function recordPinTry(em: EntityManager, userId: number, failures: number, blockedUntil: Date | null): Promise<void> {
  await sqlIn(em, 'update kid_parents set pin_failures = ?, pin_blocked_until = ? where user_id = ?', [failures, blockedUntil, userId]);
}

const PROFILE_COLUMNS = 'id, parent_id, name, avatar, age_band, daily_minutes, bedtime_start, bedtime_end, allow_cartoon_violence, approved_only, online_play, bonus_day::text as bonus_day, bonus_minutes';

export function profilesOf(em: EntityManager, parentId: number): Promise<ProfileRow[]> {
  return sqlIn<ProfileRow>(em, `select ${PROFILE_COLUMNS} from kid_profiles where parent_id = ? order by id`, [parentId]);
}

export async function profileOf(em: EntityManager, parentId: number, profileId: number): Promise<ProfileRow | undefined> {
  return (await sqlIn<ProfileRow>(em, `select ${PROFILE_COLUMNS} from kid_profiles where parent_id = ? and id = ?`, [parentId, profileId]))[0];
}

export function countProfiles(em: EntityManager, parentId: number): Promise<{ count: string | number }[]> {
  return sqlIn(em, 'select count(*) as count from kid_profiles where parent_id = ?', [parentId]);
}

export type ProfileWrite = {
  name: string;
  avatar: string;
  ageBand: string;
  dailyMinutes: number | null;
  bedtimeStart: number | null;
  bedtimeEnd: number | null;
  allowCartoonViolence: boolean;
  approvedOnly: boolean;
  onlinePlay: boolean;
};

export async function insertProfile(em: EntityManager, parentId: number, profile: ProfileWrite): Promise<number> {
  const rows = await sqlIn<{ id: number }>(
    em,
    `insert into kid_profiles (parent_id, name, avatar, age_band, daily_minutes, bedtime_start, bedtime_end, allow_cartoon_violence, approved_only, online_play)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [parentId, profile.name, profile.avatar, profile.ageBand, profile.dailyMinutes, profile.bedtimeStart, profile.bedtimeEnd, profile.allowCartoonViolence, profile.approvedOnly, profile.onlinePlay],
  );
  return rows[0]!.id;
}

export async function updateProfileRow(em: EntityManager, profileId: number, profile: ProfileWrite): Promise<void> {
  await sqlIn(
    em,
    `update kid_profiles set name = ?, avatar = ?, age_band = ?, daily_minutes = ?, bedtime_start = ?, bedtime_end = ?,
       allow_cartoon_violence = ?, approved_only = ?, online_play = ? where id = ?`,
    [profile.name, profile.avatar, profile.ageBand, profile.dailyMinutes, profile.bedtimeStart, profile.bedtimeEnd, profile.allowCartoonViolence, profile.approvedOnly, profile.onlinePlay, profileId],
  );
}

export async function deleteProfileRow(em: EntityManager, profileId: number): Promise<void> {
  await sqlIn(em, 'delete from kid_profiles where id = ?', [profileId]);
}

/** Adds minutes to `day`'s allowance: added to what was given today, or replacing another day's. */
export async function addBonusMinutes(em: EntityManager, profileId: number, day: string, minutes: number): Promise<void> {
  await sqlIn(
    em,
    `update kid_profiles set bonus_minutes = case when bonus_day = ?::date then bonus_minutes + ? else ? end, bonus_day = ?::date where id = ?`,
    [day, minutes, minutes, day, profileId],
  );
}

export async function approvedGameIdsOf(em: EntityManager, profileIds: number[]): Promise<{ profile_id: number; game_id: number }[]> {
  if (profileIds.length === 0) return [];
  return sqlIn(em, `select profile_id, game_id from kid_profile_games where profile_id in (${profileIds.map(() => '?').join(', ')}) order by game_id`, profileIds);
}

export async function replaceApprovedGames(em: EntityManager, profileId: number, gameIds: number[]): Promise<void> {
  await sqlIn(em, 'delete from kid_profile_games where profile_id = ?', [profileId]);
  if (gameIds.length === 0) return;
  await sqlIn(
    em,
    `insert into kid_profile_games (profile_id, game_id) select ?, id from games where id in (${gameIds.map(() => '?').join(', ')})`,
    [profileId, ...gameIds],
  );
}

export async function devicesOf(em: EntityManager, profileIds: number[]): Promise<DeviceRow[]> {
  if (profileIds.length === 0) return [];
  return sqlIn<DeviceRow>(em, `select id, profile_id, label, paired_at, last_seen_at, released_until from kid_devices where profile_id in (${profileIds.map(() => '?').join(', ')}) order by id`, profileIds);
}

export async function deleteDevice(em: EntityManager, profileId: number, deviceId: number): Promise<number> {
  return (await sqlIn<{ id: number }>(em, 'delete from kid_devices where id = ? and profile_id = ? returning id', [deviceId, profileId])).length;
}

export async function renameDevice(em: EntityManager, profileId: number, deviceId: number, label: string): Promise<number> {
  return (await sqlIn<{ id: number }>(em, 'update kid_devices set label = ? where id = ? and profile_id = ? returning id', [label, deviceId, profileId])).length;
}

/** A paired device by its token's hash, with its profile and the parent's settings. */
export type PairedDeviceRow = DeviceRow & { token_hash: string; profile: ProfileRow; parent: ParentRow };

export async function pairedDeviceOf(em: EntityManager, tokenHash: string): Promise<PairedDeviceRow | undefined> {
  const rows = await sqlIn<DeviceRow & { token_hash: string; parent_id: number }>(
    em,
    `select d.id, d.profile_id, d.label, d.paired_at, d.last_seen_at, d.released_until, d.token_hash, p.parent_id
       from kid_devices d join kid_profiles p on p.id = d.profile_id where d.token_hash = ?`,
    [tokenHash],
  );
  const device = rows[0];
  if (!device) return undefined;
  const [profile] = await sqlIn<ProfileRow>(em, `select ${PROFILE_COLUMNS} from kid_profiles where id = ?`, [device.profile_id]);
  const parent = (await findParent(em, device.parent_id)) ?? { user_id: device.parent_id, time_zone: 'UTC', pin_hash: null, pin_failures: 0, pin_blocked_until: null };
  return { ...device, profile: profile!, parent };
}

/** Whether a device token is paired and held in the zone now (not let out by the PIN): the page gate's one query. */
export async function deviceHeld(em: EntityManager, tokenHash: string): Promise<boolean> {
  const rows = await sqlIn<{ held: boolean }>(em, 'select (released_until is null or released_until < now()) as held from kid_devices where token_hash = ?', [tokenHash]);
  return rows[0]?.held ?? false;
}

export async function touchDevice(em: EntityManager, deviceId: number): Promise<void> {
  await sqlIn(em, 'update kid_devices set last_seen_at = now() where id = ?', [deviceId]);
}

export async function setDeviceRelease(em: EntityManager, deviceId: number, until: Date | null): Promise<void> {
  await sqlIn(em, 'update kid_devices set released_until = ?, last_seen_at = now() where id = ?', [until, deviceId]);
}

export async function activePairingCodeExists(em: EntityManager, codeHash: string): Promise<boolean> {
  return (await sqlIn(em, 'select 1 from kid_pairing_codes where code_hash = ? and consumed_at is null and expires_at > now()', [codeHash])).length > 0;
}

export async function insertPairingCode(em: EntityManager, code: { codeHash: string; tokenHash: string; label: string; expiresAt: Date }): Promise<void> {
  // Old codes go as new ones come: nothing about a device is kept once its code is spent or expired.
  await sqlIn(em, `delete from kid_pairing_codes where expires_at < now() - interval '1 day'`);
  await sqlIn(em, 'insert into kid_pairing_codes (code_hash, token_hash, label, expires_at, created_at) values (?, ?, ?, ?, now())', [code.codeHash, code.tokenHash, code.label, code.expiresAt]);
}

/** Spends a live pairing code (single use, even under two parents entering it at once); its device token's hash and label, or undefined. */
export async function consumePairingCode(em: EntityManager, codeHash: string): Promise<{ token_hash: string; label: string } | undefined> {
  return (
    await sqlIn<{ token_hash: string; label: string }>(
      em,
      `update kid_pairing_codes set consumed_at = now()
        where id = (select id from kid_pairing_codes where code_hash = ? and consumed_at is null and expires_at > now() order by id desc limit 1)
          and consumed_at is null
        returning token_hash, label`,
      [codeHash],
    )
  )[0];
}

/** Pairs a token with a profile (a device paired again moves to the new profile). */
export async function upsertDevice(em: EntityManager, profileId: number, tokenHash: string, label: string): Promise<number> {
  const rows = await sqlIn<{ id: number }>(
    em,
    `insert into kid_devices (profile_id, token_hash, label, paired_at, last_seen_at) values (?, ?, ?, now(), now())
     on conflict (token_hash) do update set profile_id = excluded.profile_id, label = excluded.label, paired_at = now(), last_seen_at = now(), released_until = null
     returning id`,
    [profileId, tokenHash, label],
  );
  return rows[0]!.id;
}

export async function playedMsOn(em: EntityManager, profileId: number, day: string): Promise<number> {
  const rows = await sqlIn<{ ms: string | number | null }>(em, 'select sum(ms) as ms from kid_play_days where profile_id = ? and day = ?::date', [profileId, day]);
  return Number(rows[0]?.ms ?? 0);
}

export async function playedMsByProfileOn(em: EntityManager, profileIds: number[], day: string): Promise<Map<number, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await sqlIn<{ profile_id: number; ms: string | number }>(
    em,
    `select profile_id, sum(ms) as ms from kid_play_days where day = ?::date and profile_id in (${profileIds.map(() => '?').join(', ')}) group by profile_id`,
    [day, ...profileIds],
  );
  return new Map(rows.map((row) => [row.profile_id, Number(row.ms)]));
}

export async function addPlayedMs(em: EntityManager, profileId: number, day: string, gameId: number, ms: number): Promise<void> {
  await sqlIn(
    em,
    `insert into kid_play_days (profile_id, day, game_id, ms) values (?, ?::date, ?, ?)
     on conflict (profile_id, day, game_id) do update set ms = kid_play_days.ms + excluded.ms`,
    [profileId, day, gameId, ms],
  );
}

export type PlayRow = { id: number; profile_id: number; device_id: number | null; game_id: number; last_beat_at: string | Date | null; ended_at: string | Date | null };

export async function lockPlay(em: EntityManager, playId: number, deviceId: number): Promise<PlayRow | undefined> {
  return (await sqlIn<PlayRow>(em, 'select id, profile_id, device_id, game_id, last_beat_at, ended_at from kid_plays where id = ? and device_id = ? for update', [playId, deviceId]))[0];
}

export async function startPlayRow(em: EntityManager, profileId: number, deviceId: number, gameId: number, at: Date): Promise<number> {
  // One running play per device: a new one ends the one before (the player was left without a last beat).
  await sqlIn(em, 'update kid_plays set ended_at = ? where device_id = ? and ended_at is null', [at, deviceId]);
  // The server's clock, as the beats read it (the database's may differ by a little).
  const rows = await sqlIn<{ id: number }>(em, 'insert into kid_plays (profile_id, device_id, game_id, started_at, last_beat_at) values (?, ?, ?, ?, ?) returning id', [profileId, deviceId, gameId, at, at]);
  return rows[0]!.id;
}

export async function beatPlayRow(em: EntityManager, playId: number, lastBeatAt: Date | null, ended: boolean): Promise<void> {
  await sqlIn(em, `update kid_plays set last_beat_at = ?, ended_at = ${ended ? 'now()' : 'null'} where id = ?`, [lastBeatAt, playId]);
}

/** Drops a profile's play records older than the retention (the privacy page says how long). */
export async function pruneProfilePlays(em: EntityManager, profileId: number, oldestDay: string): Promise<void> {
  await sqlIn(em, 'delete from kid_play_days where profile_id = ? and day < ?::date', [profileId, oldestDay]);
  await sqlIn(em, 'delete from kid_plays where profile_id = ? and started_at < ?::date', [profileId, oldestDay]);
}

export function playTimeByGame(em: EntityManager, profileId: number, fromDay: string, toDay: string): Promise<{ game_id: number; title: string; ms: string | number }[]> {
  return sqlIn(
    em,
    `select d.game_id, g.title, sum(d.ms) as ms from kid_play_days d join games g on g.id = d.game_id
      where d.profile_id = ? and d.day between ?::date and ?::date group by d.game_id, g.title order by sum(d.ms) desc, g.title`,
    [profileId, fromDay, toDay],
  );
}

export function playTimeByDay(em: EntityManager, profileId: number, fromDay: string, toDay: string): Promise<{ day: string; ms: string | number }[]> {
  return sqlIn(
    em,
    `select day::text as day, sum(ms) as ms from kid_play_days where profile_id = ? and day between ?::date and ?::date group by day order by day`,
    [profileId, fromDay, toDay],
  );
}

export function playTimeRows(em: EntityManager, profileId: number): Promise<{ day: string; game: string; ms: string | number }[]> {
  return sqlIn(em, `select d.day::text as day, g.slug as game, d.ms from kid_play_days d join games g on g.id = d.game_id where d.profile_id = ? order by d.day, g.slug`, [profileId]);
}

export function playRows(em: EntityManager, profileId: number): Promise<{ game: string; started_at: string | Date; ended_at: string | Date | null }[]> {
  return sqlIn(em, `select g.slug as game, p.started_at, p.ended_at from kid_plays p join games g on g.id = p.game_id where p.profile_id = ? order by p.started_at, p.id`, [profileId]);
}

/** A published game's id, kids-zone facts and violence by slug. */
export type KidGame = { id: number; age_rating: string; content_facts: Record<string, unknown> | null; in_kids_zone_if_imported: boolean };

/** A published game by slug, with whether it may be in the Kids Zone should it be imported (KIDS_ZONE_IMPORTS_SQL). */
export async function kidGameBySlug(em: EntityManager, slug: string): Promise<KidGame | undefined> {
  return (await sqlIn<KidGame>(em, `select g.id, g.age_rating, g.content_facts, ${KIDS_ZONE_IMPORTS_SQL} as in_kids_zone_if_imported from games g where g.slug = ? and g.status = 'APPROVED'`, [slug]))[0];
}

export async function violenceOf(em: EntityManager, gameIds: number[]): Promise<Map<number, string | null>> {
  if (gameIds.length === 0) return new Map();
  const rows = await sqlIn<{ id: number; violence: string | null }>(em, `select id, content_facts->>'violence' as violence from games where id in (${gameIds.map(() => '?').join(', ')})`, gameIds);
  return new Map(rows.map((row) => [row.id, row.violence]));
}

export async function insertPinReset(em: EntityManager, parentId: number, salt: string, hash: string, expiresAt: Date): Promise<void> {
  await sqlIn(em, 'update kid_pin_resets set consumed_at = now() where parent_id = ? and consumed_at is null', [parentId]);
  await sqlIn(em, 'insert into kid_pin_resets (parent_id, code_salt, code_hash, expires_at, created_at) values (?, ?, ?, ?, now())', [parentId, salt, hash, expiresAt]);
}

export async function livePinReset(em: EntityManager, parentId: number, maxWrong: number): Promise<{ id: number; code_salt: string; code_hash: string; failed_attempts: number } | undefined> {
  return (
    await sqlIn<{ id: number; code_salt: string; code_hash: string; failed_attempts: number }>(
      em,
      'select id, code_salt, code_hash, failed_attempts from kid_pin_resets where parent_id = ? and consumed_at is null and expires_at > now() and failed_attempts < ? order by id desc limit 1 for update',
      [parentId, maxWrong],
    )
  )[0];
}

export async function failPinReset(em: EntityManager, id: number, close: boolean): Promise<void> {
  await sqlIn(em, `update kid_pin_resets set failed_attempts = failed_attempts + 1${close ? ', consumed_at = now()' : ''} where id = ?`, [id]);
}

export async function consumePinReset(em: EntityManager, id: number): Promise<boolean> {
  return (await sqlIn(em, 'update kid_pin_resets set consumed_at = now() where id = ? and consumed_at is null returning id', [id])).length === 1;
}

export async function parentEmail(em: EntityManager, userId: number): Promise<string | undefined> {
  return (await sqlIn<{ email: string }>(em, 'select email from users where id = ?', [userId]))[0]?.email;
}

export async function ticketKey(em: EntityManager, fresh: string): Promise<string> {
  await sqlIn(em, 'insert into kid_ticket_keys (id, secret) values (1, ?) on conflict (id) do nothing', [fresh]);
  return (await sqlIn<{ secret: string }>(em, 'select secret from kid_ticket_keys where id = 1'))[0]!.secret;
}
