import { useAuth } from '../auth/AuthProvider';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import type { ShownGame } from './shownGame';

function askToSignIn(): void {
  toast('Sign in required', 'Please sign in to add games to your favorites.', 'info');
}

/** A favourite call that failed; a session that ended is told by the app as a whole ("Session expired"). */
function onFavoriteFailed(error: unknown): void {
  console.error('Favorite failed', error);
}

/** The game page's Favorite button: adds or removes the game, and tells a signed-out visitor to sign in. */
export function useFavoriteToggle(game: ShownGame): { toggle: () => void; busy: boolean } {
  const { user, loading: sessionLoading } = useAuth();
  const utils = trpc.useUtils();

  const onFavoriteDone = async (isFavorited: boolean) => {
    // A refetch of the game still on its way (the signed-in view asked for after the page arrived)
    // may carry the state from before this change: cancel it, then show the change.
    await utils.games.bySlug.cancel({ slug: game.slug });
    utils.games.bySlug.setData({ slug: game.slug }, (old) => (old ? { ...old, isFavorited } : old));
    void utils.favorites.list.invalidate();
    // Favorites is the first collection.
    void utils.collections.invalidate();
    toast(
      isFavorited ? 'Added to favorites' : 'Removed from favorites',
      isFavorited ? 'Game added to your favorites!' : 'Game removed from your favorites.',
    );
  };
  const addFavorite = trpc.favorites.add.useMutation({ onSuccess: (data) => onFavoriteDone(data.isFavorited), onError: onFavoriteFailed });
  const removeFavorite = trpc.favorites.remove.useMutation({ onSuccess: (data) => onFavoriteDone(data.isFavorited), onError: onFavoriteFailed });

  const toggle = () => {
    // While a stored session is still being checked (right after the page arrives) the call goes
    // out with it: the server knows, and a 401 signs the page out with "Session expired".
    if (!user && !sessionLoading) {
      askToSignIn();
      return;
    }
    if (game.isFavorited) removeFavorite.mutate({ id: game.id });
    else addFavorite.mutate({ id: game.id });
  };

  return { toggle, busy: addFavorite.isPending || removeFavorite.isPending };
}
