import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import CampaignIcon from '@mui/icons-material/Campaign';
import CloseIcon from '@mui/icons-material/Close';
import { useT } from '../lib/i18n/i18n.ts';

/** How long a banner stays before it goes by itself: a message, not a fixture. */
export const ANNOUNCEMENT_SHOWN_MS = 10_000;

/**
 * Spec section 9: the banner flashes for 1 s, three times. White text stays above 4.5:1 on
 * both reds; the yellow edge makes the flash visible from the back of a stage.
 */
const flash = keyframes`
  0%, 100% { background-color: #8e0000; box-shadow: inset 0 0 0 0 #ffd600; }
  50% { background-color: #d32f2f; box-shadow: inset 0 0 0 4px #ffd600; }
`;

interface AnnouncementBannerProps {
  /** The latest announcement; a new id shows (and flashes) the banner again. */
  announcement: { id: number; message: string } | null;
}

/** A message across the top of a live screen, until someone closes it or 10 s have passed. */
export function AnnouncementBanner({ announcement }: AnnouncementBannerProps) {
  const t = useT();
  const [closedId, setClosedId] = useState<number | null>(null);
  const id = announcement?.id ?? null;
  useEffect(() => {
    if (id === null) return;
    const timer = setTimeout(() => setClosedId(id), ANNOUNCEMENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [id]);
  if (!announcement || announcement.id === closedId) return null;

  return (
    <Box
      // A new element per announcement, so screen readers announce it and the flash restarts.
      key={announcement.id}
      role="alert"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        py: 1.5,
        color: '#ffffff',
        bgcolor: '#8e0000',
        boxShadow: 6,
        animation: `${flash} 1s ease-in-out 3`,
      }}
    >
      <CampaignIcon aria-hidden sx={{ flexShrink: 0 }} />
      <Typography
        sx={{ flexGrow: 1, fontWeight: 700, fontSize: '1.25rem', overflowWrap: 'anywhere' }}
      >
        {announcement.message}
      </Typography>
      <IconButton
        aria-label={t('live.closeAnnouncement')}
        onClick={() => setClosedId(announcement.id)}
        sx={{ color: 'inherit' }}
      >
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
