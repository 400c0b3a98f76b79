import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { SongSummarySchema } from '@segue/shared';
import { apiFetch, errorMessage } from '../../../lib/api-client.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { convertSongFile } from '../api/song-files.ts';
import { songKeys } from '../api/songs.ts';
import {
  chosenSongs,
  previewSongs,
  takenIdentities,
  warningText,
  type PreviewFile,
  type PreviewSong,
} from './song-files-preview.ts';
import { t as translate, useT } from '../../../lib/i18n/i18n.ts';

/** The library's titles and artists, to flag songs it holds already. */
/** A format's name; "text" is said in words. */
function formatName(format: string): string {
  return format === 'text' ? translate('songs.files.formatText') : (FORMAT_NAMES[format] ?? format);
}

// Formats' own names, the same in every language.
/* eslint-disable lingui/no-unlocalized-strings */
const FORMAT_NAMES: Record<string, string> = {
  chordpro: 'ChordPro',
  openlyrics: 'OpenLyrics',
  opensong: 'OpenSong',
  songselect: 'SongSelect',
};
/* eslint-enable lingui/no-unlocalized-strings */

function libraryIdentities(teamId: string) {
  return {
    queryKey: [...songKeys.team(teamId), 'identities'],
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      SongSummarySchema.array().parse(await apiFetch('/songs?fields=summary', { signal })),
  };
}

/**
 * "Add from file": files of any format Segue reads, dropped or chosen, are read by the
 * server into a preview of every song (title, parts, key and capo as read, and the warnings);
 * nothing is saved until the user adds all of them, or the ones they pick.
 */
