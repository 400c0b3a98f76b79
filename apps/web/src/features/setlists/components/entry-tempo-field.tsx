import type { Ref } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useT } from '../../../lib/i18n/i18n.ts';

interface EntryTempoFieldProps {
  /** The full name for assistive technology, e.g. "Tempo for Amazing Grace". */
  accessibleName: string;
  /** The tempo as typed; empty plays the song at its own tempo. */
  value: string | undefined;
  onChange: (text: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  /** The song's own tempo, shown in the empty field; null when the song has none. */
  songTempo: number | null;
  /** Set when the field holds no valid tempo: the id of the line that says why. */
  errorId?: string | undefined;
  disabled?: boolean | undefined;
  sx?: SxProps<Theme> | undefined;
}

/**
 * The tempo one setlist entry is played at, in BPM: empty for the song's own, which the empty
 * field shows. The click counts this tempo in (docs/DECISIONS.md, "The click").
 */
export function EntryTempoField({
  accessibleName,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  songTempo,
  errorId,
  disabled = false,
  sx,
}: EntryTempoFieldProps) {
  const t = useT();
  return (
    <TextField
      size="small"
      label={t('setlists.entry.tempo')}
      placeholder={songTempo === null ? '' : t('setlists.entry.songsTempo', { bpm: songTempo })}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      name={name}
      inputRef={inputRef}
      disabled={disabled}
      error={errorId !== undefined}
      sx={sx}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          // Many rows share the visible label: the name says which row this field belongs to.
          'aria-label': accessibleName,
          'aria-describedby': errorId,
          inputMode: 'numeric',
          maxLength: 3,
          autoComplete: 'off',
        },
      }}
    />
  );
}
