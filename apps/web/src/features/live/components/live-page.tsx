import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { can, capoForKey, leadsSongIn, orderOfService } from '@segue/shared';
import type { SetlistDetails } from '@segue/shared';
import { AnnouncementBanner } from '../../../components/announcement-banner.tsx';
import { LiveConnectionStatus } from '../../../components/live-connection-status.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { liveStageMode } from '../../../lib/storage.ts';
import { useHideTopBar } from '../../../lib/top-bar-visibility.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { usePeople } from '../../../lib/teams/teams.ts';
import { keyCaption, linesForMe } from '../../../components/my-view/my-view.ts';
import {
  MyViewPanelWhenOpen,
  MyViewToggleButton,
} from '../../../components/my-view/my-view-toggle.tsx';
import { linesInLanguages } from '../../../components/chart/lyric-languages.ts';
import { lyricsOptionOf, useLyricsChoice } from '../../../components/my-view/use-lyrics-choice.ts';
import { useChordView } from '../../../components/my-view/use-chord-view.ts';
import { useLiveKeys } from '../hooks/use-live-keys.ts';
import { useLiveSetlist } from '../hooks/use-live-setlist.ts';
import type { LiveSetlist } from '../hooks/use-live-setlist.ts';
import { useMidiInput } from '../hooks/use-midi-input.ts';
import { usePartChange } from '../hooks/use-part-change.ts';
import { useTextSize } from '../hooks/use-text-size.ts';
import { useWakeLock } from '../hooks/use-wake-lock.ts';
import { useBandClock } from '../hooks/use-band-clock.ts';
import { BeatPulse } from '../click/beat-pulse.tsx';
import type { ClickScheduler } from '../click/click-scheduler.ts';
import { useClickSettings } from '../click/click-settings.ts';
import type { ClockReading } from '../click/clock-sync.ts';
import { useBeatSource } from '../click/use-beat-source.ts';
import { midiAction } from '../utils/midi-message.ts';
import {
  isCompact,
  isTabletWidth,
  PHONE_QUERY,
  SHORT_LANDSCAPE_QUERY,
} from '../utils/live-layout.ts';
import { useViewportSize } from '../hooks/use-stage-fit.ts';
import { shownKey } from '../../../components/chart/in-key.ts';
import { KeepKeysDialog } from '../../../components/chart/keep-keys-dialog.tsx';
import {
  keysToKeep,
  liveKeysBySong,
  notDeclined,
  type KeyToKeep,
} from '../../../components/chart/keep-keys.ts';
import { useCapoRule } from '../../../components/my-view/use-capo-rule.ts';
import {
  entryNumber,
  entryPosition,
  isInSet,
  livePosition as positionOf,
  nextPosition,
  previousPosition,
  samePosition,
  songAt,
  upNext,
} from '../utils/set-position.ts';
import type { SetPosition } from '../utils/set-position.ts';
import { AnnounceSender } from './announce-sender.tsx';
import { CongregationShare } from './congregation-share.tsx';
import { ProjectorControls } from './projector-controls.tsx';
import { projectorLyrics } from '../utils/projector-lyrics.ts';
import { FittedPartView } from './fitted-part-view.tsx';
import { FullSongView } from './full-song-view.tsx';
import { ItemNotes } from './item-notes.tsx';
import { LiveSongHeader, SongFacts } from './live-song-header.tsx';
import { LiveViewControls, StageModeToggle } from './live-view-controls.tsx';
import type { Layout, ViewMode } from './live-view-controls.tsx';
import { MidiStatus } from './midi-status.tsx';
import { NextUp } from './next-up.tsx';
import { PartButtons } from './part-buttons.tsx';
import { PartTransitionBar } from './part-transition-bar.tsx';
import { SinglePartView } from './single-part-view.tsx';

/* eslint-disable lingui/no-unlocalized-strings -- signs for the eye: the buttons have names */
const SMALLER_TEXT = 'A−';
const LARGER_TEXT = 'A+';
/* eslint-enable lingui/no-unlocalized-strings */

// Drivers only, and its select would weigh on every follower's first load.
const LiveKeySelect = lazy(() =>
  import('./live-key-select.tsx').then((m) => ({ default: m.LiveKeySelect })),
);

