/**
 * The one place that turns offline failures into UI: a mutation that cannot reach the server says
 * "You are offline" (never a vague error), and a page whose own data is not stored for offline use
 * gives way to the offline screen.
 */
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl, type IntlShape } from '../i18n';
import { toast } from '../notify';
import { CACHEABLE_PROCEDURES } from './catalog-cache';
import { isNetworkFailure, isOffline } from './network';
import { markOfflineFailure } from './offline-page';

/** Calls the player does not start (play counts, scores, play time): failing quietly is right. */
const BACKGROUND_MUTATIONS = new Set(['games.play', 'scores.submit', 'scores.playTime']);
/** A widget's data, not the page's (its absence must not replace the page). */
const SECONDARY_QUERIES = new Set(['scores.top']);

function procedureOf(key: readonly unknown[] | undefined): string {
  const path = key?.[0];
  return Array.isArray(path) ? path.join('.') : '';
}

const offlineToast = defineMessages({
  title: { id: 'offline.toastTitle', defaultMessage: 'You are offline' },
  text: { id: 'offline.toastText', defaultMessage: 'Check your internet connection and try again.' },
});

/** Says that what the player just asked for needs the network. */
export function toastOffline(intl: IntlShape): void {
  toast(intl.formatMessage(offlineToast.title), intl.formatMessage(offlineToast.text), 'error');
}

export function useOfflineHandling(queryClient: QueryClient): void {
  const intl = useIntl();
  useEffect(() => {
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (BACKGROUND_MUTATIONS.has(procedureOf(event.mutation.options.mutationKey))) return;
      if (!isOffline() && !isNetworkFailure(event.action.error)) return;
      // After the caller's own error toast (toasts replace each other): the cause is what matters.
      setTimeout(() => toastOffline(intl), 0);
    });
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const procedure = procedureOf(event.query.queryKey);
      if (!CACHEABLE_PROCEDURES.has(procedure) || SECONDARY_QUERIES.has(procedure)) return;
      // A refresh of data already on screen that fails offline leaves the page as it is.
      if (event.query.state.data !== undefined) return;
      if (isOffline() && isNetworkFailure(event.action.error)) markOfflineFailure();
    });
    return () => {
      offMutations();
      offQueries();
    };
  }, [queryClient, intl]);
}
