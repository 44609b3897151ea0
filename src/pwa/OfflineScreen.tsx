import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { FormattedMessage, useLocale } from '../i18n';
import { localizedPath } from '../i18n/addresses';

interface OfflineScreenProps {
  onRetry: () => void;
  /** Outside the layout (route errors): fill the window. */
  fullPage?: boolean;
}

/** Shown instead of a page that was never opened online, so nothing of it is stored. */
export function OfflineScreen({ onRetry, fullPage = false }: OfflineScreenProps) {
  const { locale } = useLocale();
  return (
    <Center mih={fullPage ? '100vh' : '60vh'} p="md" data-testid="offline-screen">
      <Stack align="center" ta="center" maw={440} gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconWifiOff size={38} />
        </ThemeIcon>
        <Title order={1} size="h2">
          <FormattedMessage id="offline.title" defaultMessage="You're offline" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="offline.notSaved"
            defaultMessage="This page hasn't been saved for offline use yet. Connect to the internet and try again — pages and games you've already opened still work."
          />
        </Text>
        <Group justify="center">
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            <FormattedMessage id="offline.retry" defaultMessage="Retry" />
          </Button>
          <Button component="a" href={localizedPath(locale, '/')} variant="default" leftSection={<IconHome size={16} />}>
            <FormattedMessage id="nav.home" defaultMessage="Home" />
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
