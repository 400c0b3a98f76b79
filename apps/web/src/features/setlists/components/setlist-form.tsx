import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SETLIST_LIMITS, SETLIST_TEXTS, SetlistInputSchema } from '@segue/shared';
import type { SetlistDetails, Team } from '@segue/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useDeleteSetlist } from '../api/delete-setlist.ts';
import { useSaveSetlist } from '../api/save-setlist.ts';
import { useSongChoices } from '../api/song-choices.ts';
import { useMemberChoices } from '../api/team-members.ts';
import { formValuesOf } from './setlist-form-values.ts';
import type { CheckedSetlistValues, SetlistFormValues } from './setlist-form-values.ts';
import { SETLIST_SCREEN_TEXTS, setlistPaths } from './setlist-texts.ts';
import { SongOrderList } from './song-order-list.tsx';
import type { SongChoice } from './song-picker.tsx';
import { SongPicker } from './song-picker.tsx';
import { TeamPositionsEditor } from './team-positions-editor.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';

/** A song of the form: what the picker shows, and the key its Key select names. */
type ChosenSong = SongChoice & { key: string | null };

interface SetlistFormProps {
  team: Team;
  /** The setlist to edit; a new setlist when undefined. */
  setlist?: SetlistDetails;
}

/** The text inside 'Failed to save setlist (...)': the server's error, else the error's message. */
function saveErrorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The setlist's positions, fields and songs, with Create/Update, Clone and Delete. */
export function SetlistForm({ team, setlist }: SetlistFormProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const save = useSaveSetlist(team._id);
  const clone = useSaveSetlist(team._id);
  const deleteSetlist = useDeleteSetlist(team._id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const songOrderHeadingId = useId();
  const songChoices = useSongChoices(team._id);
  const { choices: members } = useMemberChoices(team);

  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetlistFormValues, unknown, CheckedSetlistValues>({
    resolver: zodResolver(SetlistInputSchema),
    defaultValues: formValuesOf(setlist),
  });
  const songs = useFieldArray({ control, name: 'songs' });

  // Titles and keys of the team's songs, and of the setlist's own (which the picker may not list).
  const songsById = useMemo(() => {
    const byId = new Map<string, ChosenSong>();
    for (const entry of setlist?.songs ?? []) byId.set(entry.song._id, entry.song);
    for (const song of songChoices.data ?? []) byId.set(song._id, song);
    return byId;
  }, [setlist, songChoices.data]);
  const songOf = (id: string): ChosenSong =>
    songsById.get(id) ?? { _id: id, title: id, artist: '', key: null };

  const chosenSongs = songs.fields.map((field) => songOf(field.song));
  // Offline nothing could be saved: the form stays readable, its changes are off (issue 17).
  const changesAllowed = useChangesAllowed();
  const busy = save.isPending || clone.isPending || deleteSetlist.isPending || !changesAllowed;

  const onSave = handleSubmit((values) =>
    save.mutate(
      { setlistId: setlist?._id, setlist: { ...values, teamId: team._id } },
      {
        onSuccess: (saved) => {
          showToast(
            setlist ? SETLIST_SCREEN_TEXTS.setlistUpdated : SETLIST_SCREEN_TEXTS.setlistCreated,
            'success',
          );
          void navigate(setlistPaths.view(saved._id));
        },
        onError: (error) => showToast(SETLIST_TEXTS.failedToSave(saveErrorText(error)), 'error'),
      },
    ),
  );

  const onClone = handleSubmit((values) =>
    clone.mutate(
      {
        setlist: {
          ...values,
          name: `${values.name}${SETLIST_TEXTS.copySuffix}`,
          teamId: team._id,
        },
      },
      {
        onSuccess: (copy) => {
          showToast(SETLIST_SCREEN_TEXTS.setlistCloned, 'success');
          void navigate(setlistPaths.edit(copy._id));
        },
        onError: (error) => {
          console.error('Failed to clone setlist', error);
          showToast(SETLIST_TEXTS.failedToClone, 'error');
        },
      },
    ),
  );

  const onDelete = () => {
    if (!setlist) return;
    deleteSetlist.mutate(setlist._id, {
      onSuccess: () => {
        setConfirmDelete(false);
        showToast(SETLIST_SCREEN_TEXTS.setlistDeleted, 'success');
        void navigate(setlistPaths.list);
      },
      onError: (error) => {
        setConfirmDelete(false);
        console.error(`Failed to delete setlist ${setlist._id}`, error);
        showToast(SETLIST_TEXTS.failedToDelete, 'error');
      },
    });
  };

  const songsError =
    errors.songs?.message ??
    errors.songs?.root?.message ??
    (songChoices.error ? SETLIST_SCREEN_TEXTS.failedToLoadSongs : undefined);

  return (
    <>
      <Stack component="form" noValidate spacing={4} onSubmit={(event) => void onSave(event)}>
        <TeamPositionsEditor
          control={control}
          members={members}
          error={errors.positions?.message ?? errors.positions?.root?.message}
          disabled={busy}
        />
        <Divider />
        <Stack spacing={2.5}>
          <TextField
            label="Setlist Name"
            required
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: SETLIST_LIMITS.nameMaxLength } }}
          />
          <TextField
            label="Date"
            type="date"
            required
            {...register('date')}
            error={Boolean(errors.date)}
            helperText={errors.date?.message}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 240 }}
          />
          <TextField
            label="Notes"
            multiline
            rows={3}
            {...register('notes')}
            error={Boolean(errors.notes)}
            helperText={errors.notes?.message}
          />
          <SongPicker
            options={songChoices.data ?? []}
            value={chosenSongs}
            loading={songChoices.isPending}
            error={songsError}
            disabled={busy}
            onAdd={(song) => songs.append({ song: song._id, leader: null, key: null })}
            onRemove={(song) => {
              const index = songs.fields.findIndex((field) => field.song === song._id);
              if (index >= 0) songs.remove(index);
            }}
            onClear={() => songs.remove()}
          />
        </Stack>
        <Box component="section" aria-labelledby={songOrderHeadingId}>
          <Typography id={songOrderHeadingId} variant="h6" component="h2" gutterBottom>
            {SETLIST_SCREEN_TEXTS.songOrderHeading}
          </Typography>
          {songs.fields.length === 0 ? (
            <Typography color="text.secondary">{SETLIST_SCREEN_TEXTS.noSongsChosen}</Typography>
          ) : (
            <SongOrderList
              entries={songs.fields.map((field) => {
                const song = songOf(field.song);
                return { id: field.id, title: song.title, songKey: song.key };
              })}
              control={control}
              members={members}
              onMove={songs.move}
              disabled={busy}
            />
          )}
        </Box>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {setlist ? SETLIST_TEXTS.updateSetlist : SETLIST_TEXTS.createSetlist}
          </Button>
          {setlist && (
            <>
              <Button
                variant="outlined"
                size="large"
                onClick={(event) => void onClone(event)}
                disabled={busy}
              >
                Clone
              </Button>
              <Button
                color="error"
                variant="outlined"
                size="large"
                onClick={() => setConfirmDelete(true)}
                disabled={busy}
              >
                Delete
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={SETLIST_SCREEN_TEXTS.deleteSetlistTitle}
        message={SETLIST_TEXTS.confirmDelete}
        confirmLabel="Delete"
        onConfirm={onDelete}
        onClose={() => setConfirmDelete(false)}
        pending={deleteSetlist.isPending}
      />
    </>
  );
}
