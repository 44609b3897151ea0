import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { DeferredTooltip } from '../components/Deferred/DeferredTooltip';
import { FormattedMessage, useIntl } from '../i18n';
import { useOnline } from './network';

/**
 * Header badge while the device is offline. The header places one in its top bar from the `sm`
 * breakpoint and one beside the phone search box below it (the phone bar has no room).
 */
export function OfflineIndicator(props: { visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) {
  const intl = useIntl();
  const online = useOnline();
  if (online) return null;
  return (
    <DeferredTooltip label={intl.formatMessage({ id: 'offline.stillWorks', defaultMessage: "Pages and games you've opened before still work" })} withinPortal>
      <Badge
        {...props}
        role="status"
        color="orange"
        variant="light"
        size="lg"
        radius="xl"
        leftSection={<IconWifiOff size={14} aria-hidden />}
        data-testid="offline-indicator"
        style={{ flexShrink: 0 }}
      >
        <FormattedMessage id="offline.badge" defaultMessage="Offline" />
      </Badge>
    </DeferredTooltip>
  );
}
