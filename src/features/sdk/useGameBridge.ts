import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatCount } from '../games/format';
import type { Medal } from '../../../shared/schemas';
import {
  frameOrigin,
  isAllowedOrigin,
  parseSdkMessage,
  PlayClock,
  playTimeChunks,
  portalMessage,
  submittableScore,
  type PortalCommand,
  type SdkEvent,
} from './messages';

/** Play time is reported at least this often while a game is being played. */
export const PLAY_TIME_FLUSH_MS = 60_000;

export type BridgeStatus = 'waiting' | 'ready' | 'playing' | 'stopped' | 'over';

export interface GameBridgeOptions {
  /** The game's iframe (GameFrame's frameRef), null until it is rendered. */
  iframe: RefObject<HTMLIFrameElement | null>;
  src: string;
  allowedOrigins: readonly string[];
  gameId: number;
  title: string;
  /** Save final scores of signed-in players (the Kids Zone only reports play time). */
  saveScores: boolean;
}

export interface GameBridge {
  status: BridgeStatus;
  score: number | null;
  level: number | null;
  /** The score of the last finished round. */
  finalScore: number | null;
  /** A signed-out player finished a round: their score could have been saved. */
  signInHint: boolean;
  /** The personal best the signed-in player has just set, to highlight it in Top Scores. */
  newBest: { score: number; at: number } | null;
  /** The medal the game has just unlocked, for the toast in the player (signedOut: kept only once they sign in). */
  medalToast: MedalToast | null;
  dismissMedalToast: () => void;
  muted: boolean;
  toggleMute: () => void;
}

export type MedalToast = { medal: Medal; signedOut: boolean; at: number };

/**
 * Medals a signed-out player unlocked, per game: signing in while their play session lasts
 * unlocks them in the account (as `unsavedScores` below).
 */
const unsavedMedals = new Map<number, Set<string>>();

/**
 * The last score a signed-out player reached, per game: signing in from the hint saves it
 * (the game page remounts when the session changes, so it lives outside the component).
 */
const unsavedScores = new Map<number, { score: number; at: number }>();
const UNSAVED_SCORE_TTL_MS = 30 * 60_000;

const monotonicNow = () => performance.now();

/** Sends play time with a beacon, which outlives the page when the tab closes. */
function beaconPlayTime(gameId: number, seconds: number): boolean {
  try {
    if (typeof navigator.sendBeacon !== 'function') return false;
    const body = new Blob([JSON.stringify({ id: gameId, seconds })], { type: 'application/json' });
    return navigator.sendBeacon('/trpc/scores.playTime', body);
  } catch {
    return false;
  }
}

/**
 * The portal's end of the PlayFree SDK: reads the game's messages (only from its own frame and
 * an allowlisted origin), pauses it while the tab is hidden, mutes it on demand, and reports
 * play time, completed rounds and final scores to the server.
 */
