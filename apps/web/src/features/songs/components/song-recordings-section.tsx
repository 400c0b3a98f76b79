import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLinkIcon from '@mui/icons-material/AddLink';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  linkNameOf,
  MEDIA_LIMITS,
  RecordingUploadQuerySchema,
  SongLinkInputSchema,
} from '@segue/shared';
import type { Recording, SongLink, SongMedia } from '@segue/shared';
import { errorMessage, NetworkError } from '../../../lib/api-client.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { offlineRecordings } from '../../../lib/storage.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import {
  useAddSongLink,
  useDeleteRecording,
  useDeleteSongLink,
  useRecordingAudio,
  useSongMedia,
  useUploadRecording,
} from '../api/song-media.ts';
import { useReportPlay } from '../api/listening.ts';
import { durationText, recordingNameOf, usageText } from './recordings-texts.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';

/**
 * What the file picker offers: audio, and the extensions of the types the server plays, for
 * systems that do not know a FLAC or an M4A as audio. The server decides by the bytes.
 */
const ACCEPTED_FILES = 'audio/*,.mp3,.m4a,.mp4,.aac,.ogg,.oga,.opus,.wav,.flac';

const LIST_SX = { listStyle: 'none', p: 0, m: 0 } as const;
const ITEM_SX = { py: 1.5, borderBottom: 1, borderColor: 'divider' } as const;

interface SongRecordingsSectionProps {
  teamId: string;
  songId: string;
  /** Whether the caller may edit this song: then they add and delete recordings and links. */
  mayEdit: boolean;
}

type Deleting = { kind: 'recording' | 'link'; id: string; name: string };

/**
 * A song's recordings to rehearse with and its reference links (docs/DECISIONS.md, "Recordings
 * on a song"). Every member lists and plays them; those who may edit the song add and delete.
 * Each change is saved at once.
 */
export function SongRecordingsSection({ teamId, songId, mayEdit }: SongRecordingsSectionProps) {
  const t = useT();
  const media = useSongMedia(teamId, songId);
  const headingId = useId();

  let content;
  if (media.isPending)
    content = <CircularProgress aria-label={t('songs.recordings.loading')} size={28} />;
  else if (media.error instanceof NetworkError) {
    // The song's recordings are not kept on this device (only on request): no alarm, just why.
    content = (
      <Typography color="text.secondary">{t('songs.recordings.needsConnection')}</Typography>
    );
  } else if (media.isError) {
    content = (
      <Alert severity="error">
        {errorMessage(media.error, t('songs.recordings.failedToLoad'))}
      </Alert>
    );
  } else {
    content = <LoadedMedia teamId={teamId} songId={songId} media={media.data} mayEdit={mayEdit} />;
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        {t('songs.recordings.heading')}
      </Typography>
      {content}
    </Box>
  );
}

interface LoadedMediaProps {
  teamId: string;
  songId: string;
  media: SongMedia;
  mayEdit: boolean;
}

