import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { loadQrEncoder } from '../../../lib/qr-code.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

interface QrCodeImageProps {
  value: string;
  /** The image's accessible name. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/** `value` as a QR code: dark modules on white in both themes, with the standard quiet zone. */
export function QrCodeImage({ value, label, size = 200 }: QrCodeImageProps) {
  const t = useT();
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    loadQrEncoder()
      .then((qrcode) =>
        // A PNG drawn pixel by pixel at twice the size: crisp on high-density screens,
        // where an SVG scaled to a fraction of a pixel per module shows seams.
        qrcode.toDataURL(value, {
          type: 'image/png',
          errorCorrectionLevel: 'M',
          margin: 4,
          width: size * 2,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((src) => {
        if (current) setDrawn({ value, src });
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [value, size]);

  if (drawn?.value === value) {
    return (
      <img src={drawn.src} alt={label} width={size} height={size} style={{ display: 'block' }} />
    );
  }
  return (
    <Box sx={{ width: size, height: size, display: 'grid', placeItems: 'center' }}>
      {failed ? (
        <Typography variant="body2" sx={{ textAlign: 'center', lineHeight: 1.5 }}>
          {t('settings.qrCodeFailed')}
        </Typography>
      ) : (
        <CircularProgress aria-label={t('settings.drawingQrCode')} size={32} />
      )}
    </Box>
  );
}
