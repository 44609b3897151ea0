import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { AD_LIMITS } from '../../../shared/constants';
import { trpc } from '../../trpc';
import { setCurrentPageViewId } from './page-view';

/**
 * Asks the server for a page view on each route change (analytics.pageView) and makes it the
 * current one (page-view.ts). A game page's view names its game, once the page knows the game's id
 * (the same query the page makes); a missing game's page is the portal's. Renders nothing.
 */
export function PageViewTracker() {
  const location = useLocation();
  const utils = trpc.useUtils();
  const slug = matchPath('/games/:slug', location.pathname)?.params.slug;
  const game = trpc.games.bySlug.useQuery({ slug: slug ?? '' }, { enabled: slug !== undefined, retryOnMount: false });
  const waitingForGame = slug !== undefined && game.isPending;
  const gameId = slug !== undefined ? game.data?.id : undefined;
  const issuedFor = useRef<string | null>(null);

  useEffect(() => {
    setCurrentPageViewId(null);
  }, [location.key]);

  useEffect(() => {
    if (waitingForGame || issuedFor.current === location.key) return;
    issuedFor.current = location.key;
    const key = location.key;
    const path = `${location.pathname}${location.search}`.slice(0, AD_LIMITS.pathMax);
    utils.client.analytics.pageView
      .mutate({ path, ...(gameId !== undefined ? { gameId } : {}) })
      .then(({ pageViewId }) => {
        // A route left before the answer keeps its own view out of the next page's.
        if (issuedFor.current === key) setCurrentPageViewId(pageViewId);
      })
      // Offline or refused: the page reports no impressions, which is all a page view is for.
      .catch(() => undefined);
  }, [location.key, location.pathname, location.search, waitingForGame, gameId, utils]);

  return null;
}
