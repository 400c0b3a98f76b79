import TextField from '@mui/material/TextField';
import { KeyOptions } from '../../../components/key-options.tsx';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

interface LiveKeySelectProps {
  /** The key the song is played in now (the entry's), or null for the song's own. */
  value: string | null;
  /** The key the song's stored chords sound in. */
  songKey: string;
  onChange: (key: string | null) => void;
}

/**
 * A driver's key for the current song, for the whole band: "let's take it up a
 * step", and every musician's chart moves at once, each in their own capo and notation.
 */
export function LiveKeySelect({ value, songKey, onChange }: LiveKeySelectProps) {
  return (
    <TextField
      select
      size="small"
      label={T.bandKey}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      helperText={T.bandKeyHint}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{T.songsOwnKey(songKey)}</option>
      <KeyOptions value={value} />
    </TextField>
  );
}
