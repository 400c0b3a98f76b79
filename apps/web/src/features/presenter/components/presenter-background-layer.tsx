import Box from '@mui/material/Box';
import { PRESET_BACKGROUNDS } from '../utils/backgrounds.ts';
import type { PresenterBackground } from '../utils/backgrounds.ts';

/** The chosen background behind everything, filling the screen; photos and videos are dimmed a little for the lyrics. */
export function PresenterBackgroundLayer({ background }: { background: PresenterBackground }) {
  const fill = { position: 'fixed', inset: 0, width: '100%', height: '100%' } as const;
  return (
    <Box aria-hidden sx={{ ...fill, zIndex: 0, bgcolor: '#000000', overflow: 'hidden' }}>
      {background.type === 'preset' && (
        <Box sx={{ ...fill, background: PRESET_BACKGROUNDS[background.name] }} />
      )}
      {background.type === 'image' && (
        <Box
          data-background="image"
          sx={{
            ...fill,
            backgroundImage: `url("${background.dataUrl}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
      )}
      {background.type === 'video' && (
        <Box
          component="video"
          src={background.url}
          autoPlay
          loop
          muted
          playsInline
          sx={{ ...fill, objectFit: 'cover' }}
        />
      )}
      {background.type !== 'preset' && <Box sx={{ ...fill, bgcolor: 'rgba(0, 0, 0, 0.35)' }} />}
    </Box>
  );
}
