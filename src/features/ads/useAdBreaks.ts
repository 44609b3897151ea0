import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AdBreakKind, AdBreakResult } from '../../../shared/ads';
import { REWARDED_GESTURE_MS, VIEWABLE_MS } from '../../../shared/ads';
import type { AgeRating } from '../../../shared/constants';
import { trpc } from '../../trpc';
import { currentPageViewId } from '../analytics/page-view';
import { frameOrigin, isAllowedOrigin, parseSdkMessage, portalMessage, type PortalCommand } from '../sdk/messages';
import { adBreakResultMessage, parseAdBreakRequest } from './break-messages';
import { refusedBreak } from './break-rules';
import { reportImpression } from './impressions';
import type { AdProvider, BreakOutcome } from './providers/types';
import { useAdConsent } from './consent';
import { useAdSettings } from './useAdSettings';

/** A break on screen: `breakId` is the id the server issued when the portal started it, which its impression names. */
export type ShowingBreak = { kind: AdBreakKind; provider: AdProvider; requestId: string; breakId: string };

type Options = {
  iframe: RefObject<HTMLIFrameElement | null>;
  src: string;
  allowedOrigins: readonly string[];
  gameId: number;
  ageRating: AgeRating;
  /** The Kids Zone's player: every break is refused (`kids`). */
  kidsZone: boolean;
  /** The player muted the game: it stays muted after a break. */
  playerMuted: boolean;
};

/**
 * The portal's side of PlayFree.ads.midgame() / rewarded(): applies the break rules
 * (break-rules.ts), asks the server to start the break for this page view (ads.startBreak: the
 * server counts only breaks it issued an id for), pauses and mutes the game while the provider's
 * break shows over the frame, counts the break's impression once it has been on screen for a second
 * (however young the page view), then resumes the game and answers it.
 */
