import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import type { SetlistDetails } from '@segue/shared';
import { AnnouncementBanner } from '../../../components/announcement-banner.tsx';
import { LiveConnectionStatus } from '../../../components/live-connection-status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePeople } from '../../../lib/teams/teams.ts';
import { useLiveKeys } from '../hooks/use-live-keys.ts';
import { useLiveSetlist } from '../hooks/use-live-setlist.ts';
import type { LiveSetlist } from '../hooks/use-live-setlist.ts';
import { useMidiInput } from '../hooks/use-midi-input.ts';
import { usePartChange } from '../hooks/use-part-change.ts';
import { useTextSize } from '../hooks/use-text-size.ts';
import { midiAction } from '../utils/midi-message.ts';
import { activePartIndex } from '../utils/part-navigation.ts';
import { AnnounceSender } from './announce-sender.tsx';
import { FullSongView } from './full-song-view.tsx';
import { LiveSongHeader } from './live-song-header.tsx';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';
import { LiveViewControls } from './live-view-controls.tsx';
import type { Layout, ViewMode } from './live-view-controls.tsx';
import { MidiStatus } from './midi-status.tsx';
import { PartButtons } from './part-buttons.tsx';
import { PartTransitionBar } from './part-transition-bar.tsx';
import { SinglePartView } from './single-part-view.tsx';

/** /setlists/live/{id}: the leader steps through songs and parts, and every screen follows. */
export function LivePage() {
  const { id = '' } = useParams();
  return <LiveScreen key={id} setlistId={id} />;
}

function LiveScreen({ setlistId }: { setlistId: string }) {
  const live = useLiveSetlist(setlistId);
  useDocumentTitle(live.setlist ? `${live.setlist.name} · Live` : null);

  if (live.access === 'no-team') return <Navigate to="/setlists" replace />;
  if (live.access === 'loading') return <PageMessage>{T.loading}</PageMessage>;
  if (live.access === 'denied') return <PageMessage back>{T.accessDenied}</PageMessage>;
  if (!live.setlist || !live.entry) return <PageMessage back>{T.noSongs}</PageMessage>;
  return <LivePerformance live={live} setlist={live.setlist} entry={live.entry} />;
}

