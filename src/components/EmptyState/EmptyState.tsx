import type { ReactNode } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

export function EmptyState({ children, icon, action }: { children: ReactNode; icon?: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          {icon ?? <IconMoodEmpty size={30} />}
        </ThemeIcon>
        <Text c="dimmed" fw={500}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
