import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ERROR_CODES,
  PEOPLE_TEXTS,
  SETLIST_LIMITS,
  SETLIST_TEXTS,
  SetlistInputSchema,
} from '@segue/shared';
import type { SetlistDetails, Team } from '@segue/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAwayOn, useMemberPositions } from '../api/availability.ts';
import { useDeleteSetlist } from '../api/delete-setlist.ts';
import { useSaveSetlist } from '../api/save-setlist.ts';
import type { SaveSetlistVariables } from '../api/save-setlist.ts';
import { useSongChoices } from '../api/song-choices.ts';
import { useMemberChoices } from '../api/team-members.ts';
import { formValuesOf } from './setlist-form-values.ts';
import type { CheckedSetlistValues, SetlistFormValues } from './setlist-form-values.ts';
import { SETLIST_SCREEN_TEXTS, setlistPaths } from './setlist-texts.ts';
import { SongOrderList, entryLabels } from './song-order-list.tsx';
import type { SongChoice } from './song-picker.tsx';
import { CloneSetlistDialog } from './clone-setlist-dialog.tsx';
import { SongPicker } from './song-picker.tsx';
import { TeamPositionsEditor } from './team-positions-editor.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';

/** The order's rows: a song played again is named "<title> (reprise)". */
function orderEntries(rows: { id: string; title: string; key: string | null }[]) {
  const labels = entryLabels(rows.map((row) => row.title));
  return rows.map((row, i) => ({ id: row.id, title: labels[i] ?? row.title, songKey: row.key }));
}

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

/** The server's refusal of a save that assigns someone away on the day (issue 18), if it is one. */
function awayRefusal(error: unknown): string | null {
  return error instanceof ApiRequestError && error.code === ERROR_CODES.assigneeAway
    ? (error.error ?? PEOPLE_TEXTS.assignAnyway)
    : null;
}

/** A save the server refused because someone is away: its message, and how to send it again. */
interface AwayPrompt {
  message: string;
  resend: () => void;
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
  const { choices: memberChoices } = useMemberChoices(team);
  // Issue 18: who plays what (suggested first), and who is away on the chosen day (warned).
  const memberPositions = useMemberPositions(team._id);
  const members = useMemo(
    () =>
      memberChoices.map((member) => ({
        ...member,
        positions: memberPositions.data?.get(member.id) ?? [],
      })),
    [memberChoices, memberPositions.data],
  );
  const [awayPrompt, setAwayPrompt] = useState<AwayPrompt | null>(null);

  const {
    control,
    register,
    getValues,
    handleSubmit,
    formState: { errors },
  } = useForm<SetlistFormValues, unknown, CheckedSetlistValues>({
    resolver: zodResolver(SetlistInputSchema),
    defaultValues: formValuesOf(setlist),
  });
  const songs = useFieldArray({ control, name: 'songs' });
  const date = useWatch({ control, name: 'date' }) ?? '';
  const away = useAwayOn(team._id, date.split('T')[0] ?? '').data;

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

  // A save that assigns someone away on the day is refused until the planner says
  // "Assign anyway?" (issue 18); then the same save goes again with `confirmAway`.
  /** A refusal for someone away: asks "Assign anyway?", which sends again with `confirmAway`. */
  const askIfAway = (
    error: unknown,
    variables: SaveSetlistVariables,
    send: (variables: SaveSetlistVariables) => void,
  ): boolean => {
    const refusal = awayRefusal(error);
    if (!refusal || variables.setlist.confirmAway) return false;
    setAwayPrompt({
      message: refusal,
      resend: () => send({ ...variables, setlist: { ...variables.setlist, confirmAway: true } }),
    });
    return true;
  };

  const sendSave = (variables: SaveSetlistVariables) =>
    save.mutate(variables, {
      onSuccess: (saved) => {
        setAwayPrompt(null);
        showToast(
          setlist ? SETLIST_SCREEN_TEXTS.setlistUpdated : SETLIST_SCREEN_TEXTS.setlistCreated,
          'success',
        );
        void navigate(setlistPaths.view(saved._id));
      },
      onError: (error) => {
        if (askIfAway(error, variables, sendSave)) return;
        setAwayPrompt(null);
        showToast(SETLIST_TEXTS.failedToSave(saveErrorText(error)), 'error');
      },
    });

  const onSave = handleSubmit((values) =>
    sendSave({ setlistId: setlist?._id, setlist: { ...values, teamId: team._id } }),
  );

  const sendClone = (variables: SaveSetlistVariables) =>
    clone.mutate(variables, {
      onSuccess: (copy) => {
        setAwayPrompt(null);
        setCloneOpen(false);
        showToast(SETLIST_SCREEN_TEXTS.setlistCloned, 'success');
        void navigate(setlistPaths.edit(copy._id));
      },
      onError: (error) => {
        setCloneOpen(false);
        if (askIfAway(error, variables, sendClone)) return;
        setAwayPrompt(null);
        console.error('Failed to clone setlist', error);
        showToast(SETLIST_TEXTS.failedToClone, 'error');
      },
    });

  // Clone asks for the copy's day first (issue 18).
  const [cloneOpen, setCloneOpen] = useState(false);
  const onClone = (day: string) =>
    void handleSubmit((values) =>
      sendClone({
        setlist: {
          ...values,
          date: day,
          name: `${values.name}${SETLIST_TEXTS.copySuffix}`,
          teamId: team._id,
        },
      }),
    )();

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
          away={away}
          saved={setlist?.positions}
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
            onRemove={(index) => songs.remove(index)}
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
              entries={orderEntries(
                songs.fields.map((field) => ({ id: field.id, ...songOf(field.song) })),
              )}
              control={control}
              members={members}
              onMove={songs.move}
              onRepeat={(index) => {
                // A reprise: the same song, leader and key, once more at the end of the set.
                const entry = getValues(`songs.${index}`);
                if (entry) songs.append({ song: entry.song, leader: entry.leader, key: entry.key });
              }}
              disabled={busy}
              away={away}
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
                onClick={() => setCloneOpen(true)}
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
      {setlist && (
        <CloneSetlistDialog
          open={cloneOpen}
          day={setlist.date.split('T')[0] ?? setlist.date}
          onClone={onClone}
          onClose={() => setCloneOpen(false)}
          pending={clone.isPending}
        />
      )}
      <ConfirmDialog
        open={awayPrompt !== null}
        title={PEOPLE_TEXTS.assignAnyway}
        message={awayPrompt?.message ?? ''}
        confirmLabel={PEOPLE_TEXTS.assignAnywayButton}
        onConfirm={() => awayPrompt?.resend()}
        onClose={() => setAwayPrompt(null)}
        pending={save.isPending || clone.isPending}
      />
    </>
  );
}