export function AddFromFileButton({ teamId }: { teamId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('songs.files.addFromFile')}
      </Button>
      {open && <AddFromFileDialog teamId={teamId} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddFromFileDialog({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  // Asked for as the dialog opens; a file read before it arrives waits for it (below).
  useQuery(libraryIdentities(teamId));
  const fullScreen = usePhoneLayout();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const nextId = useRef(0);
  const [files, setFiles] = useState<PreviewFile[]>([]);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ added: number; failures: string[] } | null>(null);
  const [dragging, setDragging] = useState(false);

  const readFiles = (chosen: FileList | null) => {
    for (const file of Array.from(chosen ?? [])) {
      const id = nextId.current++;
      setFiles((all) => [...all, { id, name: file.name, state: 'reading' }]);
      // The library must be known before a song is flagged as in it (and left unchosen).
      Promise.all([
        convertSongFile(file),
        // Unreadable library: the preview still shows, without "Already in the library".
        queryClient.ensureQueryData(libraryIdentities(teamId)).catch(() => []),
      ]).then(
        ([answer, library]) =>
          setFiles((all) =>
            all.map((f) =>
              f.id !== id
                ? f
                : {
                    id,
                    name: file.name,
                    state: 'read',
                    format: answer.format,
                    songs: previewSongs(
                      id,
                      answer,
                      takenIdentities(
                        library,
                        all.filter((other) => other.id !== id),
                      ),
                    ),
                    warnings: answer.warnings.map((w) => warningText(w, answer.songs.length)),
                  },
            ),
          ),
        (error: unknown) =>
          setFiles((all) =>
            all.map((f) =>
              f.id === id
                ? { id, name: file.name, state: 'failed', reason: errorMessage(error, '') }
                : f,
            ),
          ),
      );
    }
  };

  const toggle = (songId: string) =>
    setFiles((all) =>
      all.map((file) =>
        file.state !== 'read'
          ? file
          : {
              ...file,
              songs: file.songs.map((s) => (s.id === songId ? { ...s, chosen: !s.chosen } : s)),
            },
      ),
    );

  const chosen = chosenSongs(files);
  const save = async () => {
    setSaving(true);
    const outcomes = new Map<string, PreviewSong['outcome']>();
    const failures: string[] = [];
    let added = 0;
    for (const [index, { id, song }] of chosen.entries()) {
      try {
        await apiFetch('/songs', { method: 'POST', body: song });
        outcomes.set(id, { saved: true });
        added += 1;
      } catch (error) {
        const reason = errorMessage(error, '');
        outcomes.set(id, { saved: false, reason });
        failures.push(t('songs.files.songFailed', { n: index + 1, reason }));
      }
    }
    setFiles((all) =>
      all.map((file) =>
        file.state !== 'read'
          ? file
          : {
              ...file,
              songs: file.songs.map((s) =>
                outcomes.has(s.id) ? { ...s, outcome: outcomes.get(s.id) ?? null } : s,
              ),
            },
      ),
    );
    setResult({ added, failures });
    setSaving(false);
    void queryClient.invalidateQueries({ queryKey: songKeys.team(teamId) });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    readFiles(event.dataTransfer.files);
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle>{t('songs.files.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
            }}
          >
            <Typography sx={{ mb: 1.5 }}>{t('songs.files.dropHint')}</Typography>
            <input
              ref={input}
              id={inputId}
              type="file"
              multiple
              hidden
              aria-label={t('songs.files.chooseFilesLabel')}
              onChange={(event) => {
                readFiles(event.target.files);
                event.target.value = '';
              }}
            />
            <Button variant="contained" onClick={() => input.current?.click()}>
              {t('songs.files.chooseFiles')}
            </Button>
          </Box>

          {result && (
            <Alert severity={result.failures.length > 0 ? 'warning' : 'success'} role="status">
              {t('songs.files.added', { count: result.added })}
              {result.failures.map((failure) => (
                <div key={failure}>{failure}</div>
              ))}
            </Alert>
          )}

          {files.map((file) => (
            <FilePreview key={file.id} file={file} onToggle={toggle} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {result ? t('songs.files.close') : t('songs.files.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving || chosen.length === 0}
        >
          {saving ? t('songs.files.saving') : t('songs.files.saveChosen', { count: chosen.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One file of the preview: its songs with a choice each, or why it could not be read. */
function FilePreview({ file, onToggle }: { file: PreviewFile; onToggle: (id: string) => void }) {
  const t = useT();
  if (file.state === 'reading') {
    return (
      <Typography color="text.secondary">
        {t('songs.files.reading', { name: file.name })}
      </Typography>
    );
  }
  if (file.state === 'failed') {
    return (
      <Alert severity="error">
        {t('songs.files.fileFailed', { name: file.name, reason: file.reason })}
      </Alert>
    );
  }
  return (
    <Box component="section" aria-label={file.name}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t('songs.files.readAs', { name: file.name, format: formatName(file.format) })}
      </Typography>
      {file.warnings.length > 0 && (
        <Alert severity="info" sx={{ my: 1 }}>
          {file.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {file.songs.map((preview) => (
          <SongPreview key={preview.id} preview={preview} onToggle={onToggle} />
        ))}
      </Stack>
    </Box>
  );
}

function SongPreview({
  preview,
  onToggle,
}: {
  preview: PreviewSong;
  onToggle: (id: string) => void;
}) {
  const t = useT();
  const { song, duplicate, chosen, outcome } = preview;
  const title = song.title.trim() || t('songs.files.untitled');
  const labels = song.parts.map((part) => part.label || '—');
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Checkbox
        checked={chosen && !outcome?.saved}
        disabled={outcome?.saved === true}
        onChange={() => onToggle(preview.id)}
        slotProps={{ input: { 'aria-label': t('songs.files.chooseSong', { title }) } }}
      />
      <Box sx={{ minWidth: 0, pt: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{title}</Typography>
          {song.artist && <Typography color="text.secondary">{song.artist}</Typography>}
          {duplicate && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('songs.files.duplicate')}
            />
          )}
          {outcome?.saved && (
            <Chip size="small" color="success" variant="outlined" label={t('songs.files.saved')} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[
            song.key ? t('songs.files.key', { key: song.key }) : t('songs.files.noKey'),
            song.capo > 0 ? t('songs.files.capo', { capo: song.capo }) : null,
            t('songs.files.partCount', { count: song.parts.length }),
          ]
            .filter(Boolean)
            .join(' · ')}
          {labels.length > 0 ? `: ${labels.join(', ')}` : ''}
        </Typography>
        {outcome && !outcome.saved && (
          <Typography variant="body2" color="error">
            {outcome.reason}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
