// Mantine's base styles; each component's own come with it (vite.config.ts, mantineStylesPerComponent).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';

import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DeferredNotifications } from './components/Deferred/DeferredNotifications';
import { CoarsePointerGuessContext } from './features/games/useCoarsePointer';
import { AuthProvider } from './features/auth/AuthProvider';
import { PwaLayer } from './pwa/PwaLayer';
import { theme, themeColorSchemeManager } from './theme';
import { createTrpcClient, trpc } from './trpc';

const colorSchemeManager = themeColorSchemeManager();

/**
 * The providers around every page. The router comes from outside: the browser's router in
 * main.tsx, a static one when the server renders a page (entry-server.tsx). `coarsePointer` is
 * the server's guess of a touch screen for the page it renders (see useCoarsePointer).
 */
export function App({ queryClient, coarsePointer = false, children }: { queryClient: QueryClient; coarsePointer?: boolean; children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
          <DeferredNotifications />
          <PwaLayer queryClient={queryClient} />
          <CoarsePointerGuessContext.Provider value={coarsePointer}>
            <AuthProvider>{children}</AuthProvider>
          </CoarsePointerGuessContext.Provider>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
