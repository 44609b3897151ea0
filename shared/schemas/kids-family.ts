/** The Kids Zone's parent accounts, child profiles, paired devices and server-counted play (issue #26). */
import { z } from 'zod';
import { GAME_CONTROLS, LIMITS } from '../constants';
import { KID_AGE_BANDS, KID_AVATARS, KID_DAILY_MINUTES_MAX, KID_PIN_PATTERN, KID_PROFILE_NAME_MAX, PAIRING_CODE_DIGITS } from '../kids-family';
import { idSchema, idParamSchema, requiredText, slugSchema, trimmed } from './fields';

const pin = z.string().regex(KID_PIN_PATTERN, 'Must be 4 digits');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM');
const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== '';
    } catch {
      return false;
    }
  }, 'Must be an IANA time zone such as Europe/Paris');

/** What a parent sets for a profile; every field optional on an update. */
export const kidProfileSettingsInput = z.object({
  name: requiredText(KID_PROFILE_NAME_MAX),
  avatar: z.enum(KID_AVATARS),
  ageBand: z.enum(KID_AGE_BANDS),
  /** Minutes of play a day; null: no limit. */
  dailyMinutes: z.number().int().min(1).max(KID_DAILY_MINUTES_MAX).nullable(),
  /** No play from `start` to `end` (they may wrap past midnight); null: no bedtime. */
  bedtime: z.object({ start: clock, end: clock }).nullable(),
  allowCartoonViolence: z.boolean(),
  approvedOnly: z.boolean(),
  /** Online play with friends (rooms, invite-only for a child); off until the parent turns it on. */
  onlinePlay: z.boolean(),
});

export const createKidProfileInput = kidProfileSettingsInput.partial({ dailyMinutes: true, bedtime: true, allowCartoonViolence: true, approvedOnly: true, onlinePlay: true });
export const updateKidProfileInput = kidProfileSettingsInput.partial().extend({ id: idParamSchema });
export const kidProfileIdInput = z.object({ id: idParamSchema });
export const familySettingsInput = z.object({ timeZone: timeZone.optional(), pin: pin.optional() });
export const pairDeviceInput = z.object({
  id: idParamSchema,
  code: z.string().trim().transform((code) => code.replace(/\s+/g, '')).pipe(z.string().regex(new RegExp(`^\\d{${PAIRING_CODE_DIGITS}}$`), `Must be the ${PAIRING_CODE_DIGITS} digits the child's device shows`)),
});
export const removeDeviceInput = z.object({ id: idParamSchema, deviceId: idParamSchema });
/** The parent's own name for a device ("Kitchen tablet"): two "Chrome on Android" are told apart. */
export const renameDeviceInput = z.object({ id: idParamSchema, deviceId: idParamSchema, label: z.string().trim().min(1).max(40) });
export const addTimeInput = z.object({ id: idParamSchema, minutes: z.number().int().min(1).max(240) });
export const approvedGamesInput = z.object({ id: idParamSchema, gameIds: z.array(idSchema).max(500) });

export const kidDeviceOutput = z.object({
  id: z.number(),
  label: z.string(),
  pairedAt: z.string(),
  lastSeenAt: z.string(),
  /** Not heard from for a while: switched off, or its site data was cleared (which unpairs it). */
  silent: z.boolean(),
});

export const kidTodayOutput = z.object({
  day: z.string(),
  playedMs: z.number(),
  /** The day's allowance in ms (daily minutes plus time added today); null: no limit. */
  allowanceMs: z.number().nullable(),
  remainingMs: z.number().nullable(),
  bedtimeNow: z.boolean(),
});

export const kidProfileOutput = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.enum(KID_AVATARS),
  ageBand: z.enum(KID_AGE_BANDS),
  dailyMinutes: z.number().nullable(),
  bedtime: z.object({ start: z.string(), end: z.string() }).nullable(),
  allowCartoonViolence: z.boolean(),
  approvedOnly: z.boolean(),
  onlinePlay: z.boolean(),
  approvedGameIds: z.array(z.number()),
  devices: z.array(kidDeviceOutput),
  today: kidTodayOutput,
});
export type KidProfileView = z.infer<typeof kidProfileOutput>;

export const familyOutput = z.object({
  timeZone: z.string(),
  hasPin: z.boolean(),
  profiles: z.array(kidProfileOutput),
});
export type Family = z.infer<typeof familyOutput>;

export const kidActivityOutput = z.object({
  today: z.array(z.object({ gameId: z.number(), title: z.string(), ms: z.number() })),
  week: z.array(z.object({ gameId: z.number(), title: z.string(), ms: z.number() })),
  days: z.array(z.object({ day: z.string(), ms: z.number() })),
});

export const kidProfileExportOutput = z.object({
  profile: kidProfileOutput,
  playTime: z.array(z.object({ day: z.string(), game: z.string(), ms: z.number() })),
  plays: z.array(z.object({ game: z.string(), startedAt: z.string(), endedAt: z.string().nullable() })),
  exportedAt: z.string(),
});

export const pairingCodeOutput = z.object({ code: z.string(), expiresAt: z.string() });

export const kidsDeviceOutput = z.discriminatedUnion('paired', [
  z.object({ paired: z.literal(false) }),
  z.object({
    paired: z.literal(true),
    profile: z.object({ name: z.string(), avatar: z.enum(KID_AVATARS) }),
    /** Let out of the zone by the PIN until this time; null: held in the zone. */
    releasedUntil: z.string().nullable(),
    /** Wrong PINs make the device wait until this time; null: no wait. */
    pinWaitUntil: z.string().nullable(),
    today: kidTodayOutput,
    allowCartoonViolence: z.boolean(),
    approvedOnly: z.boolean(),
    /** The parent let this child play online with friends (invite-only rooms). */
    onlinePlay: z.boolean(),
  }),
]);
export type KidsDevice = z.infer<typeof kidsDeviceOutput>;

export const unlockDeviceInput = z.object({ pin });
export const confirmPinResetInput = z.object({
  code: z.string().trim().transform((code) => code.replace(/\s+/g, '')).pipe(z.string().regex(/^\d{8}$/, 'Must be the 8-digit code from the e-mail')),
  pin,
});
export const startKidPlayInput = z.object({ slug: slugSchema });
export const startKidPlayOutput = z.object({ playId: z.number(), remainingMs: z.number().nullable() });
export const kidPlayBeatInput = z.object({ id: idParamSchema, paused: z.boolean().optional() });
export const kidPlayBeatOutput = z.object({
  running: z.boolean(),
  /** Why the play was ended: the day's time is spent, or bedtime began. */
  stopped: z.enum(['budget', 'bedtime']).nullable(),
  remainingMs: z.number().nullable(),
});
export const deviceGamesInput = z.object({
  search: trimmed(LIMITS.searchMax).optional(),
  category: slugSchema.optional(),
  device: z.enum(GAME_CONTROLS).optional(),
});
