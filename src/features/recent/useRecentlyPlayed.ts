import { useSyncExternalStore } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { trpc } from '../../trpc';
import { devicePlays, serverDevicePlays, subscribeToDevicePlays } from './deviceRecent';

/** One game of Recently played, from the account (signed in) or this device (signed out). */
export type RecentGame = {
  id: number;
  slug: string;
  title: string;
  thumbUrl: string | null;
  lastPlayedAt: string;
  /** When the account's cloud save was last written: Continue starts from it. Null without one (always on a device). */
  savedAt: string | null;
};

const nothingToSubscribe = () => () => {};

/** Recently played, the latest first: the account's when signed in, else this device's. */
export function useRecentlyPlayed(): { games: RecentGame[]; loading: boolean; signedIn: boolean } {
  const { user, loading: checkingSession } = useAuth();
  const device = useSyncExternalStore(subscribeToDevicePlays, devicePlays, serverDevicePlays);
  // While React takes over the server's page, the device's plays read as the server's (none): still
  // loading, not "no plays" (the home row let go of the room held for it, and the page moved).
  const deviceRead = useSyncExternalStore(nothingToSubscribe, () => true, () => false);
  const account = trpc.recent.list.useQuery(undefined, { enabled: Boolean(user) });
  if (user) {
    return {
      signedIn: true,
      loading: account.isPending,
      games: (account.data ?? []).map((entry) => ({
        id: entry.game.id,
        slug: entry.game.slug,
        title: entry.game.title,
        thumbUrl: entry.game.thumbUrl,
        lastPlayedAt: entry.lastPlayedAt,
        savedAt: entry.savedAt,
      })),
    };
  }
  return {
    signedIn: false,
    loading: checkingSession || !deviceRead,
    games: device.map((play) => ({ id: play.id, slug: play.slug, title: play.title, thumbUrl: play.thumbUrl, lastPlayedAt: play.playedAt, savedAt: null })),
  };
}
