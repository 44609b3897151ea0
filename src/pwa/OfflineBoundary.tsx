import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { clearOfflineFailure, keepOfflineFailureOnlyFor, useOfflineFailure } from './offline-page';
import { OfflineScreen } from './OfflineScreen';

/** Around the routed page: the offline screen replaces a page whose data could not load offline. */
export function OfflineBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const key = `${location.pathname}${location.search}`;
  const failed = useOfflineFailure(key);

  useEffect(() => keepOfflineFailureOnlyFor(key), [key]);

  if (!failed) return children;
  return (
    <OfflineScreen
      onRetry={() => {
        clearOfflineFailure();
        void queryClient.refetchQueries({ type: 'active' });
      }}
    />
  );
}
