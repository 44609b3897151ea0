import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';

interface OfflineScreenProps {
  onRetry: () => void;
  /** Outside the layout (route errors): fill the window. */
  fullPage?: boolean;
}

/** Shown instead of a page that was never opened online, so nothing of it is stored. */
export function OfflineScreen({ onRetry, fullPage = false }: OfflineScreenProps) {
  return (
    <Center mih={fullPage ? '100vh' : '60vh'} p="md" data-testid="offline-screen">
      <Stack align="center" ta="center" maw={440} gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconWifiOff size={38} />
        </ThemeIcon>
        <Title order={1} size="h2">
          You&apos;re offline
        </Title>
        <Text c="dimmed">
          This page hasn&apos;t been saved for offline use yet. Connect to the internet and try again — pages and
          games you&apos;ve already opened still work.
        </Text>
        <Group justify="center">
          <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Retry
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={16} />}>
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
