import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/Settings';
import { screenPicks, screenRows } from '../../../components/chart/lyric-languages.ts';
import { LiveConnectionStatus } from '../../../components/live-connection-status.tsx';
import { ScreenFrame } from '../../../components/projector/screen-frame.tsx';
import { useScreenMessage } from '../../../components/projector/use-screen-message.ts';
import { useTeamImage } from '../../../lib/teams/team-image.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useBlackout } from '../hooks/use-blackout.ts';
import { useFullscreen, useFullscreenKey } from '../hooks/use-fullscreen.ts';
import { usePresenterBackground } from '../hooks/use-presenter-background.ts';
import { usePresenterSetlist } from '../hooks/use-presenter-setlist.ts';
import { PresenterBackgroundLayer } from './presenter-background-layer.tsx';
import { LYRICS_SHADOW, PresenterLyrics } from './presenter-lyrics.tsx';
import { PresenterSettingsDialog } from './presenter-settings-dialog.tsx';

/** How long the pointer may rest before the cursor and the settings button fade away. */
const IDLE_MS = 3000;

/** Above the lower third and everything else on the screen. */
const BLACKOUT_Z_INDEX = 1600;

/** /setlists/presenter/{id}: the active part's lyrics on the projector, nothing else. */
export function PresenterPage() {
  const { id = '' } = useParams();
  return <PresenterScreen key={id} setlistId={id} />;
}

function PresenterScreen({ setlistId }: { setlistId: string }) {
  const presenter = usePresenterSetlist(setlistId);
  const backgroundSettings = usePresenterBackground();
  const { fullscreen, toggle } = useFullscreen();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const idle = useIdlePointer();
  const t = useT();
  const { blackedOut } = useBlackout();
  useFullscreenKey(toggle);
  useDocumentTitle(presenter.setlist?.name ?? null);
  const message = useScreenMessage(presenter.screen.message);
  const logo = useTeamImage(
    presenter.screen.mode === 'logo' ? (presenter.team?._id ?? null) : null,
  );

  if (presenter.access === 'no-team') return <Navigate to="/setlists" replace />;

  let content: ReactNode;
  if (presenter.access === 'loading') content = <Message>{t('presenter.loading')}</Message>;
  else if (presenter.access === 'denied')
    content = <Message>{t('presenter.accessDenied')}</Message>;
  else if (presenter.access === 'not-found')
    content = <Message>{t('live.setlistNotFound')}</Message>;
  const ready = content === undefined;
  // Between songs (a welcome, a sermon) the room sees the background alone, not the waiting
  // message: no lyrics, and the settings as with lyrics.
  const waiting = ready && !presenter.part && !presenter.onItem;
  const showing = ready && !waiting;
  // The drivers' choice (black, background only, logo; a message) holds from the first moment:
  // a screen kept dark before the service starts is one (docs/DECISIONS.md, "The projector
  // from the live view"). Lyrics before the first part are the waiting message.
  const mode = ready ? presenter.screen.mode : 'lyrics';

  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        overflow: 'hidden',
        color: '#ffffff',
        bgcolor: '#000000',
        cursor: idle && !settingsOpen ? 'none' : 'auto',
      }}
    >
      {/* Exactly one h1 at every moment: a message page's message, else the setlist's name. */}
      {ready && (
        <Typography component="h1" sx={visuallyHidden}>
          {presenter.setlist?.name ?? ''}
        </Typography>
      )}
      <ScreenFrame
        mode={mode}
        background={<PresenterBackgroundLayer background={backgroundSettings.background} />}
        lyrics={
          content ??
          (waiting ? (
            <WaitingMessage />
          ) : (
            presenter.part && (
              <PresenterLyrics
                key={`${presenter.song?._id ?? ''}:${presenter.part.label}`}
                lines={screenRows(
                  presenter.part,
                  presenter.song?.language ?? null,
                  screenPicks(presenter.setlist?.lyricLanguages),
                )}
              />
            )
          ))
        }
        logoUrl={logo.url}
        teamName={presenter.team?.name ?? ''}
        message={ready ? message : null}
        joinCode={ready ? presenter.screen.joinCode : null}
        alertMessage
        sx={{
          position: 'absolute',
          inset: 0,
          // Hidden from screen readers too while blacked out, as from sight.
          visibility: blackedOut ? 'hidden' : 'visible',
        }}
      />

      {showing && !fullscreen && (
        <>
          <IconButton
            aria-label={t('presenter.settings')}
            onClick={() => setSettingsOpen(true)}
            sx={{
              // Bottom corner, out of the lyrics' way.
              position: 'absolute',
              bottom: 16,
              right: 16,
              zIndex: 2,
              color: '#ffffff',
              bgcolor: 'rgba(0, 0, 0, 0.4)',
              opacity: idle ? 0 : 0.85,
              transition: 'opacity 0.4s ease',
              '&:hover, &:focus-visible': { opacity: 1, bgcolor: 'rgba(0, 0, 0, 0.6)' },
            }}
          >
            <SettingsIcon />
          </IconButton>
          <LiveConnectionStatus
            status={presenter.status}
            onReconnect={presenter.reconnect}
            sx={{ position: 'absolute', left: 16, bottom: 16, zIndex: 2 }}
          />
        </>
      )}
      <PresenterSettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        settings={backgroundSettings}
      />

      {/* Key B: nothing readable on this projector, whatever the drivers chose. */}
      {blackedOut && (
        <Box
          aria-hidden
          sx={{ position: 'absolute', inset: 0, zIndex: BLACKOUT_Z_INDEX, bgcolor: '#000000' }}
        />
      )}
      {/* Always there, so screen readers hear the change. */}
      <Box role="status" sx={visuallyHidden}>
        {blackedOut ? t('presenter.blackedOut') : ''}
      </Box>
    </Box>
  );
}

/** A page that is only a message (loading, access denied, not found): the message is its heading. */
function Message({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="h1"
      sx={{
        fontSize: 'clamp(1.25rem, 3vw, 2.5rem)',
        fontWeight: 600,
        textAlign: 'center',
        textShadow: LYRICS_SHADOW,
      }}
    >
      {children}
    </Typography>
  );
}

/**
 * Small, dim and low: the congregation may see this before the service starts, and should not
 * read it. The grey still has 7.8:1 on black, and the lyrics' shadow keeps it legible on the
 * lighter backgrounds.
 */
function WaitingMessage() {
  const t = useT();
  return (
    <Typography
      sx={{
        alignSelf: 'flex-end',
        fontSize: '1rem',
        fontWeight: 400,
        color: '#9e9e9e',
        textAlign: 'center',
        textShadow: LYRICS_SHADOW,
      }}
    >
      {t('projector.waiting')}
    </Typography>
  );
}

/** True once the pointer has rested for a while: a projector should not show a cursor. */
function useIdlePointer(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), IDLE_MS);
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), IDLE_MS);
    };
    window.addEventListener('pointermove', wake);
    window.addEventListener('keydown', wake);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', wake);
      window.removeEventListener('keydown', wake);
    };
  }, []);
  return idle;
}
