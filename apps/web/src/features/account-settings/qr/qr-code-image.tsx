import { useMemo } from 'react';
import { encodeQr } from './qr-code.ts';

const QUIET_ZONE = 4;

interface QrCodeImageProps {
  value: string;
  /** The image's accessible name. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/** `value` as a QR code: dark modules on white in both themes, with the standard quiet zone. */
export function QrCodeImage({ value, label, size = 200 }: QrCodeImageProps) {
  const { path, extent } = useMemo(() => {
    const code = encodeQr(value);
    let d = '';
    code.modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
      }),
    );
    return { path: d, extent: code.size + 2 * QUIET_ZONE };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
