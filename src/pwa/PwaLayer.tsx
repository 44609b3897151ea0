import { lazy, Suspense, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { GameSaverHost } from './GameSaverHost';
import { useOfflineHandling } from './offline-handling';
import { registerServiceWorker, useUpdateWaiting } from './register';

/** The update prompt's code loads only once a new version is waiting. */
const UpdatePrompt = lazy(async () => ({ default: (await import('./UpdatePrompt')).UpdatePrompt }));

/** Everything app-wide of the PWA: the worker's registration, offline handling, the update prompt and saving played games. */
export function PwaLayer({ queryClient }: { queryClient: QueryClient }) {
  useEffect(registerServiceWorker, []);
  useOfflineHandling(queryClient);
  const updateWaiting = useUpdateWaiting();
  return (
    <>
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <GameSaverHost />
    </>
  );
}
