import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { DEFAULT_LOCALE, type SongPart as Part } from '@segue/shared';
import { linesInLanguages, screenPicks } from '../../../components/chart/lyric-languages.ts';
import { AnnouncementBanner } from '../../../components/announcement-banner.tsx';
import { LiveConnectionStatus } from '../../../components/live-connection-status.tsx';
import { useLocale, useT } from '../../../lib/i18n/i18n.ts';
import { createAppTheme } from '../../../lib/theme.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BeatPulse } from '../click/beat-pulse.tsx';
import { useBeatSource } from '../click/use-beat-source.ts';
import { useBandClock } from '../hooks/use-band-clock.ts';
import { useNow } from '../hooks/use-now.ts';
import { useStageFit, useViewportSize } from '../hooks/use-stage-fit.ts';
import { useStageSetlist } from '../hooks/use-stage-setlist.ts';
import type { StageSetlist } from '../hooks/use-stage-setlist.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import {
  elapsedSince,
  formatClock,
  formatElapsed,
  STAGE_TEXT_SIZE,
  stageTextSize,
} from '../utils/stage-display.ts';
import { ItemNotes } from './item-notes.tsx';
import { NextUp } from './next-up.tsx';
import { SongPart } from './song-part.tsx';

/**
 * A confidence monitor sits in the dark facing the band, whatever theme the rest of the app
 * uses: the dark palette's text and chord colours are the ones chosen for dark surfaces, and
 * on black each of them keeps well above 4.5:1.
 */
const stageTheme = createAppTheme('dark');

/** The set time before the first step: a dash, in every language. */
const NOT_STARTED = '—';

/** Gaps and margins that grow with the screen, as the text does. */
const STAGE_PADDING = 'clamp(12px, 2.5vw, 40px)';

/**
 * A long part's lines flow on into a second column; a line and its chords stay together (the
 * lines are SongPart's `data-line` elements; without them, only rows could be split apart).
 */
const TWO_COLUMNS = {
  columnCount: 2,
  columnGap: 'clamp(24px, 4vw, 64px)',
  columnRule: '1px solid rgba(255, 255, 255, 0.12)',
  '& h2': { breakAfter: 'avoid' },
  '& [data-line]': { breakInside: 'avoid' },
} as const;

/** /setlists/stage/{id}: the current part with chords, what comes next and the time, for the band. */
export function StagePage() {
  const { id = '' } = useParams();
  return (
    <ThemeProvider theme={stageTheme}>
      <StageScreen key={id} setlistId={id} />
    </ThemeProvider>
  );
}

function StageScreen({ setlistId }: { setlistId: string }) {
  const stage = useStageSetlist(setlistId);
  const t = useT();
  useDocumentTitle(
    stage.setlist ? t('live.stageDocumentTitle', { name: stage.setlist.name }) : null,
  );
  // A monitor on the floor must not dim or lock in the middle of a song.
  useWakeLock(stage.access === 'ready');

  if (stage.access === 'no-team') return <Navigate to="/setlists" replace />;

  let message: string | null = null;
  if (stage.access === 'loading') message = t('live.loading');
  else if (stage.access === 'denied') message = t('live.accessDenied');
  else if (stage.access === 'not-found') message = t('live.setlistNotFound');
  else if (!stage.song && !stage.item) message = t('live.noSongs');

  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        overflow: 'hidden',
        bgcolor: '#000000',
        color: 'text.primary',
      }}
    >
      {stage.access === 'ready' && <AnnouncementBanner announcement={stage.announcement} />}
      {message !== null ? (
        <StageMessage>{message}</StageMessage>
      ) : (
        <StagePerformance stage={stage} />
      )}
    </Box>
  );
}

