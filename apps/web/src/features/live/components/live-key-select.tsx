import TextField from '@mui/material/TextField';
import { KeyOptions } from '../../../components/key-options.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

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
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={t('live.bandKey')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      helperText={t('live.bandKeyHint')}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('live.songsOwnKey', { key: songKey })}</option>
      <KeyOptions value={value} />
    </TextField>
  );
}
