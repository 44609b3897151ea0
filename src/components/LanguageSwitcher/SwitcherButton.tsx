import type { ComponentProps } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';

/** The language button, the same before and after its menu's code has loaded. */
export function SwitcherButton(props: ComponentProps<typeof ActionIcon<'button'>>) {
  return (
    <ActionIcon variant="default" size={36} radius="md" data-testid="language-switcher" {...props}>
      <IconLanguage size={18} />
    </ActionIcon>
  );
}
