import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from './register';

/** "A new version is available — Reload", while a new service worker waits. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <Affix position={{ bottom: 20, left: 20 }} zIndex={400} maw="calc(100vw - 40px)">
      <Notification
        title="A new version is available"
        icon={<IconRefresh size={18} />}
        color="violet"
        withBorder
        radius="md"
        withCloseButton={false}
        data-testid="update-prompt"
        w={380}
        maw="100%"
      >
        <Text size="sm" c="dimmed" mb="xs">
          Reload to get the latest PlayFree.
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={applyUpdate} leftSection={<IconRefresh size={14} />}>
            Reload
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={dismissUpdate}>
            Later
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
