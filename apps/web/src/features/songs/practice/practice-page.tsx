import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Recording, Song, Team } from '@segue/shared';
import { ApiRequestError, errorMessage, NetworkError } from '../../../lib/api-client.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { offlineRecordings } from '../../../lib/storage.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { ChartFactsLine, SongChart } from '../../../components/chart/song-chart.tsx';
import { keyCaption } from '../../../components/my-view/my-view.ts';
import {
  MyViewPanelWhenOpen,
  MyViewToggleButton,
} from '../../../components/my-view/my-view-toggle.tsx';
import { useChordView } from '../../../components/my-view/use-chord-view.ts';
import { lyricsOptionOf, useLyricsChoice } from '../../../components/my-view/use-lyrics-choice.ts';
import { useRecordingFile, useSaveMarks } from '../api/recording-practice.ts';
import { useSongMedia } from '../api/song-media.ts';
import { useReportPlay } from '../api/listening.ts';
import { useSongRights } from '../api/song-rights.ts';
import { useSong } from '../api/songs.ts';
import { transposedKey, transposedParts } from '../components/song-transpose.ts';
import { clampPitch, partStartMs, regionAt, semitonesBetween } from './practice.ts';
import type { Region } from './practice.ts';
import { PracticeControls } from './practice-controls.tsx';
import { PracticeParts } from './practice-parts.tsx';
import { notKeptText } from './practice-texts.ts';
import { PracticeTransport } from './practice-transport.tsx';
import { RecordingWaveform } from './recording-waveform.tsx';
import { useMarksDraft } from './use-marks-draft.ts';
import { useCurrentMark, usePracticePlayer } from './use-practice-player.ts';

const VIEW_MAX_WIDTH = 1000;

const songPath = (songId: string) => `/songs/${encodeURIComponent(songId)}`;

/**
 * /songs/{id}/practice: rehearsing with a recording of the song, slower or in another key,
 * its chart following along (docs/DECISIONS.md, "Practice mode"). `?key=` names a service's
 * key, which sets the pitch to begin with.
 */
export function PracticePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <PracticeFrame>
      {(team) => (
        <SongPractice
          key={`${team._id}/${id}`}
          team={team}
          songId={id}
          serviceKey={params.get('key')}
        />
      )}
    </PracticeFrame>
  );
}

/** A practice page's frame: the current team loaded (or why not), then `children` for it. */
export function PracticeFrame({ children }: { children: (team: Team) => ReactNode }) {
  return (
    <Box sx={{ maxWidth: VIEW_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, pt: { xs: 3, sm: 5 } }}>
      <CurrentTeamGate>{children}</CurrentTeamGate>
    </Box>
  );
}

/** Where the page's back arrow leads: the song, or the setlist a set's practice came from. */
export interface PracticeBack {
  to: string;
  label: string;
}

function Heading({ back, title }: { back: PracticeBack; title: string }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={RouterLink} to={back.to} aria-label={back.label} edge="start">
        <ArrowBackIcon />
      </IconButton>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="overline"
          color="text.secondary"
          component="p"
          sx={{ lineHeight: 1.5 }}
        >
          {t('practice.mode')}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Box>
    </Stack>
  );
}

export interface SongPracticeProps {
  team: Team;
  songId: string;
  /** The key the song is played in at a service: the pitch starts at the shift to it. */
  serviceKey: string | null;
  /** The back arrow's target; the song by default. */
  back?: PracticeBack;
  /** Starts playing once the recording is ready (the set goes on to this song). */
  autoPlay?: boolean;
  /** Told when the recording plays to its end, not looping. */
  onEnded?: () => void;
}

/** Practice mode for one song: its recordings, tempo and pitch, parts and chart. */
export function SongPractice({
  team,
  songId,
  serviceKey,
  back,
  autoPlay = false,
  onEnded,
}: SongPracticeProps) {
  const t = useT();
  const song = useSong(team._id, songId);
  const media = useSongMedia(team._id, songId);
  useDocumentTitle(song.data ? t('practice.documentTitle', { title: song.data.title }) : null);

  if (song.error) {
    const missing = song.error instanceof ApiRequestError && song.error.status === 404;
    return (
      <Stack spacing={2} sx={{ pb: 4 }}>
        <Typography variant="h5" component="h1">
          {missing ? t('practice.songNotFound') : t('practice.failedToLoadSong')}
        </Typography>
        {!missing && (
          <Alert severity="error">{errorMessage(song.error, t('practice.failedToLoadSong'))}</Alert>
        )}
      </Stack>
    );
  }
  if (!song.data) return <PageLoading />;
  const header = (
    <Heading
      back={back ?? { to: songPath(songId), label: t('practice.backToSong') }}
      title={song.data.title}
    />
  );
  if (media.error) {
    return (
      <Stack spacing={2} sx={{ pb: 4 }}>
        {header}
        {media.error instanceof NetworkError ? (
          <Typography color="text.secondary">{t('practice.needsConnection')}</Typography>
        ) : (
          <Alert severity="error">
            {errorMessage(media.error, t('practice.failedToLoadMedia'))}
          </Alert>
        )}
      </Stack>
    );
  }
  if (!media.data) return <PageLoading />;
  if (media.data.recordings.length === 0) {
    return (
      <Stack spacing={2} sx={{ pb: 4 }}>
        {header}
        <Typography>{t('practice.noRecordings')}</Typography>
        <Link component={RouterLink} to={songPath(songId)}>
          {t('practice.toSong')}
        </Link>
      </Stack>
    );
  }
  return (
    <Box component="article">
      {header}
      <PracticeSession
        team={team}
        song={song.data}
        recordings={media.data.recordings}
        serviceKey={serviceKey}
        autoPlay={autoPlay}
        onEnded={onEnded}
      />
    </Box>
  );
}