// Drivers only, like the key select: its select and buttons stay out of a follower's first load.
const ClickControls = lazy(() =>
  import('./click-controls.tsx').then((m) => ({ default: m.ClickControls })),
);
// This device's click: its player and its settings load once wanted (the live view's first
// load stays within its budget; most devices never turn the click on).
const ClickPlayer = lazy(() =>
  import('../click/click-player.tsx').then((m) => ({ default: m.ClickPlayer })),
);
const ClickSettingsPanel = lazy(() =>
  import('../click/click-settings-panel.tsx').then((m) => ({ default: m.ClickSettingsPanel })),
);

/** /setlists/live/{id}: the leader steps through songs and parts, and every screen follows. */
export function LivePage() {
  const { id = '' } = useParams();
  return <LiveScreen key={id} setlistId={id} />;
}

function LiveScreen({ setlistId }: { setlistId: string }) {
  const live = useLiveSetlist(setlistId);
  const t = useT();
  useDocumentTitle(live.setlist ? t('live.documentTitle', { name: live.setlist.name }) : null);

  if (live.access === 'no-team') return <Navigate to="/setlists" replace />;
  if (live.access === 'loading') return <PageMessage>{t('live.loading')}</PageMessage>;
  if (live.access === 'denied') return <PageMessage back>{t('live.accessDenied')}</PageMessage>;
  if (live.access === 'not-found')
    return <PageMessage back>{t('live.setlistNotFound')}</PageMessage>;
  // A setlist of items alone (a prayer meeting) still has an order to step through.
  if (!live.setlist || orderOfService(live.setlist).length === 0) {
    return <PageMessage back>{t('live.noSongs')}</PageMessage>;
  }
  return <LivePerformance live={live} setlist={live.setlist} />;
}

