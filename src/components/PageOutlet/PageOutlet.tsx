import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { OfflineBoundary } from '../../pwa/OfflineBoundary';
import { ServiceUnavailable } from '../ServiceUnavailable/ServiceUnavailable';

/**
 * A layout's `<main>`: the route's page, with what a layout shows while the page's code loads
 * (`fallback`), while the server is unavailable and while the device is offline.
 */
export function PageOutlet({ fallback, pb }: { fallback: ReactNode; pb?: string }) {
  return (
    <Box component="main" id="main" style={{ flex: 1 }} pb={pb}>
      <Suspense fallback={fallback}>
        <ServiceUnavailable>
          <OfflineBoundary>
            <Outlet />
          </OfflineBoundary>
        </ServiceUnavailable>
      </Suspense>
    </Box>
  );
}
