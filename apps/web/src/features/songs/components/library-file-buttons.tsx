import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { SONG_TEXTS } from '@segue/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { exportLibrary, readImportFile, useImportSongs } from '../api/library-file.ts';
import { SONG_SCREEN_TEXTS } from './song-texts.ts';

interface LibraryFileButtonsProps {
  team: { _id: string; name: string };
}

/**
 * Export Library and Import Library, for the team's creator only (spec section 6). Results and
 * failures are browser alerts, as the spec quotes them (section 8); an import ends in a reload.
 */
export function LibraryFileButtons({ team }: LibraryFileButtonsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importSongs = useImportSongs();
  const [exporting, setExporting] = useState(false);
  const [importCount, setImportCount] = useState<number | null>(null);
  const busy = exporting || importCount !== null;

  const onExport = async () => {
    setExporting(true);
    try {
      await exportLibrary(team);
    } catch (error) {
      console.error('Failed to export the song library', error);
      window.alert(SONG_TEXTS.failedToExport);
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
    try {
      const songs = await readImportFile(file);
      setImportCount(songs.length);
      const { imported, skipped } = await importSongs.mutateAsync(songs);
      window.alert(SONG_TEXTS.imported(imported, skipped));
      window.location.reload();
    } catch (error) {
      // The server names the first bad song ("Song 3: Title is required."); the console keeps it.
      const detail = error instanceof ApiRequestError && error.error ? error.error : error;
      console.error('Failed to import the song library:', detail);
      window.alert(SONG_TEXTS.failedToImport);
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
          {SONG_SCREEN_TEXTS.exportLibrary}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileUploadIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={busy}
        >
          {SONG_SCREEN_TEXTS.importLibrary}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label={SONG_SCREEN_TEXTS.libraryFile}
          hidden
          onChange={(event) => void onFileChosen(event)}
        />
      </Stack>
      {importCount !== null && (
        <Box sx={{ minWidth: 240 }}>
          <LinearProgress aria-label={SONG_SCREEN_TEXTS.importingSongsLabel} />
          <Typography role="status" variant="body2" sx={{ mt: 0.5 }}>
            {SONG_SCREEN_TEXTS.importingSongs(importCount)}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
