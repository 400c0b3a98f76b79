import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import { can, leadsSongIn } from '@segue/shared';
import type { ChordView, SetlistDetails, SetlistItem, Song, Team } from '@segue/shared';
import { BackButton } from '../../../components/back-button.tsx';
import { ShareWithCongregationButton } from '../../../components/follow-share/share-button.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { chartFooter } from '../../../components/chart/chart-facts.ts';
import { setlistInKeys, shownKey } from '../../../components/chart/in-key.ts';
import { KeepKeysDialog } from '../../../components/chart/keep-keys-dialog.tsx';
import { keysToKeep, notDeclined, type KeyToKeep } from '../../../components/chart/keep-keys.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import {
  ChartPrintStyles,
  PRINT_HIDDEN,
  PRINT_ONLY,
  PRINT_SHEET,
  PrintButton,
} from '../../../components/chart/print-styles.tsx';
import {
  ChartFactsLine,
  ChartFooterLine,
  SongChart,
} from '../../../components/chart/song-chart.tsx';
import { usePrinting } from '../../../components/chart/use-printing.ts';
import {
  MyViewPanelWhenOpen,
  MyViewToggleButton,
} from '../../../components/my-view/my-view-toggle.tsx';
import type { LyricPick } from '../../../components/chart/lyric-languages.ts';
import { lyricsOptionOf, useLyricsChoice } from '../../../components/my-view/use-lyrics-choice.ts';
import { useChordView } from '../../../components/my-view/use-chord-view.ts';
import { usePeople } from '../../../lib/teams/teams.ts';
import { useSetlistListening } from '../api/listening.ts';
import { useSetlist } from '../api/setlists.ts';
import { useSetlistRights } from '../api/setlist-rights.ts';
import { AssignmentStatusChip } from './assignment-status-chip.tsx';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { formatSetlistDate } from './setlist-dates.ts';
import { setlistPaths } from './setlist-texts.ts';
import {
  entryFacts,
  entryTiming,
  serviceSummary,
  serviceTimes,
  startsSheet,
} from './setlist-view.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { practicePath } from '../../../lib/practice-path.ts';
import { formatList } from '../../../lib/i18n/format.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';

/**
 * /setlists/view/{id}: a setlist to read and print: its day, times, notes and team, and its order
 * of service: every song as lyrics or (Show chords) as charts in the keys they are played in,
 * and the items between them (a welcome, a sermon) with their notes.
 */
export function SetlistViewPage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <ChartPrintStyles />
      <CurrentTeamGate>
        {(team) => <SetlistView key={`${team._id}/${id}`} team={team} setlistId={id} />}
      </CurrentTeamGate>
    </Container>
  );
}

