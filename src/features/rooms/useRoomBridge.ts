/**
 * The portal's end of PlayFree.multiplayer: listens to the game's frame (its own window and an
 * allowlisted origin only), holds the room's connection for it (RoomSession), and relays the
 * room's events back with postMessage. A game that never says hello costs nothing: no socket and
 * no engine code. An invite link (?room=CODE) is joined once the game has said hello and the
 * device may play online (a child's device only when the parent turned it on: useOnlinePlay).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { withInviteParams } from '../../../shared/rooms';
import { frameOrigin, isAllowedOrigin } from '../sdk/messages';
import { parseFrameRequest, ROOMS_PORTAL_SOURCE, SendGate, type RoomEvent, type RoomView } from './frameMessages';
import { RoomError, RoomSession, type RoomProblem } from './RoomSession';
import { useOnlinePlay } from './useOnlinePlay';
import { entryOf, useRoomEntry } from './useRoomEntry';

export type RoomStatus = 'idle' | 'connecting' | 'inRoom' | 'reconnecting' | 'lost';

export type RoomBridge = {
  /** The game plays online (it said hello). */
  enabled: boolean;
  /** This device may play online (false on a child's device until the parent turns it on, and while not known). */
  allowed: boolean;
  status: RoomStatus;
  room: RoomView | null;
  problem: RoomProblem | null;
  /** The room's invite link with the game's own params (PlayFree.multiplayer.setInviteParams), or null. */
  inviteLink: string | null;
  /** The game lets the player invite now (PlayFree.multiplayer.setInvitable). */
  invitable: boolean;
  /** Opens an invite-only room for the game's player count (the panel's "Invite a friend"). */
  invite(): void;
  leave(): void;
};

/** The "Invite a friend" panel shows: the game plays online and the device may (or was refused an invite link's room). */
export function roomPanelShown(rooms: RoomBridge): boolean {
  return rooms.enabled && (rooms.allowed || rooms.problem !== null);
}

function applyEvent(room: RoomView | null, event: RoomEvent): RoomView | null {
  if (event.type === 'room') return event.room;
  if (!room) return room;
  switch (event.type) {
    case 'playerJoin':
      return { ...room, players: [...room.players.filter((player) => player.id !== event.player.id), event.player] };
    case 'playerDrop':
    case 'playerReturn':
      return { ...room, players: room.players.map((player) => (player.id === event.id ? { ...player, connected: event.type === 'playerReturn' } : player)) };
    case 'playerLeave':
      return { ...room, players: room.players.filter((player) => player.id !== event.id) };
    case 'hostChange':
      return { ...room, host: event.id };
    case 'locked':
      return { ...room, locked: true };
    default:
      return room;
  }
}

