import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  ImportFileError,
  exportLibrary,
  importFailureText,
  readImportFile,
  useImportSongs,
} from '../api/library-file.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The outcome of the last export or import, shown under the buttons until the next one. */
interface Outcome {
  severity: 'success' | 'error';
  text: string;
}

interface LibraryFileButtonsProps {
  team: { _id: string; name: string };
}

/**
 * Export Library and Import Library, for the team's creator only (spec section 6). Results and
 * failures use the spec's texts (section 8) in the page beside the buttons, not in browser
 * alerts (docs/DECISIONS.md, Song files, "Song entry"); a failed import says why. After an
 * import the list is fetched again.
 */
export function LibraryFileButtons({ team }: LibraryFileButtonsProps) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const importSongs = useImportSongs(team._id);
  const [exporting, setExporting] = useState(false);
  const [importCount, setImportCount] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = exporting || importCount !== null;

  const onExport = async () => {
    setExporting(true);
    setOutcome(null);
    try {
      await exportLibrary(team);
    } catch (error) {
      console.error('Failed to export the song library', error);
      setOutcome({ severity: 'error', text: t('songs.failedToExport') });
    } finally {
      setExporting(false);
    }
  };

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again fires another change.
    input.value = '';
    if (!file) return;
    setOutcome(null);
    try {
      const songs = await readImportFile(file);
      setImportCount(songs.length);
      const { imported, skipped } = await importSongs.mutateAsync(songs);
      setOutcome({ severity: 'success', text: t('songs.imported', { imported, skipped }) });
    } catch (error) {
      // The reason shows in the page; anything unexpected is kept in the console too.
      if (!(error instanceof ApiRequestError || error instanceof ImportFileError)) {
        console.error('Failed to import the song library', error);
      }
      setOutcome({ severity: 'error', text: importFailureText(error) });
    } finally {
      setImportCount(null);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          onClick={() => void onExport()}
          disabled={busy}
        >
          {t('songs.exportLibrary')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileUploadIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={busy}
        >
          {t('songs.importLibrary')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label={t('songs.libraryFile')}
          hidden
          onChange={(event) => void onFileChosen(event)}
        />
      </Stack>
      {importCount !== null && (
        <Box sx={{ minWidth: 240 }}>
          <LinearProgress aria-label={t('songs.importingSongsLabel')} />
          <Typography role="status" variant="body2" sx={{ mt: 0.5 }}>
            {t('songs.importingSongs', { count: importCount })}
          </Typography>
        </Box>
      )}
      {outcome && (
        <Alert
          severity={outcome.severity}
          // A result is news; a failure needs attention now.
          role={outcome.severity === 'success' ? 'status' : 'alert'}
          onClose={() => setOutcome(null)}
          sx={{ maxWidth: { sm: 480 } }}
        >
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
