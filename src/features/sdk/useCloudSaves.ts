import { useEffect, useRef, type RefObject } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { frameOrigin, isAllowedOrigin, PORTAL_SOURCE } from './messages';
import { answerSaveRequest, parseSaveRequest, saveAnswer } from './saves';

/**
 * Lets the game in the `iframe` ref keep its save in the signed-in player's account (the SDK's
 * PlayFree.save/load): answers its save requests, only from its own frame and an allowlisted
 * origin, and only to that origin. Signed out or offline, the game is told so and keeps its device
 * copy; signing in while it runs, or the connection coming back, tells it to sync (`saveSync`), so
 * its device progress reaches the account.
 */
export function useCloudSaves({ iframe, src, allowedOrigins, gameId }: { iframe: RefObject<HTMLIFrameElement | null>; src: string; allowedOrigins: readonly string[]; gameId: number }): void {
  const { user, loading } = useAuth();
  // While a stored session is being checked, ask the server anyway: it knows.
  const mayBeSignedIn = useRef(user !== null || loading);
  const allowlistKey = allowedOrigins.join('\n');
  const allowlist = allowlistKey ? allowlistKey.split('\n') : [];
  const target = frameOrigin(src);
  const canPost = target !== null && isAllowedOrigin(target, allowlist);

  const userId = user?.id ?? null;
  const signedInBefore = useRef(userId);
  useEffect(() => {
    mayBeSignedIn.current = userId !== null || loading;
    const signedInNow = userId !== null && signedInBefore.current !== userId;
    signedInBefore.current = userId;
    if (signedInNow && canPost && target) {
      try {
        iframe.current?.contentWindow?.postMessage({ source: PORTAL_SOURCE, type: 'saveSync' }, target);
      } catch {
        // The frame is gone: it loads its save when it starts again.
      }
    }
  }, [userId, loading, iframe, canPost, target]);

  useEffect(() => {
    if (!canPost || !target) return undefined;
    const origins = allowlistKey.split('\n');
    let active = true;
    const onMessage = (event: MessageEvent) => {
      const frame = iframe.current;
      if (event.source === null || !frame || event.source !== frame.contentWindow) return;
      if (!isAllowedOrigin(event.origin, origins)) return;
      const request = parseSaveRequest(event.data);
      if (!request) return;
      const answered = mayBeSignedIn.current ? answerSaveRequest(request, gameId) : Promise.resolve(saveAnswer(request.requestId, 'signed-out'));
      void answered.then((answer) => {
        if (!active) return;
        try {
          frame.contentWindow?.postMessage(answer, target);
        } catch {
          // The frame is gone or navigating: the SDK times the request out and keeps its device copy.
        }
      });
    };
    // The frame may not hear the connection return (browsers tell the top document first); the portal tells it.
    const onOnline = () => {
      if (!mayBeSignedIn.current) return;
      try {
        iframe.current?.contentWindow?.postMessage({ source: PORTAL_SOURCE, type: 'saveSync' }, target);
      } catch {
        // The frame is gone: it loads its save when it starts again.
      }
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    return () => {
      active = false;
      window.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
    };
  }, [iframe, canPost, target, allowlistKey, gameId]);
}
