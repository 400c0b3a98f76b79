import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { shortAddress } from '../../lib/follow/short-address.ts';
import { loadQrEncoder } from '../../lib/qr-code.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { Words } from './words.tsx';

/**
 * The QR code is drawn as a PNG of this many pixels and scaled by the browser without
 * smoothing: about 25 px a module, so it stays sharp on a 4K projector and in a small preview.
 */
const QR_PIXELS = 1024;

/**
 * The congregation's join code over the screen: a large QR code of the follow link on white,
 * with the short address under it, sized in the screen's own units (at 1080p the code is about
 * 600 px, some 15 px a module, and the address 39 px tall), so it is scanned and read from the
 * back of a room, and the live view's preview shows the same picture.
 */
export function JoinCodeCard({ url, picture }: { url: string; picture: boolean }) {
  const src = useQrCode(url);
  const address = shortAddress(url);
  return (
    // Centred within the title-safe area above a one-line message, which leaves it whole.
    <Box
      sx={{
        position: 'absolute',
        top: '5cqh',
        bottom: '19cqh',
        left: '5cqw',
        right: '5cqw',
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <JoinCode src={src} address={address} picture={picture} />
    </Box>
  );
}

function JoinCode({
  src,
  address,
  picture,
}: {
  src: string | null;
  address: string;
  picture: boolean;
}) {
  const t = useT();
  return (
    <Box
      data-join-code
      sx={{
        maxWidth: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '1.5cqh',
        px: '3cqh',
        py: '2.5cqh',
        borderRadius: '1.5cqh',
        bgcolor: '#ffffff',
        color: '#000000',
        boxShadow: '0 0.5cqh 3cqh rgba(0, 0, 0, 0.5)',
        textAlign: 'center',
      }}
    >
      <Box sx={{ fontSize: '4.4cqh', fontWeight: 700, lineHeight: 1.2 }}>
        <Words text={t('projector.joinCodeCaption')} picture={picture} />
      </Box>
      {/* The square keeps its place while the code is drawn, so nothing jumps. */}
      <Box sx={{ width: '56cqh', height: '56cqh', flexShrink: 0 }}>
        {src && (
          <Box
            component="img"
            src={src}
            alt={picture ? '' : t('projector.qrLabel')}
            sx={{ display: 'block', width: '100%', height: '100%', imageRendering: 'pixelated' }}
          />
        )}
      </Box>
      <Box sx={{ fontSize: '3.6cqh', fontWeight: 600, lineHeight: 1.25, overflowWrap: 'anywhere' }}>
        <Words text={address} picture={picture} />
      </Box>
    </Box>
  );
}

/** `value` as a QR code (a PNG data URL), or null while it is drawn or if it could not be. */
function useQrCode(value: string): string | null {
  const [drawn, setDrawn] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    loadQrEncoder()
      .then((qrcode) =>
        qrcode.toDataURL(value, {
          type: 'image/png',
          // Medium correction: a code on a screen is not torn or stained, and fewer modules
          // make each one larger.
          errorCorrectionLevel: 'M',
          margin: 2,
          width: QR_PIXELS,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((src) => {
        if (current) setDrawn({ value, src });
      })
      .catch((error: unknown) =>
        console.warn('[projector] the join code could not be drawn', error),
      );
    return () => {
      current = false;
    };
  }, [value]);
  return drawn?.value === value ? drawn.src : null;
}
