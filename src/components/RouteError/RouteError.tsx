import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { releaseEarlyInput } from '../../early-input';
import { useOnline } from '../../pwa/network';
import { OfflineScreen } from '../../pwa/OfflineScreen';

/** Shown if a page throws (for example a lazy chunk that failed to download after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const online = useOnline();
  // No page went live: taps from before now are answered here (its Reload button among them).
  useEffect(releaseEarlyInput, []);
  console.error('Route error', error);
  // Offline, a page never opened before has no stored code: say so rather than "went wrong".
  if (!online) return <OfflineScreen fullPage onRetry={() => window.location.reload()} />;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">The page could not be displayed. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button component="a" href="/" variant="subtle">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
