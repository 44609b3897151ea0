import { useEffect, useState, type RefObject } from 'react';
import { PLAY_BEAT_MS } from '../../../shared/kids-family';
import { trpc } from '../../trpc';

export type StopReason = 'budget' | 'bedtime';

/**
 * A paired device's play, counted by the server (issue #26): a heartbeat every 15 s while the game
 * frame is in sight (the page visible and the frame on screen), a last one marked `paused` when it
 * goes out of sight. The server counts only the time between beats of a play it started, and says
 * when the day's time is spent or bedtime began.
 */
export function useServerPlayClock(playId: number | null, frameRef: RefObject<HTMLElement | null>): StopReason | null {
  const [stopped, setStopped] = useState<StopReason | null>(null);
  // mutateAsync is stable across renders (react-query keeps one observer per hook).
  const { mutateAsync: send } = trpc.family.beat.useMutation();

  useEffect(() => {
    if (playId === null) return undefined;
    let onScreen = true;
    let beating = false;
    let timer: number | undefined;
    const inSight = () => document.visibilityState === 'visible' && onScreen;
    const tell = async (paused: boolean) => {
      try {
        const answer = await send({ id: playId, paused });
        if (!answer.running && answer.stopped) setStopped(answer.stopped);
      } catch {
        // A lost beat costs nothing: the next one counts the time since the last that arrived (up to its cap).
      }
    };
    const update = () => {
      const now = inSight();
      if (now === beating) return;
      beating = now;
      window.clearInterval(timer);
      if (now) {
        void tell(false);
        timer = window.setInterval(() => void tell(false), PLAY_BEAT_MS);
      } else {
        void tell(true);
      }
    };
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    if (frameRef.current) observer.observe(frameRef.current);
    document.addEventListener('visibilitychange', update);
    beating = inSight();
    if (beating) timer = window.setInterval(() => void tell(false), PLAY_BEAT_MS);
    return () => {
      window.clearInterval(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      if (beating) void tell(true);
    };
  }, [playId, frameRef, send]);

  return stopped;
}
