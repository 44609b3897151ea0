/** Days and minutes in the parent's time zone, and a profile's day: its allowance, what is left, bedtime now. */
import { inBedtime } from '../../../shared/kids-family';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as q from './queries';

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

export function dayText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function iso(value: string | Date): string {
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
