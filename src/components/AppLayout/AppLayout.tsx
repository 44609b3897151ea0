import { Suspense, useEffect } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { pageTitle } from '../../features/usePageTitle';
import { OfflineBoundary } from '../../pwa/OfflineBoundary';
import { Footer } from '../Footer/Footer';
import { Header } from '../Header/Header';
import { ServiceUnavailable } from '../ServiceUnavailable/ServiceUnavailable';

function PageFallback() {
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader type="dots" aria-label="Loading page" />
    </Center>
  );
}

/** Static pages declare their document title in the route's handle. */
function useHandleTitle() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const title = (last?.handle as { title?: string } | undefined)?.title;
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);
}

export function AppLayout() {
  useHandleTitle();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Box component="main" id="main" style={{ flex: 1 }} pb="xl">
        <Suspense fallback={<PageFallback />}>
          <ServiceUnavailable>
            <OfflineBoundary>
              <Outlet />
            </OfflineBoundary>
          </ServiceUnavailable>
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
