import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { KeyOptions } from '../../../components/key-options.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

interface EntryKeySelectProps {
  /** The full name for assistive technology, e.g. "Key for Amazing Grace". */
  accessibleName: string;
  /** The entry's key; none (null, '' or undefined) plays the song in its own key. */
  value: string | null | undefined;
  onChange: (key: string | null) => void;
  /** The key the song's stored chords sound in, named in the first option. */
  songKey: string | null;
  disabled?: boolean | undefined;
  sx?: SxProps<Theme> | undefined;
}

/**
 * The key one setlist entry is played in: the song's own key first, then the usual
 * keys. A native select, so a phone opens its own picker.
 */
export function EntryKeySelect({
  accessibleName,
  value,
  onChange,
  songKey,
  disabled = false,
  sx,
}: EntryKeySelectProps) {
  const t = useT();
  // A key the list does not spell this way (Gb, C#… saved through the API) stays choosable.
  return (
    <TextField
      select
      size="small"
      label={t('setlists.entry.key')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      disabled={disabled}
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        select: { native: true },
        // Many rows share the visible label: the name says which row this select belongs to.
        htmlInput: { 'aria-label': accessibleName },
      }}
    >
      <option value="">
        {songKey
          ? t('setlists.entry.songsKeyNamed', { key: songKey })
          : t('setlists.entry.songsKey')}
      </option>
      <KeyOptions value={value ?? null} />
    </TextField>
  );
}