interface PracticeSessionProps {
  team: Team;
  song: Song;
  recordings: Recording[];
  serviceKey: string | null;
  autoPlay: boolean;
  onEnded: (() => void) | undefined;
}

function PracticeSession({
  team,
  song,
  recordings,
  serviceKey,
  autoPlay,
  onEnded,
}: PracticeSessionProps) {
  const t = useT();
  const { role, userId } = useCurrentTeam();
  const { mayEdit } = useSongRights(team, role, userId)(song._id);
  const changesAllowed = useChangesAllowed();
  const { showToast } = useToast();
  const { view, change } = useChordView();
  const lyrics = useLyricsChoice();
  const [myViewOpen, setMyViewOpen] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  const [chosenId, setChosenId] = useState<string | null>(null);
  const recording = recordings.find((r) => r.id === chosenId) ?? recordings[0]!;
  const file = useRecordingFile(recording.id);
  const { player, fallback, error: openError, isOpening } = usePracticePlayer(file.data ?? null);

  const [rate, setRate] = useState(1);
  const serviceShift = useMemo(
    () => clampPitch(semitonesBetween(song.key, serviceKey)),
    [song.key, serviceKey],
  );
  const [semitones, setSemitones] = useState(serviceShift);
  const [loop, setLoop] = useState<Region | null>(null);
  const draft = useMarksDraft(recording.marks, recording.id);
  const { marks, tapping: marking, tap } = draft;
  const saveMarks = useSaveMarks(team._id, song._id);
  const { index: markIndex, playing } = useCurrentMark(player, marks);
  const currentPartId = markIndex < 0 ? null : marks[markIndex]!.partId;
  const currentPart = song.parts.findIndex((part) => part.id === currentPartId);

  const shift = player?.canShiftPitch === false ? 0 : semitones;
  const key = transposedKey(song.key, shift) ?? song.key;
  const parts = useMemo(() => transposedParts(song.parts, song.key, shift), [song, shift]);

  useEffect(() => player?.setRate(rate), [player, rate]);
  useEffect(() => player?.setSemitones(semitones), [player, semitones]);
  useEffect(() => player?.setLoop(loop), [player, loop]);
  useEffect(() => {
    if (player && autoPlay) void player.play();
  }, [player, autoPlay]);

  // Who has listened: the first play on this page is told (kept only if the team shares it).
  const reportPlay = useReportPlay(song._id);
  useEffect(() => {
    if (!player) return;
    const told = () => {
      if (player.isPlaying()) reportPlay();
    };
    told();
    return player.subscribe(told);
  }, [player, reportPlay]);

  // The recording played to its end (not paused, not looping): the set goes on.
  const looping = useRef(false);
  useEffect(() => {
    looping.current = loop !== null;
  }, [loop]);
  useEffect(() => {
    if (!player || !onEnded) return;
    let wasPlaying = player.isPlaying();
    return player.subscribe(() => {
      const playingNow = player.isPlaying();
      const atEnd = player.durationMs > 0 && player.positionMs() >= player.durationMs - 1;
      if (wasPlaying && !playingNow && atEnd && !looping.current) onEnded();
      wasPlaying = playingNow;
    });
  }, [player, onEnded]);

  // Another recording: the loop belonged to the one before.
  const [loopOf, setLoopOf] = useState(recording.id);
  if (loopOf !== recording.id) {
    setLoopOf(recording.id);
    setLoop(null);
  }

  // The chart follows while the recording plays; paused, the musician may be reading elsewhere.
  const chartRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!playing || currentPart < 0) return;
    const section = chartRef.current?.querySelector('[aria-current="true"]');
    section?.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [currentPart, playing, reducedMotion]);

  const onPart = useCallback(
    (index: number) => {
      const partId = song.parts[index]?.id;
      if (!player || !partId) return;
      if (marking) {
        tap({ partId, atMs: Math.round(player.positionMs()) });
        return;
      }
      const at = partStartMs(marks, partId);
      if (at === null) return;
      if (loop) setLoop(regionAt(marks, at, player.durationMs));
      player.seek(at);
    },
    [song.parts, player, marking, tap, marks, loop],
  );

  const onLoopChange = (on: boolean) => {
    if (!player) return;
    setLoop(on ? regionAt(marks, player.positionMs(), player.durationMs) : null);
  };

  const save = () => {
    if (draft.changed === null) return;
    saveMarks.mutate(
      { mediaId: recording.id, marks: draft.changed },
      {
        onSuccess: () => {
          draft.discard();
          showToast(t('practice.marksSaved'), 'success');
        },
      },
    );
  };

  let status: string | null = null;
  let problem: string | null = null;
  // No answer means not kept here: the kept copy is read before the server is asked.
  if (file.error instanceof NetworkError) problem = notKeptText(offlineRecordings.get());
  else if (file.error) problem = errorMessage(file.error, t('practice.failedToLoad'));
  else if (openError) problem = t('practice.cannotPlay');
  else if (isOpening || file.isPending) status = t('practice.loadingRecording');

  const editable = mayEdit && changesAllowed;
  const partsMarked = marks.length > 0;

  return (
    <Box data-fallback={fallback ?? undefined}>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {recordings.length > 1 && (
          <TextField
            select
            label={t('practice.recording')}
            value={recording.id}
            onChange={(event) => setChosenId(event.target.value)}
            sx={{ maxWidth: 420 }}
          >
            {recordings.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        <PracticeControls
          rate={rate}
          onRateChange={setRate}
          semitones={semitones}
          onSemitonesChange={setSemitones}
          canShiftPitch={player?.canShiftPitch !== false}
          shiftedKey={key}
        />
        {serviceKey && serviceShift !== 0 && semitones === serviceShift && (
          <Typography variant="body2" color="text.secondary">
            {t('practice.fromServiceKey', { key: serviceKey })}
          </Typography>
        )}
        {team.shareListening && (
          <Typography variant="body2" color="text.secondary">
            {t('practice.listeningNotice')}
          </Typography>
        )}
        <Box component="section" aria-labelledby="practice-parts">
          <Typography id="practice-parts" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('practice.parts')}
          </Typography>
          {marking && (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {t('practice.markHelp')}
            </Alert>
          )}
          {!marking && !partsMarked && (
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {mayEdit ? t('practice.noMarksEditor') : t('practice.noMarks')}
            </Typography>
          )}
          {player && (
            <Box sx={{ mb: 1.5 }}>
              <RecordingWaveform
                player={player}
                parts={song.parts}
                marks={marks}
                editable={editable}
                onMove={(index, atMs) => draft.move(index, atMs, player.durationMs)}
              />
            </Box>
          )}
          <PracticeParts
            parts={song.parts}
            marks={marks}
            currentPart={currentPart}
            marking={marking}
            onSelect={onPart}
          />
          {mayEdit && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
              {draft.editing ? (
                <>
                  <Button
                    variant="contained"
                    onClick={save}
                    disabled={saveMarks.isPending || !changesAllowed}
                  >
                    {saveMarks.isPending ? t('practice.saving') : t('practice.saveMarks')}
                  </Button>
                  {marking && (
                    <Button
                      variant="outlined"
                      disabled={draft.tapped === 0}
                      onClick={draft.undoTap}
                    >
                      {t('practice.undoMark')}
                    </Button>
                  )}
                  <Button
                    onClick={() => {
                      draft.discard();
                      saveMarks.reset();
                    }}
                  >
                    {t('practice.cancel')}
                  </Button>
                  <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
                    {marking
                      ? t('practice.marksCount', { count: draft.tapped })
                      : t('practice.marksMoved')}
                  </Typography>
                </>
              ) : (
                <Button
                  variant="outlined"
                  disabled={!player || !changesAllowed}
                  onClick={draft.startTapping}
                >
                  {t('practice.markParts')}
                </Button>
              )}
            </Stack>
          )}
          {saveMarks.error && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {errorMessage(saveMarks.error, t('practice.saveFailed'))}
            </Alert>
          )}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <ChartFactsLine items={[keyCaption(key, view)]} />
          <Box sx={{ ml: 'auto' }}>
            <MyViewToggleButton open={myViewOpen} onToggle={() => setMyViewOpen((open) => !open)} />
          </Box>
        </Stack>
        <MyViewPanelWhenOpen
          open={myViewOpen}
          view={view}
          onChange={change}
          lyrics={lyricsOptionOf(song, lyrics)}
        />
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Box ref={chartRef}>
        <SongChart
          parts={parts}
          language={song.language}
          picks={lyrics.picks}
          chordsKey={key}
          view={view}
          heading="h3"
          current={currentPart < 0 ? undefined : currentPart}
          onPartSelect={onPart}
        />
      </Box>
      <PracticeTransport
        player={player}
        status={status}
        looping={loop !== null}
        onLoopChange={onLoopChange}
        rate={rate}
        semitones={semitones}
      />
    </Box>
  );
}