function LoadedMedia({ teamId, songId, media, mayEdit }: LoadedMediaProps) {
  const t = useT();
  const changesAllowed = useChangesAllowed();
  const { currentTeam } = useCurrentTeam();
  const reportPlay = useReportPlay(songId);
  const { showToast } = useToast();
  // The server's own words for what it refused: the type it read, the size, the quota.
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const deleteRecording = useDeleteRecording(teamId);
  const deleteLink = useDeleteSongLink(teamId, songId);
  const linksHeadingId = useId();

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: () => {
        setDeleting(null);
        showToast(
          deleting.kind === 'recording'
            ? t('songs.recordings.recordingDeleted')
            : t('songs.recordings.linkDeleted'),
          'success',
        );
      },
      onError: (error: Error) => {
        setDeleting(null);
        setProblem(errorMessage(error, t('songs.recordings.deleteFailed')));
      },
    };
    setProblem(null);
    if (deleting.kind === 'recording') deleteRecording.mutate(deleting.id, done);
    else deleteLink.mutate(deleting.id, done);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {usageText(media.usedBytes, media.quotaBytes)}
      </Typography>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {media.recordings.length === 0 ? (
        <Typography>{t('songs.recordings.none')}</Typography>
      ) : (
        <Box component="ul" sx={LIST_SX}>
          {media.recordings.map((recording) => (
            <RecordingItem
              key={recording.id}
              recording={recording}
              mayDelete={mayEdit}
              deleteDisabled={!changesAllowed}
              onDelete={() =>
                setDeleting({ kind: 'recording', id: recording.id, name: recording.name })
              }
              onPlay={reportPlay}
            />
          ))}
        </Box>
      )}
      {currentTeam?.shareListening && media.recordings.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('songs.recordings.listeningNotice')}
        </Typography>
      )}
      {mayEdit && (
        <AddRecording
          teamId={teamId}
          songId={songId}
          disabled={!changesAllowed}
          onStart={() => setProblem(null)}
          onProblem={setProblem}
        />
      )}
      <Box component="section" aria-labelledby={linksHeadingId} sx={{ pt: 1 }}>
        <Typography id={linksHeadingId} variant="h6" component="h3" gutterBottom>
          {t('songs.recordings.linksHeading')}
        </Typography>
        {media.links.length === 0 ? (
          <Typography>{t('songs.recordings.noLinks')}</Typography>
        ) : (
          <Box component="ul" sx={LIST_SX}>
            {media.links.map((link) => (
              <LinkItem
                key={link.id}
                link={link}
                mayDelete={mayEdit}
                deleteDisabled={!changesAllowed}
                onDelete={() => setDeleting({ kind: 'link', id: link.id, name: link.name })}
              />
            ))}
          </Box>
        )}
        {mayEdit && (
          <AddLinkForm
            teamId={teamId}
            songId={songId}
            disabled={!changesAllowed}
            onStart={() => setProblem(null)}
            onProblem={setProblem}
          />
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.kind === 'link'
            ? t('songs.recordings.deleteLinkTitle')
            : t('songs.recordings.deleteRecordingTitle')
        }
        message={
          deleting === null
            ? ''
            : deleting.kind === 'link'
              ? t('songs.recordings.deleteLinkMessage', { name: deleting.name })
              : t('songs.recordings.deleteRecordingMessage', { name: deleting.name })
        }
        confirmLabel={t('songs.recordings.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        pending={deleteRecording.isPending || deleteLink.isPending}
      />
    </Stack>
  );
}

interface RecordingItemProps {
  recording: Recording;
  mayDelete: boolean;
  deleteDisabled: boolean;
  onDelete: () => void;
  /** Told each time the recording starts playing. */
  onPlay?: () => void;
}

/** One recording: its name, length and who added it; Play fetches it and starts the player. */
export function RecordingItem({
  recording,
  mayDelete,
  deleteDisabled,
  onDelete,
  onPlay,
}: RecordingItemProps) {
  const t = useT();
  const audio = useRecordingAudio(recording.id);
  const player = useRef<HTMLAudioElement>(null);
  const { url } = audio;

  // Play was asked for: once the file is here, it plays (a browser that refuses to start it
  // without a fresh tap still shows the player's own button).
  useEffect(() => {
    if (url) player.current?.play().catch(() => undefined);
  }, [url]);

  return (
    <Box component="li" sx={ITEM_SX}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {recording.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <Box component="span" sx={visuallyHidden}>
              {`${t('songs.recordings.lengthLabel')} `}
            </Box>
            {durationText(recording.durationMs)}
            {' · '}
            {addedByText(recording.addedBy?.name ?? null)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          {!url && (
            <Button
              startIcon={audio.isLoading ? <CircularProgress size={16} /> : <PlayArrowIcon />}
              onClick={audio.load}
              disabled={audio.isLoading}
              aria-label={t('songs.recordings.playLabel', { name: recording.name })}
            >
              {audio.isLoading ? t('songs.recordings.loadingAudio') : t('songs.recordings.play')}
            </Button>
          )}
          {mayDelete && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={onDelete}
              disabled={deleteDisabled}
              aria-label={t('songs.recordings.deleteRecordingLabel', { name: recording.name })}
            >
              {t('songs.recordings.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      {url && (
        <Box
          component="audio"
          ref={player}
          controls
          src={url}
          onPlay={onPlay}
          aria-label={t('songs.recordings.playerLabel', { name: recording.name })}
          sx={{ display: 'block', width: '100%', mt: 1 }}
        />
      )}
      {audio.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {audio.error instanceof NetworkError
            ? t(
                offlineRecordings.get()
                  ? 'songs.recordings.notKeptKeeping'
                  : 'songs.recordings.notKeptOff',
              )
            : errorMessage(audio.error, t('songs.recordings.playFailed'))}
        </Alert>
      )}
    </Box>
  );
}

interface LinkItemProps {
  link: SongLink;
  mayDelete: boolean;
  deleteDisabled: boolean;
  onDelete: () => void;
}

/** Where a link leads, said beside its name: the name is the team's, the host is the truth. */
/** Who added a recording or a link; an account deleted since is said so. */
function addedByText(name: string | null): string {
  return name === null
    ? translate('songs.recordings.addedByDeletedAccount')
    : translate('songs.recordings.addedBy', { name });
}

function hostOf(url: string): string {
  try {
    return linkNameOf(url);
  } catch {
    return url;
  }
}

/** One reference link: it opens in a new tab that cannot reach back to Segue. */
export function LinkItem({ link, mayDelete, deleteDisabled, onDelete }: LinkItemProps) {
  const t = useT();
  const host = hostOf(link.url);
  return (
    <Box component="li" sx={ITEM_SX}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Link
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
          >
            {link.name}
            <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} />
            <Box component="span" sx={visuallyHidden}>
              {` ${t('songs.recordings.opensInNewTab')}`}
            </Box>
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[host === link.name ? null : host, addedByText(link.addedBy?.name ?? null)]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        {mayDelete && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={onDelete}
            disabled={deleteDisabled}
            aria-label={t('songs.recordings.deleteLinkLabel', { name: link.name })}
          >
            {t('songs.recordings.delete')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

interface AddProps {
  teamId: string;
  songId: string;
  disabled: boolean;
  onStart: () => void;
  onProblem: (text: string) => void;
}

/**
 * "Add recording" opens the file picker; the chosen file is then named (its file name without
 * the extension, to begin with) and uploaded.
 */
function AddRecording({ teamId, songId, disabled, onStart, onProblem }: AddProps) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  const choose = (chosen: File) => {
    onStart();
    // Known before sending: a file past the limit would be refused only once it was all sent.
    if (chosen.size > MEDIA_LIMITS.maxFileBytes) onProblem(t('songs.recordings.tooLarge'));
    else if (chosen.size === 0) onProblem(t('songs.recordings.empty'));
    else setFile(chosen);
  };

  return (
    <Box>
      {/* A plain button that opens the file picker: a label dressed as a button is a role axe
          refuses on a label. */}
      {!file && (
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
        >
          {t('songs.recordings.addRecording')}
        </Button>
      )}
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label={t('songs.recordings.chooseFile')}
        accept={ACCEPTED_FILES}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (chosen) choose(chosen);
        }}
      />
      {file && (
        <UploadRecordingForm
          key={`${file.name}/${file.size}/${file.lastModified}`}
          teamId={teamId}
          songId={songId}
          file={file}
          disabled={disabled}
          onDone={() => setFile(null)}
          onProblem={onProblem}
        />
      )}
    </Box>
  );
}

interface UploadRecordingFormProps {
  teamId: string;
  songId: string;
  file: File;
  disabled: boolean;
  onDone: () => void;
  onProblem: (text: string) => void;
}

function UploadRecordingForm({
  teamId,
  songId,
  file,
  disabled,
  onDone,
  onProblem,
}: UploadRecordingFormProps) {
  const t = useT();
  const upload = useUploadRecording(teamId, songId);
  const { showToast } = useToast();
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RecordingUploadQuerySchema),
    defaultValues: { name: recordingNameOf(file.name) },
  });

  const onSubmit = handleSubmit(({ name }) => {
    upload.mutate(
      { file, name: name ?? recordingNameOf(file.name) },
      {
        onSuccess: () => {
          showToast(t('songs.recordings.uploaded'), 'success');
          onDone();
        },
        onError: (error) => {
          onProblem(errorMessage(error, t('songs.recordings.uploadFailed')));
          onDone();
        },
      },
    );
  });

  return (
    <Stack
      component="form"
      noValidate
      aria-labelledby={formId}
      onSubmit={(event) => void onSubmit(event)}
      spacing={1.5}
    >
      <Typography id={formId} variant="subtitle1" component="h3">
        {t('songs.recordings.addRecording')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('songs.recordings.fileChosen', { fileName: file.name })}
      </Typography>
      <TextField
        {...register('name')}
        label={t('songs.recordings.nameLabel')}
        required
        autoFocus
        fullWidth
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={fieldError(errors.name?.message)}
        slotProps={{ htmlInput: { maxLength: MEDIA_LIMITS.nameMax } }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={disabled || upload.isPending}>
          {upload.isPending ? t('songs.recordings.uploading') : t('songs.recordings.upload')}
        </Button>
        <Button onClick={onDone} disabled={upload.isPending}>
          {t('songs.recordings.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Adds a reference link: an https address, and a name (the address's host when left empty). */
function AddLinkForm({ teamId, songId, disabled, onStart, onProblem }: AddProps) {
  const t = useT();
  const add = useAddSongLink(teamId, songId);
  const { showToast } = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SongLinkInputSchema),
    defaultValues: { url: '', name: '' },
  });

  const onSubmit = handleSubmit((input) => {
    onStart();
    add.mutate(input, {
      onSuccess: () => {
        reset({ url: '', name: '' });
        showToast(t('songs.recordings.linkAdded'), 'success');
      },
      onError: (error) => onProblem(errorMessage(error, t('songs.recordings.addLinkFailed'))),
    });
  });

  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('songs.recordings.addLink')}
      onSubmit={(event) => void onSubmit(event)}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' }, mt: 2 }}
    >
      <TextField
        {...register('url')}
        label={t('songs.recordings.linkUrlLabel')}
        type="url"
        required
        fullWidth
        autoComplete="off"
        placeholder="https://"
        error={Boolean(errors.url)}
        helperText={fieldError(errors.url?.message) ?? t('songs.recordings.linkUrlHint')}
        slotProps={{ htmlInput: { maxLength: MEDIA_LIMITS.urlMax, inputMode: 'url' } }}
      />
      <TextField
        {...register('name', {
          // Left empty, the link is named after its host by the server.
          setValueAs: (value: string) => (value.trim() === '' ? undefined : value),
        })}
        label={t('songs.recordings.linkNameLabel')}
        fullWidth
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={fieldError(errors.name?.message)}
        slotProps={{ htmlInput: { maxLength: MEDIA_LIMITS.nameMax } }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<AddLinkIcon />}
        disabled={disabled || add.isPending}
        sx={{ flexShrink: 0, height: { md: 56 } }}
      >
        {t('songs.recordings.addLink')}
      </Button>
    </Stack>
  );
}
