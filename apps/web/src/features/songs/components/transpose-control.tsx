import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { SONG_VIEW_TEXTS as T } from './song-view-texts.ts';
import { TRANSPOSE_LIMIT } from './song-transpose.ts';

interface TransposeControlProps {
  /** The key shown now; null for a song without a key. */
  shownKey: string | null;
  steps: number;
  onChange: (steps: number) => void;
}

/** "Transpose − Key A (+2) +": moves the chords shown here, never the song. */
export function TransposeControl({ shownKey, steps, onChange }: TransposeControlProps) {
  return (
    <Stack
      role="group"
      aria-label={T.transpose}
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mr: 0.5 }}>
        {T.transpose}
      </Typography>
      <IconButton
        aria-label={T.transposeDown}
        onClick={() => onChange(steps - 1)}
        disabled={steps <= -TRANSPOSE_LIMIT}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        aria-live="polite"
        sx={{ minWidth: '7.5em', textAlign: 'center', fontWeight: 600 }}
      >
        {T.transposeState(shownKey, steps)}
      </Typography>
      <IconButton
        aria-label={T.transposeUp}
        onClick={() => onChange(steps + 1)}
        disabled={steps >= TRANSPOSE_LIMIT}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
