import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import { SETLIST_TEXTS } from '@segue/shared';
import type { SetlistDetails, Song } from '@segue/shared';
import { BackButton } from '../../../components/back-button.tsx';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useSetlist } from '../api/setlists.ts';
import { CurrentTeamGate } from './current-team-gate.tsx';
import { formatSetlistDate } from './setlist-dates.ts';
import { SETLIST_SCREEN_TEXTS, setlistPaths } from './setlist-texts.ts';

/** /setlists/view/{id}: a setlist to read: its day, notes, and every song's lyrics in order. */
export function SetlistViewPage() {
  const { id = '' } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <CurrentTeamGate>
        {(team) => <SetlistView key={`${team._id}/${id}`} teamId={team._id} setlistId={id} />}
      </CurrentTeamGate>
    </Container>
  );
}

function SetlistView({ teamId, setlistId }: { teamId: string; setlistId: string }) {
  const setlist = useSetlist(teamId, setlistId);

  const loadError = setlist.error;
  useEffect(() => {
    if (loadError) console.error(`Failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId]);

  if (setlist.data) return <SetlistDetailsView setlist={setlist.data} />;
  if (loadError) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BackButton />
        <Typography variant="h5" component="h1">
          {SETLIST_TEXTS.notFound}
        </Typography>
      </Stack>
    );
  }
  return <PageLoading />;
}

function SetlistDetailsView({ setlist }: { setlist: SetlistDetails }) {
  const notes = setlist.notes.trim();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BackButton />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {setlist.name}
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {formatSetlistDate(setlist.date, 'full')}
      </Typography>
      {notes && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{notes}</Typography>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 3 }}>
        <Button
          component={RouterLink}
          to={setlistPaths.edit(setlist._id)}
          variant="outlined"
          startIcon={<EditIcon />}
        >
          {SETLIST_SCREEN_TEXTS.edit}
        </Button>
        <Button
          component={RouterLink}
          to={setlistPaths.live(setlist._id)}
          variant="contained"
          startIcon={<PlayCircleIcon />}
        >
          {SETLIST_SCREEN_TEXTS.liveView}
        </Button>
        <Button
          component={RouterLink}
          to={setlistPaths.presenter(setlist._id)}
          variant="outlined"
          startIcon={<SlideshowIcon />}
        >
          {SETLIST_SCREEN_TEXTS.presenterView}
        </Button>
      </Stack>
      <Divider sx={{ my: 4 }} />
      {setlist.songs.length === 0 ? (
        <Typography color="text.secondary">{SETLIST_SCREEN_TEXTS.noSongsInSetlist}</Typography>
      ) : (
        <Stack component="ol" spacing={5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {setlist.songs.map((entry, index) => (
            <li key={`${index}-${entry.song._id}`}>
              <SongLyrics number={index + 1} song={entry.song} entryKey={entry.key} />
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

/** 'n. title — artist' (just 'n. title' without an artist), spec section 2. */
function songHeading(number: number, song: Pick<Song, 'title' | 'artist'>): string {
  const artist = song.artist.trim();
  return artist ? `${number}. ${song.title} — ${artist}` : `${number}. ${song.title}`;
}

interface SongLyricsProps {
  number: number;
  song: Song;
  /** The key the entry is played in; none: the song's own. */
  entryKey: string | null;
}

/**
 * One song of the setlist: its heading and the key it is played in (if it has one), then each
 * part's label and lyrics (no chords).
 */
function SongLyrics({ number, song, entryKey }: SongLyricsProps) {
  const key = entryKey ?? song.key;
  return (
    <Box component="article">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: key ? 0.5 : 2 }}>
        {songHeading(number, song)}
      </Typography>
      {key && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {SETLIST_SCREEN_TEXTS.performanceKey(key, song.key)}
        </Typography>
      )}
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
              <Typography key={lineIndex} sx={{ whiteSpace: 'pre-wrap', minHeight: '1.5em' }}>
                {line.lyrics}
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
