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
import type { Messages } from './i18n/catalogs';
import { I18nProvider, type Locale } from './i18n';
import { PwaLayer } from './pwa/PwaLayer';
import { theme, themeColorSchemeManager } from './theme';
import { createTrpcClient, trpc } from './trpc';

const colorSchemeManager = themeColorSchemeManager();

/**
 * The providers around every page. The router comes from outside: the browser's router in
 * main.tsx, a static one when the server renders a page (entry-server.tsx). `coarsePointer` is
 * the server's guess of a touch screen for the page it renders (see useCoarsePointer). `locale` and
 * its `messages` are already chosen and loaded (src/i18n): the first render is in the visitor's language.
 */
export function App({
  queryClient,
  coarsePointer = false,
  locale,
  messages,
  children,
}: {
  queryClient: QueryClient;
  coarsePointer?: boolean;
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const [trpcClient] = useState(createTrpcClient);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider locale={locale} messages={messages}>
          <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
            <DeferredNotifications />
            <PwaLayer queryClient={queryClient} />
            <CoarsePointerGuessContext.Provider value={coarsePointer}>
              <AuthProvider>{children}</AuthProvider>
            </CoarsePointerGuessContext.Provider>
          </MantineProvider>
        </I18nProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
