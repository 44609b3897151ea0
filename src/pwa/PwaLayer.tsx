import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { GameSaverHost } from './GameSaverHost';
import { useOfflineHandling } from './offline-handling';
import { registerServiceWorker } from './register';
import { UpdatePrompt } from './UpdatePrompt';

/** Everything app-wide of the PWA: the worker's registration, offline handling, the update prompt and saving played games. */
export function PwaLayer({ queryClient }: { queryClient: QueryClient }) {
  useEffect(registerServiceWorker, []);
  useOfflineHandling(queryClient);
  return (
    <>
      <UpdatePrompt />
      <GameSaverHost />
    </>
  );
}
