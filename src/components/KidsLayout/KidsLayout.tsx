import { Suspense } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { Outlet, ScrollRestoration } from 'react-router-dom';

/** A calm frame with no header or footer: nothing in it leads out of the Kids Zone. */
export function KidsLayout() {
  return (
    <Box component="main" id="main" style={{ flex: 1 }}>
      <Suspense
        fallback={
          <Center mih="100vh">
            <Loader type="dots" color="teal" aria-label="Loading" />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </Box>
  );
}