export function useAdBreaks({ iframe, src, allowedOrigins, gameId, ageRating, kidsZone, playerMuted }: Options) {
  const settings = useAdSettings();
  const consent = useAdConsent();
  const utils = trpc.useUtils();
  const [showing, setShowing] = useState<ShowingBreak | null>(null);
  const play = useRef({ startedAt: null as number | null, lastBreakAt: null as number | null, lastMidgameAt: null as number | null, playedSinceLastBreak: false, showing: false });
  /** When the game's frame last took the focus (a tap in it), where the browser has no userActivation. */
  const frameFocusedAt = useRef<number | null>(null);
  /** The timer that counts the break on screen once it has been there a second. */
  const viewableTimer = useRef<number | undefined>(undefined);
  const target = frameOrigin(src);
  const allowlistKey = allowedOrigins.join('\n');

  const post = useCallback(
    (message: object) => {
      if (!target || !isAllowedOrigin(target, allowlistKey.split('\n'))) return;
      try {
        iframe.current?.contentWindow?.postMessage(message, target);
      } catch {
        // The frame is gone: nobody waits for the answer.
      }
    },
    [iframe, target, allowlistKey],
  );
  const command = useCallback((type: PortalCommand) => post(portalMessage(type)), [post]);

  const live = useRef({ settings, consent, kidsZone, ageRating, gameId, playerMuted, post, command, utils });
  useEffect(() => {
    live.current = { settings, consent, kidsZone, ageRating, gameId, playerMuted, post, command, utils };
  });

  useEffect(() => {
    const allowlist = allowlistKey ? allowlistKey.split('\n') : [];
    const playedMs = () => (play.current.startedAt === null ? 0 : performance.now() - play.current.startedAt);
    const recentTap = () => {
      const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
      if (activation) return activation.isActive;
      return frameFocusedAt.current !== null && performance.now() - frameFocusedAt.current < REWARDED_GESTURE_MS;
    };
    const answer = (requestId: string, result: AdBreakResult) => live.current.post(adBreakResultMessage(requestId, result));
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== iframe.current?.contentWindow || !isAllowedOrigin(event.origin, allowlist)) return;
      const sdkEvent = parseSdkMessage(event.data);
      if (sdkEvent) {
        play.current.startedAt ??= performance.now();
        if (sdkEvent.type === 'gameplayStart') play.current.playedSinceLastBreak = true;
        return;
      }
      const request = parseAdBreakRequest(event.data);
      if (!request) return;
      play.current.startedAt ??= performance.now();
      const { settings: ads, kidsZone: kids, ageRating: rating } = live.current;
      const reason = refusedBreak({
        kind: request.kind,
        provider: ads?.provider ?? 'none',
        kidsZone: kids,
        ageRating: rating,
        playedMs: playedMs(),
        lastBreakAtPlayedMs: play.current.lastBreakAt,
        lastMidgameAtPlayedMs: play.current.lastMidgameAt,
        playedSinceLastBreak: play.current.playedSinceLastBreak,
        breakShowing: play.current.showing,
        // The game's frame says it had the tap, and the portal's page (to which the browser passes a frame's activation) agrees.
        recentGesture: request.gesture && recentTap(),
        midgameFirstSeconds: ads?.midgameFirstSeconds ?? 0,
        midgameGapSeconds: ads?.midgameGapSeconds ?? 0,
      });
      if (reason || !ads || ads.provider === 'none') {
        answer(request.requestId, { shown: false, rewarded: false, reason: reason ?? 'unfilled' });
        return;
      }
      const provider = ads.provider;
      const pageViewId = currentPageViewId();
      if (!pageViewId) {
        // No page view (offline, or not issued yet): the break could not be counted, so none is shown.
        answer(request.requestId, { shown: false, rewarded: false, reason: 'unfilled' });
        return;
      }
      play.current.showing = true;
      live.current.command('pause');
      live.current.command('mute');
      const giveUp = (why: AdBreakResult['reason']) => {
        play.current.showing = false;
        live.current.command('resume');
        if (!live.current.playerMuted) live.current.command('unmute');
        answer(request.requestId, { shown: false, rewarded: false, reason: why });
      };
      Promise.all([import('./providers'), live.current.utils.client.ads.startBreak.mutate({ pageViewId, kind: request.kind, gameId: live.current.gameId })]).then(
        ([{ adProviders }, { breakId }]) => {
          // The server would not count it (its own limits on this page's breaks): nothing is shown.
          if (breakId === null) giveUp('capped');
          else setShowing({ kind: request.kind, provider: adProviders[provider], requestId: request.requestId, breakId });
        },
        () => giveUp('unfilled'),
      );
    };
    const onBlur = () => {
      if (document.activeElement === iframe.current) frameFocusedAt.current = performance.now();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('blur', onBlur);
      window.clearTimeout(viewableTimer.current);
    };
  }, [iframe, allowlistKey]);

  const onShown = useCallback(() => {
    if (!showing) return;
    const { utils: trpcUtils, gameId: id } = live.current;
    window.clearTimeout(viewableTimer.current);
    // The one-second rule is the break's own time on screen: a break closed sooner counts nothing.
    viewableTimer.current = window.setTimeout(() => reportImpression(trpcUtils.client, { kind: 'break', breakId: showing.breakId, gameId: id }), VIEWABLE_MS);
  }, [showing]);

  const onDone = useCallback(
    ({ shown, rewarded }: BreakOutcome) => {
      if (!showing) return;
      window.clearTimeout(viewableTimer.current);
      const now = play.current.startedAt === null ? 0 : performance.now() - play.current.startedAt;
      play.current = { ...play.current, showing: false, lastBreakAt: now, playedSinceLastBreak: false, lastMidgameAt: showing.kind === 'midgame' ? now : play.current.lastMidgameAt };
      setShowing(null);
      live.current.command('resume');
      if (!live.current.playerMuted) live.current.command('unmute');
      live.current.post(adBreakResultMessage(showing.requestId, { shown, rewarded: showing.kind === 'rewarded' && rewarded, reason: shown ? null : 'unfilled' }));
    },
    [showing],
  );

  return { showing, onShown, onDone, personalised: consent.personalised && !kidsZone };
}
