import { useEffect, useReducer, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { SONG_LIMITS, SONG_TEXTS } from '@segue/shared';
import type { Song } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useSaveSong } from '../api/save-song.ts';
import { useSong } from '../api/songs.ts';
import { ADD_PART_BUTTON_ID, changeThenFocus, partLabelInputId } from './focus-control.ts';
import { NoTeamMessage } from '../../../components/no-team-message.tsx';
import { MORE_DETAIL_FIELDS, SongDetailsFields } from './song-details-fields.tsx';
import {
  draftToSong,
  hasMoreDetails,
  initialDraft,
  songDraftReducer,
  songFormProblem,
} from './song-form-state.ts';
import { SongPartEditor } from './song-part-editor.tsx';
import { SONG_SCREEN_TEXTS } from './song-texts.ts';

/** Spec section 9: the song form is at most 1000 px wide. */
const FORM_MAX_WIDTH = 1000;

/** /songs/new and /songs/{id}/edit: a song's title, artist, details, and parts with their lines. */
export function SongFormPage() {
  const { id: songId } = useParams();
  const { currentTeam, isPending, error } = useCurrentTeam();

  let content;
  if (isPending) content = <PageLoading />;
  else if (error) {
    content = (
      <Alert severity="error">{errorMessage(error, SONG_SCREEN_TEXTS.failedToLoadTeams)}</Alert>
    );
  } else if (!currentTeam) content = <NoTeamMessage />;
  else if (songId) {
    content = (
      <EditSong key={`${currentTeam._id}/${songId}`} teamId={currentTeam._id} songId={songId} />
    );
  } else content = <SongForm key={currentTeam._id} teamId={currentTeam._id} />;

  return (
    <Box sx={{ maxWidth: FORM_MAX_WIDTH, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <IconButton
          component={RouterLink}
          to="/songs"
          aria-label={SONG_SCREEN_TEXTS.backToLibrary}
          edge="start"
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {songId ? SONG_SCREEN_TEXTS.editSong : SONG_SCREEN_TEXTS.newSong}
        </Typography>
      </Stack>
      {content}
    </Box>
  );
}

/** Edit mode: the song is loaded afresh first; the form copies it once. */
function EditSong({ teamId, songId }: { teamId: string; songId: string }) {
  const song = useSong(teamId, songId);

  useEffect(() => {
    if (song.error) console.error(`Failed to load song ${songId}`, song.error);
  }, [song.error, songId]);

  // A cached copy may be older than someone else's last edit: wait for this visit's answer.
  if (!song.isFetchedAfterMount) return <PageLoading />;
  if (song.error || !song.data) {
    return <Alert severity="error">{SONG_TEXTS.failedToLoadSong}</Alert>;
  }
  return <SongForm teamId={teamId} song={song.data} />;
}

interface Banner {
  severity: AlertColor;
  text: string;
  /** The detail the banner is about ('tempo', 'authors.1.name'), marked on its input. */
  field?: string | undefined;
}

interface SongFormProps {
  teamId: string;
  /** The song to edit; a new song when undefined. */
  song?: Song;
}

function SongForm({ teamId, song }: SongFormProps) {
  const [draft, dispatch] = useReducer(songDraftReducer, song, initialDraft);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [moreOpen, setMoreOpen] = useState(() => hasMoreDetails(draft.details));
  const saveSong = useSaveSong(teamId);
  const navigate = useNavigate();
  const partCount = draft.parts.length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saveSong.isPending) return;
    const input = draftToSong(draft);
    // Spec section 5: the first problem, in the spec's order (then the details'), and no request.
    const problem = songFormProblem(input);
    if (problem) {
      setBanner({ severity: 'warning', ...problem });
      const detail = problem.field?.split('.')[0];
      if (MORE_DETAIL_FIELDS.some((field) => field === detail)) setMoreOpen(true);
      return;
    }
    setBanner(null);
    saveSong.mutate(
      { songId: song?._id, song: { ...input, teamId } },
      {
        onSuccess: () => void navigate('/songs'),
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) console.error('Failed to save song', error);
          setBanner({ severity: 'error', text: errorMessage(error, SONG_TEXTS.failedToSaveSong) });
        },
      },
    );
  };

  const addPart = () =>
    changeThenFocus(() => dispatch({ type: 'addPart' }), `#${partLabelInputId(partCount + 1)}`);

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <TextField
        label="Title"
        value={draft.title}
        onChange={(event) => dispatch({ type: 'setTitle', title: event.target.value })}
        required
        fullWidth
        autoFocus={!song}
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-label': 'Title', maxLength: SONG_LIMITS.titleMaxLength } }}
      />
      <TextField
        label="Artist"
        value={draft.artist}
        onChange={(event) => dispatch({ type: 'setArtist', artist: event.target.value })}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: SONG_LIMITS.artistMaxLength } }}
      />
      <SongDetailsFields
        details={draft.details}
        dispatch={dispatch}
        moreOpen={moreOpen}
        onMoreOpenChange={setMoreOpen}
        invalidField={banner?.field}
      />
      <Typography variant="h6" component="h2">
        Parts
      </Typography>
      {draft.parts.map((part, index) => (
        <SongPartEditor
          key={part.key}
          part={part}
          index={index}
          partCount={partCount}
          dispatch={dispatch}
        />
      ))}
      <Box>
        <Button
          id={ADD_PART_BUTTON_ID}
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={addPart}
        >
          Add Part
        </Button>
      </Box>
      {banner && <Alert severity={banner.severity}>{banner.text}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" size="large" disabled={saveSong.isPending}>
          {saveSong.isPending
            ? SONG_TEXTS.saving
            : song
              ? SONG_SCREEN_TEXTS.updateSong
              : SONG_SCREEN_TEXTS.createSong}
        </Button>
        <Button component={RouterLink} to="/songs" size="large">
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