export function useGameBridge({ iframe, src, allowedOrigins, gameId, title, saveScores }: GameBridgeOptions): GameBridge {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<BridgeStatus>('waiting');
  const [score, setScore] = useState<number | null>(null);
  const [level, setLevel] = useState<number | null>(null);
  const [finalScore, setFinalScore] = useState<number | null>(null);
  const [signInHint, setSignInHint] = useState(false);
  const [newBest, setNewBest] = useState<GameBridge['newBest']>(null);
  const [muted, setMuted] = useState(false);
  const [medalToast, setMedalToast] = useState<MedalToast | null>(null);

  const [clock] = useState(() => new PlayClock(monotonicNow));
  const mutedRef = useRef(false);
  const pausedByPortal = useRef(false);
  /** One saved score per round: a game must start a new round before its next score counts. */
  const roundScored = useRef(false);

  const allowlistKey = allowedOrigins.join('\n');
  const target = frameOrigin(src);
  const canPost = target !== null && isAllowedOrigin(target, allowlistKey ? allowlistKey.split('\n') : []);

  const post = useCallback(
    (type: PortalCommand) => {
      if (!canPost || !target) return;
      try {
        iframe.current?.contentWindow?.postMessage(portalMessage(type), target);
      } catch {
        // The frame is gone or navigating; the next message will try again.
      }
    },
    [iframe, canPost, target],
  );

  const flushPlayTime = useCallback(
    (leavingPage = false) => {
      for (const seconds of playTimeChunks(clock.take())) {
        if (leavingPage && beaconPlayTime(gameId, seconds)) continue;
        utils.client.scores.playTime.mutate({ id: gameId, seconds }).catch(() => undefined);
      }
    },
    [clock, gameId, utils],
  );

  const submit = trpc.scores.submit.useMutation({
    onSuccess: (saved) => {
      void utils.scores.top.invalidate({ id: gameId });
      void utils.scores.mine.invalidate({ id: gameId });
      if (saved.score > 0 && saved.score >= saved.personalBest) {
        setNewBest({ score: saved.score, at: Date.now() });
        toast('New personal best!', `You scored ${formatCount(saved.score)} in ${title}.`);
      }
    },
    onError: (error) => {
      console.error('Score not saved', error);
      toast('Score not saved', 'We could not save your score. Please try again later.', 'error');
    },
  });

  const onGameOver = (value: number | undefined) => {
    clock.stop();
    flushPlayTime();
    // The session reached the end of a round: the game's completion rate counts it (once per session).
    utils.client.analytics.complete.mutate({ id: gameId }).catch(() => undefined);
    setStatus('over');
    const final = submittableScore(value);
    setFinalScore(final);
    if (final !== null) setScore(final);
    if (final === null || !saveScores || roundScored.current) return;
    roundScored.current = true;
    if (user) {
      submit.mutate({ id: gameId, score: final });
    } else {
      unsavedScores.set(gameId, { score: final, at: Date.now() });
      setSignInHint(true);
    }
  };

  const unlockMedal = useCallback(
    (key: string) => {
      utils.client.medals.unlock.mutate({ id: gameId, medal: key }).then(
        ({ medal, newlyUnlocked }) => {
          if (!newlyUnlocked) return;
          setMedalToast({ medal, signedOut: false, at: Date.now() });
          void utils.medals.forGame.invalidate({ id: gameId });
          void utils.medals.mine.invalidate();
        },
        // Outside a play session or an id the game never declared: nothing to show the player.
        (error: unknown) => console.warn('Medal not unlocked', key, error),
      );
    },
    [gameId, utils],
  );

  const onMedal = (key: string) => {
    if (!saveScores) return;
    if (user) return unlockMedal(key);
    const unsaved = unsavedMedals.get(gameId) ?? new Set<string>();
    if (unsaved.has(key)) return;
    unsavedMedals.set(gameId, unsaved.add(key));
    // Signed out: the game's declared medal (a secret one shows only its points) with a sign-in hint.
    utils.medals.forGame.fetch({ id: gameId }).then(
      (medals) => {
        const medal = medals.find((candidate) => candidate.key === key) ?? medals.find((candidate) => candidate.secret && candidate.key === null);
        if (medal) setMedalToast({ medal, signedOut: true, at: Date.now() });
      },
      () => undefined,
    );
  };

  const unlockRef = useRef(unlockMedal);
  useEffect(() => {
    unlockRef.current = unlockMedal;
  });
  useEffect(() => {
    if (!user || !saveScores) return;
    const unsaved = unsavedMedals.get(gameId);
    unsavedMedals.delete(gameId);
    for (const key of unsaved ?? []) unlockRef.current(key);
  }, [user, gameId, saveScores]);

  const submitRef = useRef(submit.mutate);
  useEffect(() => {
    submitRef.current = submit.mutate;
  });
  useEffect(() => {
    if (!user || !saveScores) return;
    const unsaved = unsavedScores.get(gameId);
    unsavedScores.delete(gameId);
    if (unsaved && Date.now() - unsaved.at < UNSAVED_SCORE_TTL_MS) submitRef.current({ id: gameId, score: unsaved.score });
  }, [user, gameId, saveScores]);

  const handle = (event: SdkEvent) => {
    switch (event.type) {
      case 'loaded':
        setStatus((now) => (now === 'waiting' ? 'ready' : now));
        if (mutedRef.current) post('mute');
        if (document.hidden) {
          pausedByPortal.current = true;
          post('pause');
        }
        break;
      case 'gameplayStart':
        if (!document.hidden) clock.start();
        roundScored.current = false;
        setFinalScore(null);
        setStatus('playing');
        break;
      case 'gameplayStop':
        clock.stop();
        flushPlayTime();
        setStatus((now) => (now === 'over' ? now : 'stopped'));
        break;
      case 'score':
        setScore(event.value);
        break;
      case 'level':
        setLevel(event.value);
        break;
      case 'gameOver':
        onGameOver(event.value);
        break;
      case 'unlockMedal':
        onMedal(event.medal);
        break;
      case 'happyMoment':
        break;
    }
  };
  const handleRef = useRef(handle);
  const postRef = useRef(post);
  const flushRef = useRef(flushPlayTime);
  useEffect(() => {
    handleRef.current = handle;
    postRef.current = post;
    flushRef.current = flushPlayTime;
  });

  // Listening from the start: the frame's first message ("loaded") may come as soon as it is inserted.
  useEffect(() => {
    const allowlist = allowlistKey ? allowlistKey.split('\n') : [];
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== iframe.current?.contentWindow) return;
      if (!isAllowedOrigin(event.origin, allowlist)) return;
      const parsed = parseSdkMessage(event.data);
      if (parsed) handleRef.current(parsed);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [iframe, allowlistKey]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.hidden) {
        clock.stop();
        flushRef.current(true);
        pausedByPortal.current = true;
        postRef.current('pause');
      } else if (pausedByPortal.current) {
        pausedByPortal.current = false;
        postRef.current('resume');
      }
    };
    const onPageHide = () => {
      clock.stop();
      flushRef.current(true);
    };
    const timer = window.setInterval(() => {
      if (clock.running) flushRef.current();
    }, PLAY_TIME_FLUSH_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.clearInterval(timer);
      // Leaving the game page: report what was played so far.
      clock.stop();
      flushRef.current();
    };
  }, [clock]);

  const toggleMute = useCallback(() => {
    const next = !mutedRef.current;
    mutedRef.current = next;
    setMuted(next);
    post(next ? 'mute' : 'unmute');
  }, [post]);

  const dismissMedalToast = useCallback(() => setMedalToast(null), []);

  return { status, score, level, finalScore, signInHint, newBest, medalToast, dismissMedalToast, muted, toggleMute };
}
