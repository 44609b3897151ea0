import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { LazyModal } from '../../components/LazyModal/LazyModal';
import { FormattedMessage } from '../../i18n';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an admin action that changes what visitors or an account can do. */
export function ConfirmDialog({ opened, title, children, confirmLabel, color = 'red', loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          <FormattedMessage id="developer.common.cancel" defaultMessage="Cancel" />
        </Button>
        <Button color={color} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </LazyModal>
  );
}
