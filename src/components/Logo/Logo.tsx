import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={size === 'lg' ? 40 : 34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'violet', to: 'pink', deg: 135 }}
        aria-hidden
      >
        <IconPlayerPlayFilled size={size === 'lg' ? 22 : 18} />
      </ThemeIcon>
      <Text fw={900} fz={size === 'lg' ? 26 : 21} lh={1} style={{ letterSpacing: '-0.02em' }}>
        {PORTAL_NAME}
      </Text>
    </Group>
  );
}
