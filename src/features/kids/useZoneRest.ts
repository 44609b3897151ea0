import { budgetSpent } from './parent-lock';
import { useParentSettings, usePlayUsage, useToday } from './parent-lock-store';
import { useKidsDevice } from './useKidsDevice';

/** Why no game can be played now, if none can: the day's time is spent, or it is bedtime. */
export type ZoneRest = 'timesUp' | 'bedtime' | null;

/**
 * The Kids Zone's state for its cards (issue #38): a paired device follows the server's answer
 * (its profile's day and bedtime), a device-only lock its own budget in this browser.
 */
export function useZoneRest(): ZoneRest {
  const { device } = useKidsDevice();
  const deviceOnlySpent = budgetSpent(useParentSettings(), usePlayUsage(), useToday());
  if (device?.paired) {
    if (device.today.bedtimeNow) return 'bedtime';
    return device.today.remainingMs === 0 ? 'timesUp' : null;
  }
  return deviceOnlySpent ? 'timesUp' : null;
}
