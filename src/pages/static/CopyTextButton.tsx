import { Button } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';

/** Copies text to the clipboard and says whether it worked. */
export function CopyTextButton({
  value,
  label = 'Copy',
  copiedLabel = 'Copied',
  variant = 'light',
}: {
  value: string;
  label?: string;
  copiedLabel?: string;
  variant?: 'light' | 'subtle' | 'default' | 'filled';
}) {
  const clipboard = useClipboard({ timeout: 2000 });
  const failed = clipboard.error !== null;
  return (
    <Button
      size="xs"
      variant={variant}
      color={failed ? 'red' : clipboard.copied ? 'teal' : undefined}
      leftSection={failed ? <IconX size={14} /> : clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      onClick={() => {
        clipboard.reset();
        clipboard.copy(value);
      }}
      aria-live="polite"
    >
      {failed ? 'Copy failed' : clipboard.copied ? copiedLabel : label}
    </Button>
  );
}