export function useRoomBridge({ iframe, src, allowedOrigins, slug, offered = true }: {
  iframe: RefObject<HTMLIFrameElement | null>;
  src: string;
  allowedOrigins: readonly string[];
  slug: string;
  /** The page offers rooms at all (the Kids Zone's player only on a device paired to a profile). */
  offered?: boolean;
}): RoomBridge {
  const [enabled, setEnabled] = useState(false);
  const allowedOnDevice = useOnlinePlay(enabled && offered);
  const allowed = offered ? allowedOnDevice : false;
  const allowedNow = useRef(allowed);
  const [status, setStatus] = useState<RoomStatus>('idle');
  const [room, setRoom] = useState<RoomView | null>(null);
  const [problem, setProblem] = useState<RoomProblem | null>(null);
  const session = useRef<RoomSession | null>(null);
  const maxPlayers = useRef(2);
  const invitedTried = useRef(false);
  const gate = useRef(new SendGate());
  const target = frameOrigin(src);
  const allowlistKey = allowedOrigins.join('\n');

  const toGame = useCallback(
    (message: object) => {
      if (!target || !isAllowedOrigin(target, allowlistKey ? allowlistKey.split('\n') : [])) return;
      try {
        iframe.current?.contentWindow?.postMessage({ source: ROOMS_PORTAL_SOURCE, ...message }, target);
      } catch {
        // The frame is navigating; the game asks again when it is back.
      }
    },
    [iframe, target, allowlistKey],
  );

  const onEvent = useCallback(
    (event: RoomEvent) => {
      setRoom((now) => (event.type === 'closed' ? null : applyEvent(now, event)));
      if (event.type === 'room') setStatus('inRoom');
      if (event.type === 'connection') setStatus(event.state === 'reconnecting' ? 'reconnecting' : 'inRoom');
      if (event.type === 'closed') {
        session.current = null;
        setStatus(event.reason === 'lost' ? 'lost' : 'idle');
      }
      toGame(event);
    },
    [toGame],
  );

  const enter = useCallback(
    async (how: () => Promise<RoomSession>): Promise<RoomProblem | null> => {
      session.current?.leave();
      setProblem(null);
      setStatus('connecting');
      try {
        session.current = await how();
        return null;
      } catch (error) {
        const reason = error instanceof RoomError ? error.problem : 'unavailable';
        setProblem(reason);
        setStatus('idle');
        return reason;
      }
    },
    [],
  );
  const open = useCallback((max: number, access: 'public' | 'invite') => enter(() => RoomSession.open(slug, { maxPlayers: max, access }, onEvent)), [enter, slug, onEvent]);
  const join = useCallback((code: string) => enter(() => RoomSession.join(slug, code, onEvent)), [enter, slug, onEvent]);
  const quick = useCallback((max: number) => enter(() => RoomSession.quick(slug, max, onEvent)), [enter, slug, onEvent]);
  const entry = useRoomEntry({ iframe, allowedOrigins, slug, toGame });

  const handlers = useRef({ open, join, quick, toGame, slug });
  useEffect(() => {
    handlers.current = { open, join, quick, toGame, slug };
    allowedNow.current = allowed;
  });

  // Once the game said hello and the device's answer is in: tell the game whether it may play
  // online (its "Play online" shows only then), and join an invite link's room if it may, or an
  // open public room of the game when "Join Game" opened the page.
  useEffect(() => {
    if (!enabled || allowed === null) return;
    handlers.current.toGame({ type: 'status', available: allowed });
    const { instant, code } = entryOf(handlers.current.slug);
    if (!instant || !allowed || invitedTried.current) return;
    invitedTried.current = true;
    void (code ? handlers.current.join(code) : handlers.current.quick(maxPlayers.current));
  }, [enabled, allowed]);
  // A link into a room, opened where online play is off, says why nothing happens.
  const entryRefused = enabled && allowed === false && entryOf(slug).instant;

  useEffect(() => {
    const allowlist = allowlistKey ? allowlistKey.split('\n') : [];
    const answer = (requestId: string, reason: RoomProblem | null) => handlers.current.toGame({ type: 'answer', requestId, ok: reason === null, reason });
    const onMessage = (event: MessageEvent) => {
      if (event.source === null || event.source !== iframe.current?.contentWindow || !isAllowedOrigin(event.origin, allowlist)) return;
      const request = parseFrameRequest(event.data);
      if (!request) return;
      switch (request.type) {
        case 'hello':
          maxPlayers.current = request.maxPlayers;
          setEnabled(true);
          // A frame that loaded again says hello again: it hears the status anew.
          if (allowedNow.current !== null) handlers.current.toGame({ type: 'status', available: allowedNow.current });
          break;
        case 'create':
          if (allowedNow.current === false) answer(request.requestId, 'kids');
          else void handlers.current.open(request.maxPlayers, request.access).then((reason) => answer(request.requestId, reason));
          break;
        case 'join':
          if (allowedNow.current === false) answer(request.requestId, 'kids');
          else void handlers.current.join(request.code).then((reason) => answer(request.requestId, reason));
          break;
        case 'send':
          if (gate.current.allow(request.data)) session.current?.send(request.data);
          else console.warn('PlayFree.multiplayer.send: message dropped (over 30 a second or about 3.5 KB)');
          break;
        case 'lock':
          session.current?.lock();
          break;
        case 'leave':
          session.current?.leave();
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [iframe, allowlistKey]);

  // Leaving the page leaves the room (the others see the player go, not a 30 s wait).
  useEffect(() => () => session.current?.leave(), []);

  return {
    enabled,
    allowed: allowed === true,
    status,
    room,
    problem: problem ?? (entryRefused ? 'kids' : null),
    inviteLink: room ? withInviteParams(room.inviteLink, entry.inviteParams) : null,
    invitable: entry.invitable,
    invite: useCallback(() => void open(maxPlayers.current, 'invite'), [open]),
    leave: useCallback(() => session.current?.leave(), []),
  };
}
