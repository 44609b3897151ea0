import makeQrCode from 'qrcode-generator';

/** The QR code of `text` as SVG squares (qrcode-generator's modules; no script or markup injected). */
export function QrCode({ text, label, size = 148 }: { text: string; label: string; size?: number }) {
  const qr = makeQrCode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const cells: string[] = [];
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) if (qr.isDark(row, column)) cells.push(`M${column + 4} ${row + 4}h1v1h-1z`);
  }
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${count + 8} ${count + 8}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