function SetlistView({ team, setlistId }: { team: Team; setlistId: string }) {
  const t = useT();
  const setlist = useSetlist(team._id, setlistId);

  const loadError = setlist.error;
  useEffect(() => {
    if (loadError) console.error(`Failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId]);

  if (setlist.data) return <SetlistDetailsView setlist={setlist.data} team={team} />;
  if (loadError) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BackButton />
        <Typography variant="h5" component="h1">
          {t('setlists.view.notFound')}
        </Typography>
      </Stack>
    );
  }
  return <PageLoading />;
}

/** The team's names by user id, and what to write for an id without one. */
function useNames(team: Team) {
  const people = usePeople(team.members);
  return useMemo(() => {
    const names = new Map(
      (people.data ?? []).map((person) => [person.$id, person.name.trim() || person.email]),
    );
    return {
      nameOf: (id: string): string | null => names.get(id) ?? null,
      unknown: people.isPending
        ? translate('setlists.view.nameLoading')
        : translate('setlists.view.formerMember'),
    };
  }, [people.data, people.isPending]);
}

function SetlistDetailsView({ setlist, team }: { setlist: SetlistDetails; team: Team }) {
  const t = useT();
  const changesAllowed = useChangesAllowed();
  const { mayEdit } = useSetlistRights()(setlist);
  const notes = setlist.notes.trim();
  const { nameOf, unknown } = useNames(team);
  const { view, change } = useChordView();
  const lyrics = useLyricsChoice();
  // The set's songs as one, for the languages My view offers.
  const allParts = useMemo(
    () => ({ language: null, parts: setlist.songs.flatMap((entry) => entry.song.parts) }),
    [setlist],
  );
  const [myViewOpen, setMyViewOpen] = useState(false);
  const [showChords, setShowChords] = useState(false);
  const printing = usePrinting();
  // Each song's chords in the key its entry is played in.
  const played = useMemo(() => setlistInKeys(setlist), [setlist]);
  // Songs and items in one order, each with its start time and duration.
  const times = useMemo(() => serviceTimes(setlist), [setlist]);
  const sheets = startsSheet(times.entries.map((timed) => timed.entry));

  // The plan is what this page shows and prints. Where the live run played a song in another
  // key, a driver is asked once whether the setlist keeps it (docs/DECISIONS.md, "Live
  // keys and planned keys").
  const { role, userId } = useCurrentTeam();
  const leadsSong = userId !== undefined && leadsSongIn(setlist, userId);
  const isDriver = changesAllowed && role !== null && can({ role }, 'driveLive', { leadsSong });
  const mayShare =
    changesAllowed && role !== null && can({ role }, 'shareWithCongregation', { leadsSong });
  // Who played each song this week: the set's leaders', where the team shares it.
  const maySeeListening =
    team.shareListening && role !== null && can({ role }, 'seeListening', { leadsSong });
  const listening = useSetlistListening(team._id, setlist._id, maySeeListening);
  const listenedText = (songId: string): string | null => {
    if (!maySeeListening || !listening.data?.enabled) return null;
    const ids = listening.data.songs.find((song) => song.songId === songId)?.userIds ?? [];
    if (ids.length === 0) return t('setlists.view.nobodyListened');
    return t('setlists.view.listened', {
      count: ids.length,
      names: formatList(ids.map((id) => nameOf(id) ?? unknown)),
    });
  };
  const keepable = useMemo(
    () =>
      notDeclined(
        setlist._id,
        keysToKeep(setlist, new Map(Object.entries(setlist.liveKeys ?? {}))),
      ),
    [setlist],
  );
  const [asked, setAsked] = useState(false);
  const [asking, setAsking] = useState<KeyToKeep[] | null>(null);
  useEffect(() => {
    if (asked || !isDriver || keepable.length === 0) return;
    setAsked(true);
    setAsking(keepable);
  }, [asked, isDriver, keepable]);

  return (
    <>
      {asking && (
        <KeepKeysDialog
          teamId={team._id}
          setlistId={setlist._id}
          keys={asking}
          onDone={() => setAsking(null)}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box {...PRINT_HIDDEN}>
          <BackButton />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {setlist.name}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {formatSetlistDate(setlist.date, 'full')}
      </Typography>
      {serviceSummary(times).map((line) => (
        <Typography key={line} color="text.secondary">
          {line}
        </Typography>
      ))}
      {notes && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{notes}</Typography>}
      {setlist.positions.length > 0 && (
        <Box component="section" aria-labelledby="setlist-team" sx={{ mt: 3 }}>
          <Typography id="setlist-team" variant="h6" component="h2">
            {t('setlists.view.team')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {setlist.positions.map((position, index) => (
              <li key={index}>
                {t('setlists.view.position', {
                  position: position.name,
                  person:
                    position.assignedTo === null
                      ? t('setlists.view.unassigned')
                      : (nameOf(position.assignedTo) ?? unknown),
                })}
                {/* The assigned person's answer, where one was asked. */}
                {position.status && (
                  <Box component="span" sx={{ ml: 1 }}>
                    <AssignmentStatusChip status={position.status} />
                  </Box>
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Stack
        {...PRINT_HIDDEN}
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mt: 3 }}
      >
        {mayEdit && (
          <Button
            component={RouterLink}
            disabled={!changesAllowed}
            to={setlistPaths.edit(setlist._id)}
            variant="outlined"
            startIcon={<EditIcon />}
          >
            {t('setlists.action.edit')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={setlistPaths.live(setlist._id)}
          variant="contained"
          startIcon={<PlayCircleIcon />}
        >
          {t('setlists.action.liveView')}
        </Button>
        <Button
          component={RouterLink}
          to={setlistPaths.presenter(setlist._id)}
          variant="outlined"
          startIcon={<SlideshowIcon />}
        >
          {t('setlists.action.presenterView')}
        </Button>
        {setlist.songs.length > 0 && (
          <Button
            component={RouterLink}
            to={setlistPaths.practice(setlist._id)}
            variant="outlined"
            startIcon={<HeadphonesIcon />}
          >
            {t('setlists.practice.title')}
          </Button>
        )}
        {mayShare && role !== null && (
          <ShareWithCongregationButton setlistId={setlist._id} teamId={team._id} role={role} />
        )}
        <PrintButton />
      </Stack>
      <Stack
        {...PRINT_HIDDEN}
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={showChords}
              onChange={(event) => setShowChords(event.target.checked)}
            />
          }
          label={t('setlists.view.showChords')}
        />
        <MyViewToggleButton open={myViewOpen} onToggle={() => setMyViewOpen((open) => !open)} />
      </Stack>
      <Box {...PRINT_HIDDEN} sx={{ mt: myViewOpen ? 2 : 0 }}>
        <MyViewPanelWhenOpen
          open={myViewOpen}
          view={view}
          onChange={change}
          lyrics={lyricsOptionOf(allParts, lyrics)}
        />
      </Box>
      <Divider sx={{ my: 4 }} />
      {times.entries.length === 0 ? (
        <Typography color="text.secondary">{t('setlists.view.noSongs')}</Typography>
      ) : (
        <Stack component="ol" spacing={5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {times.entries.map((timed, i) => {
            const { kind, index } = timed.entry;
            const entry = kind === 'song' ? played.songs[index] : undefined;
            const item = kind === 'item' ? setlist.items[index] : undefined;
            return (
              <li key={`${kind}-${index}`} {...(sheets[i] ? PRINT_SHEET : {})}>
                {entry && (
                  <SetlistSong
                    number={index + 1}
                    entry={entry}
                    timing={entryTiming(timed)}
                    leaderName={entry.leader === null ? null : nameOf(entry.leader)}
                    listened={listenedText(entry.song._id)}
                    view={view}
                    picks={lyrics.picks}
                    // Paper always gets the charts, whatever the switch says.
                    chart={showChords ? 'shown' : printing ? 'print' : 'none'}
                  />
                )}
                {item && <SetlistItemEntry item={item} timing={entryTiming(timed)} />}
              </li>
            );
          })}
        </Stack>
      )}
    </>
  );
}

/** 'n. title — artist' (just 'n. title' without an artist), spec section 2. */
function songHeading(number: number, song: Pick<Song, 'title' | 'artist'>): string {
  const artist = song.artist.trim();
  return artist
    ? translate('setlists.view.songHeadingArtist', { number, title: song.title, artist })
    : translate('setlists.view.songHeading', { number, title: song.title });
}

interface SetlistSongProps {
  number: number;
  /** The entry with its song's chords in the entry's key already. */
  entry: SetlistDetails['songs'][number];
  /** When it starts and how long it takes, if the planner said. */
  timing: string | null;
  leaderName: string | null;
  /** Who played its recording this week, for the set's leaders; null for everyone else. */
  listened: string | null;
  view: ChordView;
  /** Which lyrics the chart shows (My view). */
  picks: readonly LyricPick[];
  /** The chart on screen (and paper), on paper only (the lyrics on screen), or not at all. */
  chart: 'shown' | 'print' | 'none';
}

/**
 * One song of the setlist: its heading, start time and duration, key, capo, tempo (the entry's,
 * else the song's) and time, and
 * leader; then its chart, or each part's label and lyrics; then its copyright and CCLI number.
 */
function SetlistSong({
  number,
  entry,
  timing,
  leaderName,
  listened,
  view,
  picks,
  chart,
}: SetlistSongProps) {
  const t = useT();
  const { song } = entry;
  const key = shownKey(entry);
  const chartView = (
    <SongChart
      parts={song.parts}
      language={song.language}
      picks={picks}
      chordsKey={key}
      view={view}
      heading="h3"
    />
  );
  return (
    <Box component="article">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {songHeading(number, song)}
      </Typography>
      {timing && <Typography color="text.secondary">{timing}</Typography>}
      <ChartFactsLine items={entryFacts(entry, key, view)} />
      {leaderName && (
        <Typography color="text.secondary">
          {t('setlists.view.ledBy', { name: leaderName })}
        </Typography>
      )}
      {listened && (
        <Typography {...PRINT_HIDDEN} color="text.secondary">
          {listened}
        </Typography>
      )}
      <Button
        {...PRINT_HIDDEN}
        component={RouterLink}
        // The service's key (not a key changed live): practice is for the plan.
        to={practicePath(song._id, entry.key ?? song.key)}
        aria-label={t('setlists.view.practiseSong', { title: song.title })}
        size="small"
        variant="outlined"
        startIcon={<HeadphonesIcon />}
        sx={{ mt: 1 }}
      >
        {t('setlists.view.practise')}
      </Button>
      <Box sx={{ mt: 2 }}>
        {chart === 'shown' ? (
          chartView
        ) : (
          <>
            <Box {...PRINT_HIDDEN}>
              <SongLyrics song={song} />
            </Box>
            {chart === 'print' && <Box {...PRINT_ONLY}>{chartView}</Box>}
          </>
        )}
      </Box>
      <ChartFooterLine items={chartFooter(song)} />
    </Box>
  );
}

/**
 * An item of the order of service: its title, start time and duration, and notes,
 * on screen and paper alike. No number, leader, key or chart, and a bar at its side, so it
 * reads apart from the songs.
 */
function SetlistItemEntry({ item, timing }: { item: SetlistItem; timing: string | null }) {
  const notes = item.notes.trim();
  return (
    <Box component="article" sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, py: 0.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {item.title}
      </Typography>
      {timing && <Typography color="text.secondary">{timing}</Typography>}
      {notes && (
        <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {notes}
        </Typography>
      )}
    </Box>
  );
}

/** Each part's label and lyrics, without chords. */
function SongLyrics({ song }: { song: Song }) {
  return (
    <Stack spacing={2.5}>
      {song.parts.map((part, partIndex) => (
        <Box key={partIndex}>
          <Typography
            variant="subtitle1"
            component="h3"
            sx={{
              fontWeight: 600,
              mb: 0.5,
              // The primary colour itself is too light for text (see lib/theme.ts).
              color: (theme) =>
                theme.palette.mode === 'light'
                  ? theme.palette.primary.dark
                  : theme.palette.primary.light,
            }}
          >
            {part.label}
          </Typography>
          {part.lines.map((line, lineIndex) => (
            // An empty line keeps its height: it is the gap between the song's phrases.
            <Typography
              key={lineIndex}
              lang={song.language ?? undefined}
              dir="auto"
              sx={{ whiteSpace: 'pre-wrap', minHeight: '1.5em' }}
            >
              {line.lyrics}
            </Typography>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
