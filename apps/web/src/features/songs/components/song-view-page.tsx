import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import type { Song, Team } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { authorsLine, chartFooter, songFacts } from '../../../components/chart/chart-facts.ts';
import {
  ChartPrintStyles,
  PRINT_HIDDEN,
  PrintButton,
} from '../../../components/chart/print-styles.tsx';
import {
  ChartFactsLine,
  ChartFooterLine,
  SongChart,
} from '../../../components/chart/song-chart.tsx';
import { keyCaption } from '../../../components/my-view/my-view.ts';
import {
  MyViewPanelWhenOpen,
  MyViewToggleButton,
} from '../../../components/my-view/my-view-toggle.tsx';
import { lyricsOptionOf, useLyricsChoice } from '../../../components/my-view/use-lyrics-choice.ts';
import { useChordView } from '../../../components/my-view/use-chord-view.ts';
import { useSongRights } from '../api/song-rights.ts';
import { useSong } from '../api/songs.ts';
import { SongExportMenu } from './export-menu.tsx';
import { SongRecordingsSection } from './song-recordings-section.tsx';
import { songEditPath } from './song-view-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { practicePath } from '../../../lib/practice-path.ts';
import { transposedKey, transposedParts } from './song-transpose.ts';
import { TransposeControl } from './transpose-control.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';

/** As wide as the song form (spec section 9), so a song reads where it was written. */
const VIEW_MAX_WIDTH = 1000;

/**
 * /songs/{id}: a song to read, play from and print: its details, and its chart as this musician
 * reads it (My view), moved to another key for the moment if wished (never saved).
 */
export function SongViewPage() {
  const { id = '' } = useParams();
  return (
    <Box sx={{ maxWidth: VIEW_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <ChartPrintStyles />
      <CurrentTeamGate>
        {(team) => <LoadedSong key={`${team._id}/${id}`} team={team} songId={id} />}
      </CurrentTeamGate>
    </Box>
  );
}

function BackToLibrary() {
  const t = useT();
  return (
    <IconButton
      component={RouterLink}
      to="/songs"
      aria-label={t('songs.backToLibrary')}
      edge="start"
    >
      <ArrowBackIcon />
    </IconButton>
  );
}

function LoadedSong({ team, songId }: { team: Team; songId: string }) {
  const t = useT();
  const song = useSong(team._id, songId);

  if (song.data) return <SongView song={song.data} team={team} />;
  if (!song.error) return <PageLoading />;
  const missing = song.error instanceof ApiRequestError && song.error.status === 404;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BackToLibrary />
        <Typography variant="h5" component="h1">
          {missing ? t('songs.songNotFound') : t('songs.failedToLoadSong')}
        </Typography>
      </Stack>
      {!missing && (
        <Alert severity="error">{errorMessage(song.error, t('songs.failedToLoadSong'))}</Alert>
      )}
    </Stack>
  );
}

function SongView({ song, team }: { song: Song; team: Team }) {
  const t = useT();
  const changesAllowed = useChangesAllowed();
  const { role, userId } = useCurrentTeam();
  const { mayEdit } = useSongRights(team, role, userId)(song._id);
  const { view, change } = useChordView();
  const lyrics = useLyricsChoice();
  const [myViewOpen, setMyViewOpen] = useState(false);
  // Shown only: a reload, or another visit, starts from the song's own key again.
  const [steps, setSteps] = useState(0);
  const key = transposedKey(song.key, steps) ?? song.key;
  const parts = useMemo(() => transposedParts(song.parts, song.key, steps), [song, steps]);
  const artist = song.artist.trim();
  const authors = authorsLine(song.authors);

  return (
    <Box component="article">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box {...PRINT_HIDDEN}>
          <BackToLibrary />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {song.title}
        </Typography>
      </Stack>
      {artist && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {artist}
        </Typography>
      )}
      {authors && (
        <Typography variant="body2" color="text.secondary">
          {authors}
        </Typography>
      )}
      <Box sx={{ mt: 1.5 }}>
        <ChartFactsLine items={[keyCaption(key, view), ...songFacts(song, key, view)]} />
      </Box>
      <Stack
        {...PRINT_HIDDEN}
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}
      >
        <TransposeControl shownKey={key} steps={steps} onChange={setSteps} />
        <MyViewToggleButton open={myViewOpen} onToggle={() => setMyViewOpen((open) => !open)} />
        {mayEdit && (
          <Button
            component={RouterLink}
            disabled={!changesAllowed}
            to={songEditPath(song._id)}
            variant="outlined"
            startIcon={<EditIcon />}
          >
            {t('songs.view.edit')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={practicePath(song._id)}
          variant="outlined"
          startIcon={<HeadphonesIcon />}
        >
          {t('songs.view.practise')}
        </Button>
        <PrintButton />
        <SongExportMenu songId={song._id} />
      </Stack>
      <Box {...PRINT_HIDDEN} sx={{ mt: myViewOpen ? 2 : 0 }}>
        <MyViewPanelWhenOpen
          open={myViewOpen}
          view={view}
          onChange={change}
          lyrics={lyricsOptionOf(song, lyrics)}
        />
      </Box>
      <Divider sx={{ my: 3 }} />
      <SongChart
        parts={parts}
        language={song.language}
        picks={lyrics.picks}
        chordsKey={key}
        view={view}
        heading="h2"
      />
      <ChartFooterLine items={chartFooter(song)} />
      <Box {...PRINT_HIDDEN}>
        <Divider sx={{ my: 3 }} />
        <SongRecordingsSection teamId={team._id} songId={song._id} mayEdit={mayEdit} />
      </Box>
    </Box>
  );
}
