import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { releaseEarlyInput } from '../../early-input';
import { FormattedMessage, useLocale } from '../../i18n';
import { localizedPath } from '../../i18n/addresses';
import { useOnline } from '../../pwa/network';
import { OfflineScreen } from '../../pwa/OfflineScreen';

/** Shown if a page throws (for example a lazy chunk that failed to download after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const online = useOnline();
  const { locale } = useLocale();
  // No page went live: taps from before now are answered here (its Reload button among them).
  useEffect(releaseEarlyInput, []);
  console.error('Route error', error);
  // Offline, a page never opened before has no stored code: say so rather than "went wrong".
  if (!online) return <OfflineScreen fullPage onRetry={() => window.location.reload()} />;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" maw={420} ta="center">
        <Title order={1}>
          <FormattedMessage id="routeError.title" defaultMessage="Something went wrong" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="routeError.text" defaultMessage="The page could not be displayed. Reloading usually fixes it." />
        </Text>
        <Button onClick={() => window.location.reload()}>
          <FormattedMessage id="routeError.reload" defaultMessage="Reload" />
        </Button>
        <Button component="a" href={localizedPath(locale, '/')} variant="subtle">
          <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
        </Button>
      </Stack>
    </Center>
  );
}
