import type { ComponentType } from 'react';
import { ActionIcon, Button } from '@mantine/core';

interface KidsButtonProps {
  label: string;
  /** A Tabler icon: drawn larger in the round button. */
  icon: ComponentType<{ size: number; 'aria-hidden': boolean }>;
  onClick: () => void;
  color?: string;
  variant?: 'filled' | 'light' | 'default';
  size?: 'md' | 'lg';
  /** From which breakpoint the words show beside the icon (a crowded header keeps them for wider screens). */
  wordsFrom?: 'sm' | 'lg';
}

const iconSizes = { md: { word: 20, round: 24, roundButton: 48 }, lg: { word: 24, round: 26, roundButton: 50 } };

/**
 * A big, rounded Kids Zone button: icon and words from the `sm` breakpoint, the icon alone (named
 * for screen readers) on a phone, whose header has no room for the words.
 */
export function KidsButton({ label, icon: Icon, onClick, color, variant = 'filled', size = 'md', wordsFrom = 'sm' }: KidsButtonProps) {
  const sizes = iconSizes[size];
  return (
    <>
      <Button visibleFrom={wordsFrom} size={size} radius="xl" variant={variant} color={color} leftSection={<Icon size={sizes.word} aria-hidden />} onClick={onClick}>
        {label}
      </Button>
      <ActionIcon hiddenFrom={wordsFrom} size={sizes.roundButton} radius="xl" variant={variant} color={color} onClick={onClick} aria-label={label}>
        <Icon size={sizes.round} aria-hidden />
      </ActionIcon>
    </>
  );
}
