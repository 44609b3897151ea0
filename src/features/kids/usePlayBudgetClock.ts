import { useEffect } from 'react';
import { addPlayTime } from './parent-lock-store';

const TICK_MS = 1_000;

/**
 * Counts play time against today's budget while `playing` (the game says a round is under way)
 * and the page is in sight; the game is paused by the portal while the tab is hidden.
 */
export function usePlayBudgetClock(playing: boolean): void {
  useEffect(() => {
    if (!playing) return undefined;
    let last = Date.now();
    const count = () => {
      const now = Date.now();
      if (!document.hidden) addPlayTime(now - last);
      last = now;
    };
    const timer = window.setInterval(count, TICK_MS);
    const onVisibility = () => {
      // Time spent hidden is not play; hiding counts the moments before it.
      if (document.hidden) count();
      else last = Date.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      count();
    };
  }, [playing]);
}
