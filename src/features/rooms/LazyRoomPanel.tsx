import { useEffect, useState } from 'react';
import type { RoomPanel as Panel } from './RoomPanel';
import { roomPanelShown, type RoomBridge } from './useRoomBridge';

let loadedPanel: typeof Panel | null = null;

/**
 * Whether the "Invite a friend" panel shows for `rooms` (then LazyRoomPanel renders it). Its code
 * (the QR code, copy and share buttons) loads once a game has asked for online play: most games
 * never do, and their pages no longer carry it (issue 57). This turns true once that code is here,
 * so the frame makes room and the panel appears in one render and nothing under them moves (a
 * frame that shrank while the code was on its way, then a panel, moved the page below twice). A
 * panel whose code could not load (the connection dropped) stays away rather than break the page.
 */
export function useRoomPanel(rooms: RoomBridge): boolean {
  const shown = roomPanelShown(rooms);
  const [loaded, setLoaded] = useState(() => loadedPanel !== null);
  useEffect(() => {
    if (!shown || loaded) return;
    let live = true;
    import('./RoomPanel').then(
      ({ RoomPanel }) => {
        loadedPanel = RoomPanel;
        if (live) setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, loaded]);
  return shown && loaded;
}

/** The panel, once useRoomPanel said it shows. */
export function LazyRoomPanel({ rooms }: { rooms: RoomBridge }) {
  const RoomPanel = loadedPanel;
  return RoomPanel ? <RoomPanel rooms={rooms} /> : null;
}
