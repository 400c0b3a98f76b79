import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DownloadIcon from '@mui/icons-material/Download';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { exportLibraryZip, exportSongFile, SONG_EXPORT_FORMATS } from '../api/song-files.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const EXPORT_FORMAT_LABELS = {
  chordpro: 'songs.files.exportChordPro',
  openlyrics: 'songs.files.exportOpenLyrics',
  text: 'songs.files.exportText',
  json: 'songs.files.exportJson',
} as const;

const EXPORT_ZIP_LABELS = {
  chordpro: 'songs.files.exportZipChordPro',
  openlyrics: 'songs.files.exportZipOpenLyrics',
} as const;

interface ExportMenuProps {
  label: string;
  items: readonly { label: string; save: () => Promise<void> }[];
}

/** A button that opens a menu of files to save; a failed export says so in a toast. */
function ExportMenu({ label, items }: ExportMenuProps) {
  const t = useT();
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
                showToast(t('songs.files.exportFailed'), 'error');
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
  const t = useT();
  return (
    <ExportMenu
      label={t('songs.files.exportSong')}
      items={SONG_EXPORT_FORMATS.map((format) => ({
        label: t(EXPORT_FORMAT_LABELS[format]),
        save: () => exportSongFile(songId, format),
      }))}
    />
  );
}

/** The whole library as a zip of ChordPro or OpenLyrics files, beside the spec's JSON export. */
export function LibraryZipExportMenu() {
  const t = useT();
  return (
    <ExportMenu
      label={t('songs.files.exportFiles')}
      items={(['chordpro', 'openlyrics'] as const).map((format) => ({
        label: t(EXPORT_ZIP_LABELS[format]),
        save: () => exportLibraryZip(format),
      }))}
    />
  );
}
