import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { useState } from 'react';
import { MantineProvider, Tooltip } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../shared/constants';
import { AuthProvider } from './features/auth/AuthProvider';
import { PwaLayer } from './pwa/PwaLayer';
import { router } from './routes';
import { theme, themeColorSchemeManager } from './theme';
import { createQueryClient, createTrpcClient, trpc } from './trpc';

const colorSchemeManager = themeColorSchemeManager();

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="dark" colorSchemeManager={colorSchemeManager}>
          <Notifications
            limit={1}
            autoClose={TOAST_DURATION_MS}
            containerWidth={TOAST_MAX_WIDTH}
            position="bottom-right"
          />
          <PwaLayer queryClient={queryClient} />
          <Tooltip.Group openDelay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </Tooltip.Group>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
