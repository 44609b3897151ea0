import { Stack, Text } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useIntl } from '../../i18n';

/** The QR code of `text` as SVG squares (qrcode-generator's modules; no script or markup injected). */
function QrCode({ text, label }: { text: string; label: string }) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const cells: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) if (qr.isDark(row, column)) cells.push(`M${column + 4} ${row + 4}h1v1h-1z`);
  }
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${count + 8} ${count + 8}`} width={148} height={148} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}

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
