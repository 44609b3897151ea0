import type { ReactNode } from 'react';
import { Box, Group, Text, ThemeIcon, Title } from '@mantine/core';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  color?: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, icon, color = 'violet', actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mt="lg" mb="lg" gap="md">
      <Group gap="md" wrap="nowrap" align="center">
        {icon && (
          <ThemeIcon size={52} radius="lg" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
        )}
        <Box>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </Box>
      </Group>
      {actions}
    </Group>
  );
}