function PageMessage({ children, back = false }: { children: ReactNode; back?: boolean }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {back && (
          <IconButton component={RouterLink} to="/setlists" aria-label={T.back} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="p">
          {children}
        </Typography>
      </Stack>
    </Container>
  );
}

/** The live view itself, for a setlist with at least one song. */
interface LivePerformanceProps {
  live: LiveSetlist;
  setlist: SetlistDetails;
  /** The current song and its leader. */
  entry: SetlistDetails['songs'][number];
}

function LivePerformance({ live, setlist, entry }: LivePerformanceProps) {
  const { song } = entry;
  const songCount = setlist.songs.length;
  const { currentIndex, goToSong, goToPart, announce } = live;

  const [viewMode, setViewMode] = useState<ViewMode>('single');
  const [layout, setLayout] = useState<Layout>('column');
  const textSize = useTextSize();
  const [announceText, setAnnounceText] = useState('');

  // The part this screen chose, to tell apart parts that share a label.
  const [chosen, setChosen] = useState<{ songIndex: number; partIndex: number } | null>(null);
  const labels = song.parts.map((part) => part.label);
  const activeIndex = activePartIndex(
    labels,
    live.currentPartLabel,
    chosen?.songIndex === currentIndex ? chosen.partIndex : null,
  );
  const activePart = song.parts[activeIndex] ?? null;
  const change = usePartChange(currentIndex, activeIndex);

  const selectPart = (index: number) => {
    const part = song.parts[index];
    if (!part) return;
    setChosen({ songIndex: currentIndex, partIndex: index });
    if (part.label !== live.currentPartLabel) goToPart(part.label);
  };
  const moveSong = (delta: number) => {
    const target = Math.min(Math.max(currentIndex + delta, 0), songCount - 1);
    if (target !== currentIndex) goToSong(target);
  };
  const sendAnnouncement = useCallback(() => {
    if (announce(announceText)) setAnnounceText('');
  }, [announce, announceText]);

  const hasPreviousPart = activeIndex > 0;
  const hasNextPart = activeIndex >= 0 && activeIndex < song.parts.length - 1;
  const hasPreviousSong = currentIndex > 0;
  const hasNextSong = currentIndex < songCount - 1;

  useLiveKeys({
    previousPart: () => selectPart(activeIndex - 1),
    nextPart: () => selectPart(activeIndex + 1),
    previousSong: () => moveSong(-1),
    nextSong: () => moveSong(1),
  });

  const { status: midi, connect: connectMidi } = useMidiInput((data) => {
    const action = midiAction(data, song.parts.length);
    if (action?.type === 'selectPart') selectPart(action.partIndex);
    if (action?.type === 'announce') sendAnnouncement();
  });

  const people = usePeople(live.team?.members ?? []);
  const leaderId = entry.leader;
  const leader = leaderId ? people.data?.find((person) => person.$id === leaderId) : undefined;
  const leaderName = leaderId ? leader?.name || leader?.email || null : null;
  const myPositions = setlist.positions
    .filter((position) => live.userId !== null && position.assignedTo === live.userId)
    .map((position) => position.name);

  return (
    // At least a screen tall, so the part controls sit at the bottom of a short song.
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
      }}
    >
      <AnnouncementBanner announcement={live.announcement} />
      <Container maxWidth="lg" sx={{ pt: { xs: 2, sm: 3 }, pb: 2 }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
          >
            <LiveSongHeader
              title={song.title}
              artist={song.artist}
              songNumber={currentIndex + 1}
              songCount={songCount}
              leaderName={leaderName}
              positions={myPositions}
            />
            <Stack spacing={0.5} sx={{ alignItems: { md: 'flex-end' }, flexShrink: 0 }}>
              <LiveConnectionStatus status={live.status} onReconnect={live.reconnect} />
              <MidiStatus status={midi} onConnect={connectMidi} />
            </Stack>
          </Stack>

          <LiveViewControls
            viewMode={viewMode}
            onViewModeChange={setViewMode}
            layout={layout}
            onLayoutChange={setLayout}
            textSize={textSize}
          />

          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              startIcon={<SkipPreviousIcon />}
              onClick={() => moveSong(-1)}
              disabled={!hasPreviousSong}
            >
              {T.previousSong}
            </Button>
            <Button
              variant="outlined"
              endIcon={<SkipNextIcon />}
              onClick={() => moveSong(1)}
              disabled={!hasNextSong}
            >
              {T.nextSong}
            </Button>
          </Stack>

          <PartButtons parts={song.parts} activeIndex={activeIndex} onSelect={selectPart} />
          <PartTransitionBar changeCount={change.count} />

          <Box sx={{ minHeight: '30vh' }}>
            {!activePart && <Typography color="text.secondary">{T.noParts}</Typography>}
            {activePart && viewMode === 'single' && (
              <SinglePartView
                part={activePart}
                textSize={textSize.size}
                changeCount={change.count}
                direction={change.direction}
              />
            )}
            {activePart && viewMode === 'full' && (
              <FullSongView
                parts={song.parts}
                activeIndex={activeIndex}
                textSize={textSize.size}
                split={layout === 'split'}
              />
            )}
          </Box>

          <AnnounceSender
            value={announceText}
            onChange={setAnnounceText}
            onSend={sendAnnouncement}
          />
        </Stack>
      </Container>

      <Paper
        component="nav"
        aria-label={T.partControls}
        square
        elevation={8}
        sx={{
          position: 'sticky',
          bottom: 0,
          mt: 'auto',
          zIndex: (theme) => theme.zIndex.appBar - 1,
        }}
      >
        <Container maxWidth="lg" sx={{ py: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button
              size="large"
              variant="outlined"
              startIcon={<NavigateBeforeIcon />}
              onClick={() => selectPart(activeIndex - 1)}
              disabled={!hasPreviousPart}
              sx={{ flex: 1 }}
            >
              {T.previousPart}
            </Button>
            <Typography
              aria-hidden
              sx={{
                flex: 1,
                display: { xs: 'none', sm: 'block' },
                textAlign: 'center',
                fontWeight: 700,
                overflowWrap: 'anywhere',
              }}
            >
              {activePart?.label ?? ''}
            </Typography>
            <Button
              size="large"
              variant="contained"
              endIcon={<NavigateNextIcon />}
              onClick={() => selectPart(activeIndex + 1)}
              disabled={!hasNextPart}
              sx={{ flex: 1 }}
            >
              {T.nextPart}
            </Button>
          </Stack>
        </Container>
      </Paper>
    </Box>
  );
}
