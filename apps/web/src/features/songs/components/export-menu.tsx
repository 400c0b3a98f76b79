import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { exportLibraryZip, exportSongFile, SONG_EXPORT_FORMATS } from '../api/song-files.ts';
import { SONG_FILES_TEXTS as T } from './song-files-texts.ts';

interface ExportMenuProps {
  label: string;
  items: readonly { label: string; save: () => Promise<void> }[];
}

/** A button that opens a menu of files to save; a failed export says so in a toast. */
function ExportMenu({ label, items }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { showToast } = useToast();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      {/* Drawn beside its button, inside the page's main landmark, not at the end of the page. */}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        disablePortal
      >
        {items.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              setAnchor(null);
              item.save().catch((error: unknown) => {
                console.error('Export failed', error);
                showToast(T.exportFailed, 'error');
              });
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** One song as ChordPro, OpenLyrics, chords over words or Segue JSON. */
export function SongExportMenu({ songId }: { songId: string }) {
  return (
    <ExportMenu
      label={T.exportSong}
      items={SONG_EXPORT_FORMATS.map((format) => ({
        label: T.exportFormats[format],
        save: () => exportSongFile(songId, format),
      }))}
    />
  );
}

/** The whole library as a zip of ChordPro or OpenLyrics files, beside the spec's JSON export. */
export function LibraryZipExportMenu() {
  return (
    <ExportMenu
      label={T.exportFiles}
      items={(['chordpro', 'openlyrics'] as const).map((format) => ({
        label: T.exportZip[format],
        save: () => exportLibraryZip(format),
      }))}
    />
  );
}
