import { useEffect } from 'react';
import { CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import type { MedalToast as MedalToastState } from '../sdk/useGameBridge';
import { MedalIcon } from './MedalIcon';
import { FormattedMessage, useIntl } from '../../i18n';

/**
 * "Medal unlocked" over the game, inside the player (so it shows in fullscreen too): the medal's
 * icon, name and points; signed out, a reminder that signing in keeps it. Gone after a few seconds.
 */
export function MedalToast({ toast, onDismiss }: { toast: MedalToastState | null; onDismiss: () => void }) {
  const intl = useIntl();
  useEffect(() => {
    if (!toast) return undefined;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);
  if (!toast) return null;
  const { medal, signedOut } = toast;
  return (
    <Paper
      role="status"
      aria-live="polite"
      data-testid="medal-toast"
      shadow="lg"
      radius="lg"
      p="sm"
      withBorder
      style={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 2, width: 'min(340px, calc(100% - 24px))' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <MedalIcon icon={medal.icon} unlocked size={44} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" fw={700} c="yellow.7" tt="uppercase">
            <FormattedMessage id="medals.toast.title" defaultMessage="Medal unlocked" />
          </Text>
          <Text fw={700} truncate>
            {medal.name ?? intl.formatMessage({ id: 'medals.secretName', defaultMessage: 'Secret medal' })}
          </Text>
          <Text size="xs" c="dimmed">
            {signedOut ? (
              <FormattedMessage id="medals.toast.signIn" defaultMessage="Sign in to keep your medals." />
            ) : (
              <FormattedMessage id="medals.toast.points" defaultMessage="+{points} points" values={{ points: medal.points }} />
            )}
          </Text>
        </Stack>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'medals.toast.close', defaultMessage: 'Close' })} onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
