import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useT } from '../../../lib/i18n/i18n.ts';
import { TRANSPOSE_LIMIT } from './song-transpose.ts';

interface TransposeControlProps {
  /** The key shown now; null for a song without a key. */
  shownKey: string | null;
  steps: number;
  onChange: (steps: number) => void;
}

/** "Transpose − Key A (+2) +": moves the chords shown here, never the song. */
export function TransposeControl({ shownKey, steps, onChange }: TransposeControlProps) {
  const t = useT();
  // What the view shows now: "Key A (+2)", "Key G" when not moved; for a song without a key,
  // the semitones alone.
  const moved = steps > 0 ? `+${steps}` : `−${-steps}`;
  let state: string;
  if (shownKey === null) state = steps === 0 ? t('songs.view.asWritten') : moved;
  else if (steps === 0) state = t('songs.view.key', { key: shownKey });
  else state = t('songs.view.keyMoved', { key: shownKey, moved });
  return (
    <Stack
      role="group"
      aria-label={t('songs.view.transpose')}
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mr: 0.5 }}>
        {t('songs.view.transpose')}
      </Typography>
      <IconButton
        aria-label={t('songs.view.transposeDown')}
        onClick={() => onChange(steps - 1)}
        disabled={steps <= -TRANSPOSE_LIMIT}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        aria-live="polite"
        sx={{ minWidth: '7.5em', textAlign: 'center', fontWeight: 600 }}
      >
        {state}
      </Typography>
      <IconButton
        aria-label={t('songs.view.transposeUp')}
        onClick={() => onChange(steps + 1)}
        disabled={steps >= TRANSPOSE_LIMIT}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