/** A page that is only a message: the message is its heading. */
function PageMessage({ children, back = false }: { children: ReactNode; back?: boolean }) {
  const t = useT();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {back && (
          <IconButton
            component={RouterLink}
            to="/setlists"
            aria-label={t('live.back')}
            edge="start"
          >
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="h1">
          {children}
        </Typography>
      </Stack>
    </Container>
  );
}

/**
 * The live view of a setlist with at least one entry (a song, or an item of its order of
 * service). Drivers (the team's owner and admins, and the setlist's song leaders) move
 * everyone; a follower's taps, keys and pedal browse this screen alone, until "Back to live".
 */
function LivePerformance({ live, setlist }: { live: LiveSetlist; setlist: SetlistDetails }) {
  const t = useT();
  const songCount = setlist.songs.length;
  const { currentIndex: liveSong, goToSong, goToPart, goToItem, announce } = live;
  // Offline, the screen shows the copy kept on the device: everyone browses it on their own,
  // and nothing is sent to the band, so a set played from memory does not replay on everyone's
  // screens when the signal returns (docs/DECISIONS.md, Offline, "Live offline").
  const changesAllowed = useChangesAllowed();
  // The setlist's fact the policy needs for a member: whether they lead one of its songs.
  const facts = { leadsSong: live.userId !== null && leadsSongIn(setlist, live.userId) };
  const allowed = (
    action:
      'driveLive' | 'announceOnScreen' | 'driveScreen' | 'shareWithCongregation' | 'driveClick',
  ) => changesAllowed && live.role !== null && can({ role: live.role }, action, facts);
  const isDriver = allowed('driveLive');

  const [viewMode, setViewMode] = useState<ViewMode>('single');
  const [layout, setLayout] = useState<Layout>('column');
  const textSize = useTextSize();
  const [announceText, setAnnounceText] = useState('');

  // Where the leader is: a song's part or an item. `chosen` tells apart parts of this screen's
  // choice that share a label.
  const [chosen, setChosen] = useState<SetPosition | null>(null);
  const livePosition = positionOf(
    setlist,
    live,
    chosen?.kind === 'song' && chosen.songIndex === liveSong ? chosen.partIndex : null,
  );

  // Where this follower looks on their own; null while following the leader.
  const [browse, setBrowse] = useState<SetPosition | null>(null);
  const browseValid = browse !== null && isInSet(setlist, browse);
  const browsing = browseValid && !samePosition(browse, livePosition);
  useEffect(() => {
    // The leader arrived where this follower looked ahead (or the song is gone): follow again.
    if (browse && !browsing) setBrowse(null);
  }, [browse, browsing]);
  const shown = browsing ? browse : livePosition;
  // Back online: land where the leader is, whatever was browsed without a signal.
  useEffect(() => {
    if (changesAllowed) setBrowse(null);
  }, [changesAllowed]);

  // An item of the order of service: its title and notes, no chords or parts.
  const item = shown.kind === 'item' ? (setlist.items[shown.itemIndex] ?? null) : null;
  const stored = shown.kind === 'song' ? (setlist.songs[shown.songIndex] ?? null) : null;
  // The chords as this musician reads them ("My view": capo, instrument, notation).
  const chordView = useChordView();
  const lyrics = useLyricsChoice();
  const capoRule = useCapoRule();
  const [myViewOpen, setMyViewOpen] = useState(false);
  // A musician's capo was set for the planned key: played live in another, it keeps their
  // shapes (or their capo, as this device chose). docs/DECISIONS.md, "Live keys and planned keys".
  const plannedEntry = shown.kind === 'song' ? live.planned?.songs[shown.songIndex] : undefined;
  const plannedKey = plannedEntry ? shownKey(plannedEntry) : null;
  const liveKey = stored ? shownKey(stored) : null;
  const myView = useMemo(
    () => ({
      ...chordView.view,
      capo: capoForKey(chordView.view.capo, plannedKey, liveKey, capoRule.rule),
    }),
    [chordView.view, plannedKey, liveKey, capoRule.rule],
  );
  const entry = useMemo(
    () =>
      stored && {
        ...stored,
        song: {
          ...stored.song,
          parts: stored.song.parts.map((part) => ({
            ...part,
            // The lyrics in this device's languages (My view), then its chords.
            lines: linesForMe(
              linesInLanguages(part, stored.song.language, lyrics.picks),
              shownKey(stored),
              myView,
            ),
          })),
        },
      },
    [stored, myView, lyrics.picks],
  );
  const song = entry?.song ?? null;
  const tempoCaption = song && plannedTempo(entry?.tempo ?? song.tempo, song.time);
  const activeIndex = shown.kind === 'song' ? shown.partIndex : -1;
  const activePart = song?.parts[activeIndex] ?? null;
  const change = usePartChange(entryNumber(setlist, shown), activeIndex);
  const title = item?.title ?? song?.title ?? '';

  /** Moves to a place in the set: everyone's, for a driver; this screen's, for a follower. */
  const goTo = (target: SetPosition | null) => {
    if (!target) return;
    if (!isDriver) {
      setBrowse(samePosition(target, livePosition) ? null : target);
      return;
    }
    setChosen(target);
    if (target.kind === 'item') {
      if (!samePosition(target, livePosition)) goToItem(target.itemIndex);
      return;
    }
    const part = setlist.songs[target.songIndex]?.song.parts[target.partIndex];
    // Leaving an item is a song step, even onto the song the set's index is already on.
    if (livePosition.kind === 'item' || target.songIndex !== liveSong) {
      goToSong(
        target.songIndex,
        target.partIndex > 0 && part
          ? { label: part.label, position: target.partIndex }
          : undefined,
      );
    } else if (
      part &&
      (part.label !== live.currentPartLabel || target.partIndex !== livePosition.partIndex)
    ) {
      // By label and place: the second of two parts called "Chorus" is followed as the second.
      goToPart(part.label, target.partIndex);
    }
  };
  const selectPart = (index: number) => {
    if (shown.kind === 'song' && song?.parts[index]) goTo(songAt(shown.songIndex, index));
  };
  // Previous Song and Next Song step entry by entry: an item is one.
  const previousEntry = entryPosition(setlist, shown, -1);
  const nextEntry = entryPosition(setlist, shown, 1);
  const previous = previousPosition(setlist, shown);
  const next = nextPosition(setlist, shown);
  const backToLive = () => setBrowse(null);
  const liveIsAt = t('live.liveIsAt', { where: placeName(setlist, livePosition) });

  // A move the server refused (a driver who is one no more, a part just gone) snaps back; say why.
  const { showToast } = useToast();
  const refusal = live.refusal;
  useEffect(() => {
    if (refusal) showToast(refusal.message, 'warning');
  }, [refusal, showToast]);

  // The band's click (docs/DECISIONS.md, "The click"): this device plays it when its musician
  // turned it on in My view, and pulses with it either way.
  const clock = useBandClock(live.ping, live.joins);
  const { settings: clickSettings } = useClickSettings();
  const [clickScheduler, setClickScheduler] = useState<ClickScheduler | null>(null);
  const beats = useBeatSource(live.click, clock.offsetMs, clickScheduler);
  const showClickError = useCallback(
    (message: string) => showToast(message, 'warning'),
    [showToast],
  );
  const clickPlayer = (clickSettings.enabled || clickSettings.sendMidiClock) && (
    <Suspense fallback={null}>
      <ClickPlayer click={live.click} offsetMs={clock.offsetMs} onScheduler={setClickScheduler} />
    </Suspense>
  );
  // My view with this device's click settings: under the controls in either layout.
  const myViewPanel = (
    <MyViewPanelWhenOpen
      open={myViewOpen}
      view={chordView.view}
      onChange={chordView.change}
      capoRule={capoRule}
      lyrics={lyricsOptionOf(stored?.song, lyrics)}
    >
      <ClickSettings timing={clock.reading} />
    </MyViewPanelWhenOpen>
  );
  const clickControls = allowed('driveClick') && (
    <Suspense fallback={null}>
      <ClickControls click={live.click} onSend={live.sendClick} onError={showClickError} />
    </Suspense>
  );

  const sendAnnouncement = useCallback(
    (options: { onScreen: boolean; seconds?: number | null } = { onScreen: false }) => {
      if (announce(announceText, options)) setAnnounceText('');
    },
    [announce, announceText],
  );

  // The run ends when a driver steps past its end: where it played a song in another key than
  // planned, they are asked whether the setlist keeps it.
  const [asking, setAsking] = useState<KeyToKeep[] | null>(null);
  const planned = live.planned;
  const liveKeys = live.liveKeys;
  // Read at each render, not kept: a No just answered (remembered on the device) counts at once.
  const keepable = planned
    ? notDeclined(setlist._id, keysToKeep(planned, liveKeysBySong(planned, liveKeys)))
    : [];
  const mayKeepKeys = isDriver && !next && keepable.length > 0;
  const nextOrEnd = () => {
    if (next) goTo(next);
    else if (mayKeepKeys) setAsking(keepable);
  };

  useLiveKeys({
    previousPart: () => goTo(previous),
    nextPart: nextOrEnd,
    previousSong: () => goTo(previousEntry),
    nextSong: () => goTo(nextEntry),
  });

  // On an item there is no part to select by place.
  const { status: midi, connect: connectMidi } = useMidiInput((data) => {
    const action = midiAction(data, song?.parts.length ?? 0);
    if (action?.type === 'selectPart') selectPart(action.partIndex);
    if (action?.type === 'announce') sendAnnouncement();
  });

  // Stage mode (the compact view): remembered on this device; until chosen, a follower's phone
  // opens compact, and a driver's only held sideways (live-layout.ts).
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const shortLandscape = useMediaQuery(SHORT_LANDSCAPE_QUERY, { noSsr: true });
  const [stagePreference, setStagePreference] = useState(liveStageMode.get);
  const stage = isCompact({ preference: stagePreference, isDriver, phone, shortLandscape });
  const tablet = isTabletWidth(useViewportSize().width);
  const partBarRef = useRef<HTMLElement>(null);
  const toggleStage = () => {
    const value = stage ? 'off' : 'on';
    liveStageMode.set(value);
    setStagePreference(value);
  };
  useHideTopBar(stage);
  useWakeLock(true);

  const people = usePeople(live.team?.members ?? []);
  const leaderId = entry?.leader ?? null;
  const leader = leaderId ? people.data?.find((person) => person.$id === leaderId) : undefined;
  const leaderName = leaderId ? leader?.name || leader?.email || null : null;
  const myPositions = setlist.positions
    .filter((position) => live.userId !== null && position.assignedTo === live.userId)
    .map((position) => position.name);

  const openPresenter = () =>
    window.open(
      `/setlists/presenter/${encodeURIComponent(setlist._id)}`,
      `segue-presenter-${setlist._id}`,
      'popup',
    );

  const content = (
    <Box sx={{ minHeight: stage ? 0 : '30vh' }}>
      {item && <ItemNotes notes={item.notes} fontSize={`${textSize.size}rem`} />}
      {song && !activePart && <Typography color="text.secondary">{t('live.noParts')}</Typography>}
      {activePart && viewMode === 'single' && tablet && (
        <FittedPartView
          part={activePart}
          partKey={`${entryNumber(setlist, shown)}:${activeIndex}`}
          textSize={textSize.size}
          changeCount={change.count}
          direction={change.direction}
          dense={stage}
          bottomBar={partBarRef}
        />
      )}
      {activePart && viewMode === 'single' && !tablet && (
        <SinglePartView
          part={activePart}
          textSize={textSize.size}
          changeCount={change.count}
          direction={change.direction}
          dense={stage}
        />
      )}
      {song && activePart && viewMode === 'full' && (
        <FullSongView
          parts={song.parts}
          activeIndex={activeIndex}
          textSize={textSize.size}
          split={layout === 'split'}
        />
      )}
    </Box>
  );

  // On a narrow phone, Back to live takes the text size buttons' place in the compact bar.
  const textSizeButton = { display: browsing ? { xs: 'none', sm: 'inline-flex' } : 'inline-flex' };

  const backToLiveButton = browsing && (
    <Button variant="contained" color="secondary" onClick={backToLive} sx={{ flexShrink: 0 }}>
      {t('live.backToLive')}
    </Button>
  );

  const songButtons = (
    <Stack direction="row" spacing={1}>
      <Button
        variant="outlined"
        startIcon={<SkipPreviousIcon />}
        onClick={() => goTo(previousEntry)}
        disabled={!previousEntry}
      >
        {t('live.previousSong')}
      </Button>
      <Button
        variant="outlined"
        endIcon={<SkipNextIcon />}
        onClick={() => goTo(nextEntry)}
        disabled={!nextEntry}
      >
        {t('live.nextSong')}
      </Button>
    </Stack>
  );

  const announceBox = (
    <>
      {allowed('driveScreen') && (
        <ProjectorControls
          screen={live.screen}
          lyrics={projectorLyrics(setlist, live)}
          team={live.team ?? null}
          onMode={live.setScreenMode}
          onTakeMessageOff={live.clearScreenMessage}
        />
      )}
      {allowed('shareWithCongregation') && live.team && live.role && (
        <CongregationShare
          setlistId={setlist._id}
          teamId={live.team._id}
          role={live.role}
          followers={live.followers}
          joinCode={live.screen.joinCode}
          onShowJoinCode={allowed('driveScreen') ? live.showJoinCode : null}
        />
      )}
      <AnnounceSender
        value={announceText}
        onChange={setAnnounceText}
        onSend={sendAnnouncement}
        isDriver={isDriver}
        mayShowOnScreen={allowed('announceOnScreen')}
      />
    </>
  );

  const partBar = (
    <Paper
      ref={partBarRef}
      component="nav"
      aria-label={t('live.partControls')}
      square
      elevation={8}
      sx={{
        position: 'sticky',
        bottom: 0,
        mt: 'auto',
        zIndex: (theme) => theme.zIndex.appBar - 1,
      }}
    >
      <Container maxWidth="lg" sx={{ py: stage ? 0.5 : 1, px: { xs: 1, sm: 2 } }}>
        {stage && browsing && (
          <Typography role="status" variant="body2" noWrap sx={{ pb: 0.5, fontWeight: 700 }}>
            {liveIsAt}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            size={stage ? 'medium' : 'large'}
            variant="outlined"
            startIcon={<NavigateBeforeIcon />}
            onClick={() => goTo(previous)}
            disabled={!previous}
            aria-label={t('live.previousPart')}
            sx={{ flex: stage ? '0 0 auto' : 1, minWidth: 0 }}
          >
            <Box component="span" sx={{ display: stage ? { xs: 'none', md: 'inline' } : 'inline' }}>
              {t('live.previousPart')}
            </Box>
          </Button>
          {/* On a phone outside stage mode the two buttons share the bar alone. */}
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              textAlign: 'center',
              display: stage ? 'block' : { xs: 'none', sm: 'block' },
            }}
          >
            <Typography aria-hidden noWrap sx={{ fontWeight: 700 }}>
              {item
                ? item.title
                : stage
                  ? `${title} · ${activePart?.label ?? ''}`
                  : (activePart?.label ?? '')}
            </Typography>
            {stage && (
              <NextUp
                next={upNext(setlist, shown)}
                sx={{ display: { xs: 'none', sm: 'block' }, '& p': { lineHeight: 1.3 } }}
              />
            )}
          </Box>
          {stage && backToLiveButton}
          {stage && (
            <>
              <IconButton
                aria-label={t('live.decreaseTextSize')}
                onClick={textSize.decrease}
                disabled={!textSize.canDecrease}
                sx={textSizeButton}
              >
                <Typography component="span" aria-hidden sx={{ fontWeight: 700 }}>
                  {SMALLER_TEXT}
                </Typography>
              </IconButton>
              <IconButton
                aria-label={t('live.increaseTextSize')}
                onClick={textSize.increase}
                disabled={!textSize.canIncrease}
                sx={textSizeButton}
              >
                <Typography component="span" aria-hidden sx={{ fontWeight: 700 }}>
                  {LARGER_TEXT}
                </Typography>
              </IconButton>
              <StageModeToggle on={stage} onToggle={toggleStage} compact />
            </>
          )}
          <Button
            size={stage ? 'medium' : 'large'}
            variant="contained"
            endIcon={<NavigateNextIcon />}
            onClick={nextOrEnd}
            disabled={!next && !mayKeepKeys}
            aria-label={t('live.nextPart')}
            sx={{ flex: stage ? '0 0 auto' : 1, minWidth: 0 }}
          >
            <Box component="span" sx={{ display: stage ? { xs: 'none', md: 'inline' } : 'inline' }}>
              {t('live.nextPart')}
            </Box>
          </Button>
        </Stack>
      </Container>
    </Paper>
  );

  const keepKeysDialog = asking && live.team && (
    <KeepKeysDialog
      teamId={live.team._id}
      setlistId={setlist._id}
      keys={asking}
      onDone={() => setAsking(null)}
    />
  );

  // The click's player first in both layouts, so that stage mode on or off keeps it playing.
  if (stage) {
    return (
      <>
        {clickPlayer}
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
          {keepKeysDialog}
          <AnnouncementBanner announcement={live.announcement} />
          <Typography component="h1" sx={visuallyHidden}>
            {title}
          </Typography>
          <Container maxWidth="lg" sx={{ px: { xs: 1, sm: 2 }, pt: 0.5, flexGrow: 1 }}>
            <LiveConnectionStatus status={live.status} onReconnect={live.reconnect} />
            <BeatPulse source={beats} />
            {content}
            <Stack spacing={1.5} sx={{ py: 2 }}>
              <NextUp next={upNext(setlist, shown)} sx={{ display: { sm: 'none' } }} />
              {/* Below the lyrics, a scroll away: the song's facts and the controls the bar has
                no room for. */}
              <Stack component="section" aria-label={t('live.songDetails')} spacing={1.5}>
                <SongFacts
                  songNumber={shown.kind === 'song' ? shown.songIndex + 1 : null}
                  songCount={songCount}
                  keyCaption={entry && keyCaption(shownKey(entry), myView)}
                  tempoCaption={tempoCaption}
                  leaderName={leaderName}
                  positions={myPositions}
                >
                  {live.driver && (
                    <Typography variant="body2">
                      {t('live.movedBy', { name: live.driver })}
                    </Typography>
                  )}
                </SongFacts>
                {songButtons}
                {song && (
                  <PartButtons parts={song.parts} activeIndex={activeIndex} onSelect={selectPart} />
                )}
                {clickControls}
                <Box>
                  <MyViewToggleButton
                    open={myViewOpen}
                    onToggle={() => setMyViewOpen((open) => !open)}
                  />
                </Box>
                {myViewPanel}
              </Stack>
              {announceBox}
            </Stack>
          </Container>
          {partBar}
        </Box>
      </>
    );
  }

  return (
    <>
      {clickPlayer}
      {/* At least a screen tall, so the part controls sit at the bottom of a short song. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' },
        }}
      >
        <AnnouncementBanner announcement={live.announcement} />
        {keepKeysDialog}
        <Container maxWidth="lg" sx={{ pt: { xs: 2, sm: 3 }, pb: 2 }}>
          <Stack spacing={2}>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
            >
              <LiveSongHeader
                title={title}
                artist={song?.artist ?? ''}
                songNumber={shown.kind === 'song' ? shown.songIndex + 1 : null}
                keyCaption={entry && keyCaption(shownKey(entry), myView)}
                tempoCaption={tempoCaption}
                songCount={songCount}
                leaderName={leaderName}
                positions={myPositions}
              />
              <Stack spacing={0.5} sx={{ alignItems: { md: 'flex-end' }, flexShrink: 0 }}>
                <LiveConnectionStatus status={live.status} onReconnect={live.reconnect} />
                <BeatPulse source={beats} />
                {live.driver && (
                  <Typography variant="body2" color="text.secondary">
                    {t('live.movedBy', { name: live.driver })}
                  </Typography>
                )}
                {isDriver && <MidiStatus status={midi} onConnect={connectMidi} />}
                {isDriver && !browsing && entry && song?.key && (
                  <Suspense fallback={null}>
                    <LiveKeySelect
                      value={entry.key}
                      songKey={song.key}
                      onChange={(key) => live.setKey(liveSong, key)}
                    />
                  </Suspense>
                )}
              </Stack>
            </Stack>

            {browsing && (
              <Stack
                role="status"
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                {backToLiveButton}
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {liveIsAt}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('live.browsingHint')}
                  </Typography>
                </Box>
              </Stack>
            )}

            <LiveViewControls
              viewMode={viewMode}
              onViewModeChange={setViewMode}
              layout={layout}
              onLayoutChange={setLayout}
              textSize={textSize}
              hasParts={song !== null}
            >
              <StageModeToggle on={stage} onToggle={toggleStage} />
              <MyViewToggleButton
                open={myViewOpen}
                onToggle={() => setMyViewOpen((open) => !open)}
              />
              <Button size="small" startIcon={<OpenInNewIcon />} onClick={openPresenter}>
                {t('live.openPresenter')}
              </Button>
            </LiveViewControls>
            {clickControls}

            {myViewPanel}

            {songButtons}

            {song && (
              <PartButtons parts={song.parts} activeIndex={activeIndex} onSelect={selectPart} />
            )}
            <PartTransitionBar changeCount={change.count} />

            {content}

            <NextUp next={upNext(setlist, shown)} />
            {announceBox}
          </Stack>
        </Container>
        {partBar}
      </Box>
    </>
  );
}

/** This device's click settings in My view, loaded with it. */
function ClickSettings({ timing }: { timing: ClockReading | null }) {
  return (
    <Suspense fallback={null}>
      <ClickSettingsPanel timing={timing} />
    </Suspense>
  );
}

/** A place in the set as the band names it: "Song · Part", or an item's title. */
function placeName(setlist: SetlistDetails, at: SetPosition): string {
  if (at.kind === 'item') return setlist.items[at.itemIndex]?.title ?? '';
  const song = setlist.songs[at.songIndex]?.song;
  if (!song) return '';
  const part = song.parts[at.partIndex]?.label ?? '';
  return part ? translate('live.songAndPart', { song: song.title, part }) : song.title;
}

/** The tempo and meter the song is planned at this service: "72 BPM · 6/8", "72 BPM", "6/8". */
function plannedTempo(bpm: number | null, meter: string | null): string {
  return [bpm === null ? null : translate('live.bpm', { bpm }), meter].filter(Boolean).join(' · ');
}
