import { useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ERROR_CODES, SETLIST_LIMITS } from '@segue/shared';
import type { SetlistDetails, Team } from '@segue/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAwayOn, useMemberPositions } from '../api/availability.ts';
import { useDeleteSetlist } from '../api/delete-setlist.ts';
import { useSetlistRights } from '../api/setlist-rights.ts';
import { useSaveSetlist } from '../api/save-setlist.ts';
import type { SaveSetlistVariables } from '../api/save-setlist.ts';
import { useSongChoices } from '../api/song-choices.ts';
import { useSongLanguages } from '../api/song-languages.ts';
import { useMemberChoices } from '../api/team-members.ts';
import { orderLabels } from './order-labels.ts';
import { SetlistFormSchema, emptyItemRow, formValuesOf, songRow } from './setlist-form-values.ts';
import type { CheckedSetlistValues, OrderRow, SetlistFormValues } from './setlist-form-values.ts';
import { setlistPaths } from './setlist-texts.ts';
import { SongOrderList } from './song-order-list.tsx';
import type { OrderEntry } from './song-order-list.tsx';
import type { SongChoice } from './song-picker.tsx';
import { ClickOnStepField } from './click-on-step-field.tsx';
import { ScreenLanguagesField } from './screen-languages-field.tsx';
import { CloneSetlistDialog } from './clone-setlist-dialog.tsx';
import { SongPicker } from './song-picker.tsx';
import { TeamPositionsEditor } from './team-positions-editor.tsx';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError, translateServerText } from '../../../lib/i18n/server-texts.ts';

/**
 * A song of the form: what the picker shows, the key its Key select names and the tempo its
 * empty Tempo field shows.
 */
type ChosenSong = SongChoice & { key: string | null; tempo: number | null };

/**
 * The order's rows as the list shows them: songs numbered among the songs, a song played again
 * named "<title> (reprise)", items by their title as typed (see `orderLabels`).
 */
function orderEntries(
  rows: readonly { id: string; row: OrderRow | undefined }[],
  songOf: (id: string) => ChosenSong,
): OrderEntry[] {
  const named = rows.map(({ row }) =>
    row?.kind === 'item'
      ? { kind: 'item' as const, title: row.title ?? '' }
      : { kind: 'song' as const, title: row ? songOf(row.song).title : '' },
  );
  const labels = orderLabels(named);
  let songs = 0;
  let items = 0;
  return rows.map(({ id, row }, i) => {
    const label = labels[i] ?? '';
    if (row?.kind === 'item') return { kind: 'item', id, label, number: (items += 1) };
    const song = row ? songOf(row.song) : null;
    return {
      kind: 'song',
      id,
      label,
      number: (songs += 1),
      songKey: song?.key ?? null,
      songTempo: song?.tempo ?? null,
    };
  });
}

interface SetlistFormProps {
  team: Team;
  /** The setlist to edit; a new setlist when undefined. */
  setlist?: SetlistDetails;
}

/** The text inside 'Failed to save setlist (...)': the server's error, else the error's message. */
function saveErrorText(error: unknown): string {
  return error instanceof Error ? translateServerText(error.message) : String(error);
}

/** The server's refusal of a save that assigns someone away on the day, if it is one. */
function awayRefusal(error: unknown): string | null {
  return error instanceof ApiRequestError && error.code === ERROR_CODES.assigneeAway
    ? translateServerText(error.error ?? translate('setlists.form.assignAnyway'))
    : null;
}

/** A save the server refused because someone is away: its message, and how to send it again. */
interface AwayPrompt {
  message: string;
  resend: () => void;
}

