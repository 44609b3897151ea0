import { trpc } from '../../trpc';

/**
 * Whether this device may play online: yes, unless it is paired to a child's profile whose parent
 * has not turned online play on at /family. Null until known. Asked only once a game says it
 * plays online (`asked`), so other pages send nothing. The server applies the same rule to every
 * room request (server/rooms/rules.ts); this only keeps the page from offering what it would refuse.
 */
export function useOnlinePlay(asked: boolean): boolean | null {
  const device = trpc.family.device.useQuery(undefined, { enabled: asked, staleTime: 30_000 });
  if (!asked) return null;
  // Without an answer the server still decides: rooms are not hidden from everyone over a failed call.
  if (device.isError) return true;
  if (!device.data) return null;
  return !device.data.paired || device.data.onlinePlay;
}
