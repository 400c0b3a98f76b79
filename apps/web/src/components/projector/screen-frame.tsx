import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ScreenMode } from '@segue/shared';
import { JoinCodeCard } from './join-code-card.tsx';
import { Words } from './words.tsx';

/**
 * The title-safe area: text keeps 5% of the screen's width clear on each side and 5% of its
 * height at the top and bottom, as broadcast and projector practice asks, so no line is lost to
 * overscan, a cropped projector or the edge of the screen. The background fills it all.
 */
const TITLE_SAFE = { top: '5%', bottom: '5%', left: '5%', right: '5%' } as const;

/** The lyrics' shadow, which keeps white text legible on the lighter backgrounds. */
export const SCREEN_TEXT_SHADOW = '0 2px 8px rgba(0, 0, 0, 0.85), 0 0 2px rgba(0, 0, 0, 0.9)';

interface ScreenFrameProps {
  mode: ScreenMode;
  /** The background layer: the projector's chosen one, or a preview's stand-in. */
  background: ReactNode;
  /** What the lyrics mode shows (the lyrics, the waiting message, or nothing on an item). */
  lyrics: ReactNode;
  /** The team's image for the logo mode, or null: then the team's name, large. */
  logoUrl: string | null;
  teamName: string;
  /** The message on screen (a lower third), or null. */
  message: string | null;
  /** The congregation's follow link while a driver shows it as a join code, else null. */
  joinCode?: string | null;
  /** On the projector itself: the message is an alert, so a screen reader there says it. */
  alertMessage?: boolean;
  /**
   * A picture of the screen (the leader's preview): hidden from screen readers, and its words
   * drawn by CSS, so the page's own text (the lyrics, the band's banner) is not found twice.
   */
  picture?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * What the congregation's screen shows, laid out in units of its own size (container query
 * units), so the projector at full screen and the leader's small preview are the same picture:
 * the lyrics or the logo over the background, or the background alone ("Clear"), or black; a
 * message as a lower third over any of them but black, which shows nothing else; and the join
 * code over any of them, black too (a screen kept dark before the service may invite the room
 * to follow), below the message.
 */
export function ScreenFrame({
  mode,
  background,
  lyrics,
  logoUrl,
  teamName,
  message,
  joinCode = null,
  alertMessage = false,
  picture = false,
  sx,
}: ScreenFrameProps) {
  return (
    <Box
      data-screen-mode={mode}
      aria-hidden={picture || undefined}
      sx={[
        {
          position: 'relative',
          containerType: 'size',
          overflow: 'hidden',
          color: '#ffffff',
          bgcolor: '#000000',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {mode !== 'black' && background}
      {mode === 'lyrics' && (
        <Box
          sx={{
            position: 'absolute',
            ...TITLE_SAFE,
            zIndex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {lyrics}
        </Box>
      )}
      {mode === 'logo' && (
        <Box
          sx={{
            position: 'absolute',
            ...TITLE_SAFE,
            zIndex: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {logoUrl ? (
            <Box
              component="img"
              src={logoUrl}
              alt={picture ? '' : teamName}
              sx={{ maxWidth: '70%', maxHeight: '70%', objectFit: 'contain' }}
            />
          ) : (
            <Box
              sx={{
                fontSize: '11cqh',
                fontWeight: 700,
                lineHeight: 1.15,
                textAlign: 'center',
                overflowWrap: 'anywhere',
                textShadow: SCREEN_TEXT_SHADOW,
              }}
            >
              <Words text={teamName} picture={picture} />
            </Box>
          )}
        </Box>
      )}
      {joinCode !== null && <JoinCodeCard url={joinCode} picture={picture} />}
      {mode !== 'black' && message !== null && (
        <LowerThird text={message} alert={alertMessage && !picture} picture={picture} />
      )}
    </Box>
  );
}

/**
 * A message for the congregation: a lower third, large enough to read from the back of a
 * room (5.6% of the screen's height: 60 px at 1080p), light on a dark, neutral panel: no
 * alarm red, nothing to close (nobody stands at the projector to close it).
 */
function LowerThird({ text, alert, picture }: { text: string; alert: boolean; picture: boolean }) {
  return (
    <Box
      data-lower-third
      role={alert ? 'alert' : undefined}
      sx={{
        position: 'absolute',
        left: '5cqw',
        right: '5cqw',
        bottom: '6cqh',
        // Over the join code: a message is for the room now.
        zIndex: 3,
        px: '3cqw',
        py: '2.2cqh',
        borderRadius: '1cqh',
        bgcolor: 'rgba(16, 16, 16, 0.86)',
        borderTop: '0.4cqh solid rgba(255, 255, 255, 0.35)',
        fontSize: '5.6cqh',
        fontWeight: 600,
        lineHeight: 1.25,
        textAlign: 'center',
        overflowWrap: 'anywhere',
        // A long message stays within the lower part of the screen.
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      <Words text={text} picture={picture} />
    </Box>
  );
}
