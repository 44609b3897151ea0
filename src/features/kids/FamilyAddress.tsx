import { Stack, Text } from '@mantine/core';
import { QrCode } from '../../components/QrCode/QrCode';
import { useIntl } from '../../i18n';

/**
 * Where a parent sets the zone up, as an address and a QR code a phone's camera opens (issue #38:
 * the tablet said "open Kids Zone for parents" and gave no address). The origin is the page's own,
 * known in the browser only: the dialogs showing this open there, never in a server rendering.
 */
export function FamilyAddress() {
  const intl = useIntl();
  const address = new URL('/family', window.location.href).href;
  return (
    <Stack gap={4} align="center" ta="center">
      <QrCode text={address} label={intl.formatMessage({ id: 'family.qrLabel', defaultMessage: 'QR code of {address}' }, { address })} />
      <Text fw={700} ff="monospace" size="sm" data-testid="family-address" style={{ wordBreak: 'break-all' }} dir="ltr">
        {address}
      </Text>
    </Stack>
  );
}
