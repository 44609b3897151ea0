/**
 * What a game learns of how its player came, and what it adds to the portal's invite link
 * (PlayFree.multiplayer.entry, setInviteParams, setInvitable; the CrazyGames compatibility script's
 * getInviteParam, isInstantMultiplayer, showInviteButton and hideInviteButton map onto them).
 * The same frame checks as the room bridge: its own window and an allowlisted origin only.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { inviteParamsOf, QUICK_JOIN_PARAM, QUICK_JOIN_VALUE, ROOM_PARAM, type InviteParams } from '../../../shared/rooms';
import { isAllowedOrigin } from '../sdk/messages';
import { parseFrameRequest, type Entry } from './frameMessages';

/** How the player came to this page: an invite link (?room=, with the game's invite.* params) or "Join Game" (?join=public). */
export function entryOf(slug: string, location: Pick<Location, 'search' | 'origin'> = window.location): Entry {
  const query = new URLSearchParams(location.search);
  const code = query.get(ROOM_PARAM);
  const quick = query.get(QUICK_JOIN_PARAM) === QUICK_JOIN_VALUE;
  return { instant: code !== null || quick, code, params: inviteParamsOf(location.search), link: new URL(`/games/${encodeURIComponent(slug)}`, location.origin).href };
}

export function useRoomEntry({ iframe, allowedOrigins, slug, toGame }: {
  iframe: RefObject<HTMLIFrameElement | null>;
  allowedOrigins: readonly string[];
  slug: string;
  /** Posts to the game's frame as the room bridge does. */
  toGame: (message: object) => void;
}): { inviteParams: InviteParams; invitable: boolean } {
  const [inviteParams, setInviteParams] = useState<InviteParams>({});
  const [invitable, setInvitable] = useState(true);
  const latest = useRef({ slug, toGame });
  useEffect(() => {
    latest.current = { slug, toGame };
  });
  const allowlistKey = allowedOrigins.join('\n');

  useEffect(() => {
    const allowlist = allowlistKey ? allowlistKey.split('\n') : [];
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== iframe.current?.contentWindow || !isAllowedOrigin(event.origin, allowlist)) return;
      const request = parseFrameRequest(event.data);
      if (request?.type === 'entry') latest.current.toGame({ type: 'entry', requestId: request.requestId, entry: entryOf(latest.current.slug) });
      else if (request?.type === 'inviteParams') setInviteParams(request.params);
      else if (request?.type === 'invitable') setInvitable(request.on);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [iframe, allowlistKey]);

  return { inviteParams, invitable };
}