/** The setlist's positions, fields and songs, with Create/Update, Clone and Delete. */
export function SetlistForm({ team, setlist }: SetlistFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const save = useSaveSetlist(team._id);
  const clone = useSaveSetlist(team._id);
  const deleteSetlist = useDeleteSetlist(team._id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Creating is every member's; changing a saved one is as the team's owner set it.
  const rightsOf = useSetlistRights();
  const { mayEdit, mayDelete } = setlist ? rightsOf(setlist) : { mayEdit: true, mayDelete: false };
  const songOrderHeadingId = useId();
  const addItemRef = useRef<HTMLButtonElement>(null);
  const songChoices = useSongChoices(team._id);
  const { choices: memberChoices } = useMemberChoices(team);
  // Who plays what (suggested first), and who is away on the chosen day (warned).
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
    resolver: zodResolver(SetlistFormSchema),
    defaultValues: formValuesOf(setlist),
  });
  // Songs and items in one order of service, split into the API's two on save.
  const order = useFieldArray({ control, name: 'order' });
  const rows = useWatch({ control, name: 'order' }) ?? [];
  const date = useWatch({ control, name: 'date' }) ?? '';
  const songLanguages = useSongLanguages(
    team._id,
    rows.flatMap((row) => (row.kind === 'song' ? [row.song] : [])),
  );
  const away = useAwayOn(team._id, date.split('T')[0] ?? '').data;

  // Titles, keys and tempos of the team's songs, and of the setlist's own (which the picker
  // may not list).
  const songsById = useMemo(() => {
    const byId = new Map<string, ChosenSong>();
    for (const entry of setlist?.songs ?? []) byId.set(entry.song._id, entry.song);
    for (const song of songChoices.data ?? []) byId.set(song._id, song);
    return byId;
  }, [setlist, songChoices.data]);
  const songOf = (id: string): ChosenSong =>
    songsById.get(id) ?? { _id: id, title: id, artist: '', key: null, tempo: null };

  // The picker's chips are the order's songs, in order: a chip's place is its song's among them.
  const songPlaces = order.fields.flatMap((field, index) => (field.kind === 'song' ? [index] : []));
  const chosenSongs = order.fields.flatMap((field) =>
    field.kind === 'song' ? [songOf(field.song)] : [],
  );
  const itemCount = order.fields.length - songPlaces.length;
  // Offline nothing could be saved: the form stays readable, its changes are off.
  const changesAllowed = useChangesAllowed();
  const busy = save.isPending || clone.isPending || deleteSetlist.isPending || !changesAllowed;

  // A save that assigns someone away on the day is refused until the planner says
  // "Assign anyway?"; then the same save goes again with `confirmAway` (docs/DECISIONS.md,
  // People, availability and confirmed assignments, "Assigning someone away").
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
        showToast(setlist ? t('setlists.form.updated') : t('setlists.form.created'), 'success');
        void navigate(setlistPaths.view(saved._id));
      },
      onError: (error) => {
        if (askIfAway(error, variables, sendSave)) return;
        setAwayPrompt(null);
        showToast(t('setlists.form.failedToSave', { error: saveErrorText(error) }), 'error');
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
        showToast(t('setlists.form.cloned'), 'success');
        void navigate(setlistPaths.edit(copy._id));
      },
      onError: (error) => {
        setCloneOpen(false);
        if (askIfAway(error, variables, sendClone)) return;
        setAwayPrompt(null);
        console.error('Failed to clone setlist', error);
        showToast(t('setlists.form.failedToClone'), 'error');
      },
    });

  // Clone asks for the copy's day first: next week's service is rarely on the same day.
  const [cloneOpen, setCloneOpen] = useState(false);
  const onClone = (day: string) =>
    void handleSubmit((values) =>
      sendClone({
        setlist: {
          ...values,
          date: day,
          name: t('setlists.form.copyName', { name: values.name }),
          teamId: team._id,
        },
      }),
    )();

  const onDelete = () => {
    if (!setlist) return;
    deleteSetlist.mutate(setlist._id, {
      onSuccess: () => {
        setConfirmDelete(false);
        showToast(t('setlists.form.deleted'), 'success');
        void navigate(setlistPaths.list);
      },
      onError: (error) => {
        setConfirmDelete(false);
        console.error(`Failed to delete setlist ${setlist._id}`, error);
        showToast(t('setlists.form.failedToDelete'), 'error');
      },
    });
  };

  const songsError = songChoices.error ? t('setlists.form.failedToLoadSongs') : undefined;
  // Too many songs or items: the shared schema's complaint about the order as a whole.
  const orderError = errors.order?.message ?? errors.order?.root?.message;

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
            label={t('setlists.form.name')}
            required
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name?.message)}
            slotProps={{ htmlInput: { maxLength: SETLIST_LIMITS.nameMaxLength } }}
          />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              label={t('setlists.form.date')}
              type="date"
              required
              {...register('date')}
              error={Boolean(errors.date)}
              helperText={fieldError(errors.date?.message)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 200px', maxWidth: 240 }}
            />
            {/* Optional; with it the view gives each entry its time of day. */}
            <TextField
              label={t('setlists.form.startTime')}
              type="time"
              {...register('startTime')}
              error={Boolean(errors.startTime)}
              helperText={fieldError(errors.startTime?.message)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: '1 1 140px', maxWidth: 200 }}
            />
          </Stack>
          <TextField
            label={t('setlists.form.notes')}
            multiline
            rows={3}
            {...register('notes')}
            error={Boolean(errors.notes)}
            helperText={fieldError(errors.notes?.message)}
          />
          <SongPicker
            options={songChoices.data ?? []}
            value={chosenSongs}
            loading={songChoices.isPending}
            error={songsError}
            disabled={busy}
            onAdd={(song) => order.append(songRow(song._id))}
            onRemove={(index) => {
              const place = songPlaces[index];
              if (place !== undefined) order.remove(place);
            }}
            // Clearing the songs keeps the items.
            onClear={() => order.remove(songPlaces)}
          />
        </Stack>
        <Box component="section" aria-labelledby={songOrderHeadingId}>
          <Typography id={songOrderHeadingId} variant="h6" component="h2" gutterBottom>
            {t('setlists.form.songOrderHeading')}
          </Typography>
          {order.fields.length === 0 ? (
            <Typography color="text.secondary">{t('setlists.form.noSongsChosen')}</Typography>
          ) : (
            <SongOrderList
              entries={orderEntries(
                order.fields.map((field, index) => ({ id: field.id, row: rows[index] ?? field })),
                songOf,
              )}
              control={control}
              members={members}
              onMove={order.move}
              onRepeat={(index) => {
                // A reprise: the same song, leader, key and tempo, once more at the end of the set.
                // Its duration is left to the planner: a reprise is seldom the whole song.
                const entry = getValues(`order.${index}`);
                if (entry?.kind === 'song') {
                  order.append(
                    songRow(entry.song, entry.leader ?? null, entry.key ?? null, entry.tempo),
                  );
                }
              }}
              onRemove={(index) => {
                order.remove(index);
                requestAnimationFrame(() => addItemRef.current?.focus());
              }}
              disabled={busy}
              away={away}
            />
          )}
          {orderError && <FormHelperText error>{fieldError(orderError)}</FormHelperText>}
          <Button
            ref={addItemRef}
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() =>
              order.append(emptyItemRow(), { focusName: `order.${order.fields.length}.title` })
            }
            disabled={busy || itemCount >= SETLIST_LIMITS.maxItems}
            sx={{ mt: 2 }}
          >
            {t('setlists.form.addItem')}
          </Button>
        </Box>
        <ClickOnStepField control={control} disabled={busy} />
        <ScreenLanguagesField
          control={control}
          languages={songLanguages}
          disabled={busy}
          error={errors.lyricLanguages?.message}
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {mayEdit && (
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {setlist ? t('setlists.form.update') : t('setlists.form.create')}
            </Button>
          )}
          {setlist && (
            <>
              <Button
                variant="outlined"
                size="large"
                onClick={() => setCloneOpen(true)}
                disabled={busy}
              >
                {t('setlists.form.clone')}
              </Button>
              {mayDelete && (
                <Button
                  color="error"
                  variant="outlined"
                  size="large"
                  onClick={() => setConfirmDelete(true)}
                  disabled={busy}
                >
                  {t('setlists.form.delete')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t('setlists.form.deleteTitle')}
        message={t('setlists.form.confirmDelete')}
        confirmLabel={t('setlists.form.delete')}
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
        title={t('setlists.form.assignAnyway')}
        message={awayPrompt?.message ?? ''}
        confirmLabel={t('setlists.form.assignAnywayButton')}
        onConfirm={() => awayPrompt?.resend()}
        onClose={() => setAwayPrompt(null)}
        pending={save.isPending || clone.isPending}
      />
    </>
  );
}