function StageMessage({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: STAGE_PADDING,
      }}
    >
      <Typography
        component="h1"
        sx={{ fontSize: 'clamp(1.5rem, 4vw, 3rem)', fontWeight: 700, textAlign: 'center' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The stage display of a setlist with at least one entry (a song, or an item). */
function StagePerformance({ stage }: { stage: StageSetlist }) {
  const { song, item, partIndex, next, currentIndex, songCount } = stage;
  const t = useT();
  // The setlist's screen languages, first over second, as the projector shows them; the chords
  // stay over the main lyrics (docs/DECISIONS.md, "Screen and chart languages").
  const languages = stage.setlist?.lyricLanguages;
  const part = useMemo(
    () =>
      stage.part && {
        ...stage.part,
        lines: linesInLanguages(stage.part, song?.language ?? null, screenPicks(languages)),
      },
    [stage.part, song?.language, languages],
  );
  const viewport = useViewportSize();
  const area = useRef<HTMLDivElement>(null);
  const partKey = item ? `item:${item.index}` : `${currentIndex}:${partIndex}`;
  // The band's click as a pulse the band can see from the floor; the stage itself stays silent.
  const clock = useBandClock(stage.ping, stage.joins);
  const beats = useBeatSource(stage.click, clock.offsetMs, null);
  // As large as the screen allows; a long part in two columns, smaller, and at the smallest
  // size it scrolls (stage-display.ts).
  const fit = useStageFit(area, {
    contentKey: `${song?._id ?? ''}:${partKey}:${part ? partSize(part) : 0}:${viewport.width}:${languages?.join() ?? ''}`,
    max: stageTextSize(viewport.width, viewport.height),
    min: STAGE_TEXT_SIZE.min,
  });
  // A new part starts at its top.
  useLayoutEffect(() => {
    area.current?.scrollTo?.({ top: 0 });
  }, [partKey]);

  return (
    <Box
      sx={{
        height: '100%',
        boxSizing: 'border-box',
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr) auto',
        gridTemplateColumns: 'minmax(0, 1fr)',
        rowGap: 'clamp(8px, 2vh, 24px)',
        p: STAGE_PADDING,
      }}
    >
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="h1"
            sx={{
              fontSize: 'clamp(1.5rem, 3.6vw, 3rem)',
              fontWeight: 700,
              lineHeight: 1.15,
              overflowWrap: 'anywhere',
            }}
          >
            {item ? item.title : song?.title}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 3,
              color: 'text.secondary',
            }}
          >
            {song && (
              <Typography sx={{ fontSize: 'clamp(1rem, 2vw, 1.6rem)' }}>
                {t('live.songOf', { position: currentIndex + 1, total: songCount })}
              </Typography>
            )}
            {stage.musicalKey && (
              <Typography sx={{ fontSize: 'clamp(1rem, 2vw, 1.6rem)', fontWeight: 700 }}>
                {t('live.inKey', { key: stage.musicalKey })}
              </Typography>
            )}
            {stage.driver && (
              <Typography sx={{ fontSize: 'clamp(0.875rem, 1.4vw, 1.125rem)' }}>
                {t('live.movedBy', { name: stage.driver })}
              </Typography>
            )}
          </Box>
        </Box>
        <Box
          sx={{
            flexShrink: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-end',
            gap: 0.5,
            textAlign: 'right',
          }}
        >
          <StageClock startedAt={stage.startedAt} />
          <BeatPulse source={beats} size="large" />
          <LiveConnectionStatus status={stage.status} onReconnect={stage.reconnect} />
        </Box>
      </Box>

      <Box
        ref={area}
        // Focusable: a part that scrolls even at the smallest size can be scrolled by keyboard.
        tabIndex={0}
        sx={{
          minHeight: 0,
          overflowX: 'hidden',
          overflowY: 'auto',
          outline: 'none',
          '&:focus-visible': {
            boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.light}`,
          },
          // The part's label, read from across the stage like the song's title.
          '& h2': { fontSize: 'clamp(1rem, 2.2vw, 1.75rem)', lineHeight: 1.4 },
        }}
      >
        {item ? (
          <ItemNotes notes={item.notes} fontSize="clamp(1.25rem, 3vw, 2.5rem)" />
        ) : part ? (
          <Box sx={fit.columns === 2 ? TWO_COLUMNS : undefined}>
            <SongPart key={partKey} part={part} textSize={fit.size} active />
          </Box>
        ) : (
          <Typography sx={{ fontSize: 'clamp(1.25rem, 3vw, 2rem)', color: 'text.secondary' }}>
            {t('live.noParts')}
          </Typography>
        )}
      </Box>

      {next && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 'clamp(8px, 1.5vh, 16px)' }}>
          <NextUp next={next} large />
        </Box>
      )}
    </Box>
  );
}

/** A cheap mark of a part's length, so a part edited mid-service is fitted again. */
function partSize(part: Part): number {
  return part.lines.reduce((sum, line) => sum + line.chords.length + line.lyrics.length + 1, 0);
}

/** The local time, large, and how long the set has run; only this re-renders every second. */
function StageClock({ startedAt }: { startedAt: string | null }) {
  const now = useNow(1000);
  const elapsed = elapsedSince(startedAt, now);
  const setTimeId = useId();
  const t = useT();
  // English keeps the screen's own clock (24 h or 12 h as its locale prefers).
  const locale = useLocale();
  return (
    <>
      <Typography
        component="p"
        sx={{
          fontSize: 'clamp(2rem, 5.5vw, 4.5rem)',
          fontWeight: 700,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {formatClock(now, locale === DEFAULT_LOCALE ? undefined : locale)}
      </Typography>
      <Typography
        component="p"
        sx={{
          fontSize: 'clamp(1rem, 2.2vw, 1.75rem)',
          color: 'text.secondary',
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        <span id={setTimeId}>{t('live.setTime')}</span>{' '}
        <Box
          component="span"
          role="timer"
          aria-labelledby={setTimeId}
          sx={{ color: 'text.primary', fontWeight: 700 }}
        >
          {elapsed === null ? NOT_STARTED : formatElapsed(elapsed)}
        </Box>
      </Typography>
    </>
  );
}
