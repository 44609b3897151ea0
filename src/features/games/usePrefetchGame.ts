import { useCallback } from 'react';
import { pageModules } from '../../page-modules';
import { trpc } from '../../trpc';

/** Warms the game page's code and data when a card is hovered or focused, so opening it feels instant. */
export function usePrefetchGame(slug: string): () => void {
  const utils = trpc.useUtils();
  return useCallback(() => {
    void pageModules['./pages/Game.page.tsx']?.();
    void utils.games.bySlug.prefetch({ slug });
  }, [utils, slug]);
}
